import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { Database } from '@db/client.ts';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { AppConfig } from './config/env.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  refuseNulInUrl,
  refuseWhileClosing,
} from './http/framework-errors.ts';
import { registerApiErrors } from './plugins/api-errors.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { registerObservability } from './plugins/observability.ts';
import { registerReactRouter } from './plugins/react-router.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStaffAuth } from './plugins/staff-auth.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { alertRoutes } from './routes/alerts.ts';
import { catalogueRoutes } from './routes/api/catalogue.ts';
import { leadRoutes } from './routes/api/leads.ts';
import { testDriveRoutes } from './routes/api/test-drives.ts';
import { consentRoutes } from './routes/consents.ts';
import { feedRoutes } from './routes/feeds.ts';
import { healthRoutes } from './routes/health.ts';
import { mediaRoutes } from './routes/media.ts';
import { rightsRoutes } from './routes/rights.ts';
import { PeerInvalidation } from './services/catalogue/peer-invalidation.ts';
import { createServices, type Services } from './services/container.ts';
import { configureSharp } from './services/images/decode-gate.ts';
import { publishCurrentPolicy } from './services/privacy/publish-current-policy.ts';

export interface RouteEntry {
  method: string;
  url: string;
  /** The route takes unsafe requests without the CSRF check (`config: { csrf: false }`). */
  csrfExempt: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    routeTable: readonly RouteEntry[];
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Serve pages too (off in API-only tests). 'development' runs Vite inside the server. */
  pages?: 'production' | 'development' | false;
  /** Folder with the output of `react-router build`. */
  buildDir?: string | undefined;
  /** true: JSON lines on stdout; a stream: the same lines there (tests read them). */
  logger?: boolean | { stream: NodeJS.WritableStream };
  /** How long a client may take; tests shorten them to see a stalled client dropped. */
  timeouts?: Partial<ServerTimeouts>;
}

export interface ServerTimeouts {
  /** The whole request, headers and body, must arrive within this. */
  requestMs: number;
  /** A connection with no traffic at all is closed after this. */
  idleMs: number;
  /** How often Node looks for requests past `requestMs` (a stalled client is dropped at most this late). */
  checkEveryMs: number;
}

const DEFAULT_TIMEOUTS: ServerTimeouts = { requestMs: 30_000, idleMs: 60_000, checkEveryMs: 30_000 };

/** Builds the whole HTTP application; `main.ts` listens with it and tests call `inject` on it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  configureSharp();
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    // Trust exactly as many proxy hops as configured, so X-Forwarded-For cannot be forged past them.
    trustProxy: (_address: string, hop: number) => hop < options.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A stalled client is dropped instead of holding a socket forever.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    // Node enforces requestTimeout on a request whose body is still arriving only when it is given to the server's
    // constructor (Fastify sets it afterwards, which covers the headers alone), so it is passed here too.
    http: { requestTimeout: timeouts.requestMs, connectionsCheckingInterval: timeouts.checkEveryMs },
    forceCloseConnections: 'idle',
    // Requests that arrive while closing get the Spanish 503 of refuseWhileClosing instead.
    return503OnClosing: false,
    // Every log line and every error answer carries this id; a client cannot choose it.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // One line per request comes from the observability plugin, without addresses or query strings.
    logController: new LogController({ disableRequestLogging: true }),
    // Refusals made before any route runs answer in Spanish JSON too.
    frameworkErrors: frameworkErrorHandler({ https: options.config.publicUrl.startsWith('https://') }),
    clientErrorHandler,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  refuseWhileClosing(app);
  refuseNulInUrl(app);
  app.decorate('services', createServices(options.config, options.database));
  registerObservability(app, options.config.metricsToken);
  const { pool } = options.database;
  if (pool) {
    // Several instances on one PostgreSQL: a stock change on one reaches the caches of all.
    const peers = new PeerInvalidation(pool, app.services.catalogue, app.log);
    app.addHook('onReady', () => peers.start());
    app.addHook('onClose', () => peers.stop());
  }
  // Every route as registered (pattern + methods): the authorization tests walk it, so no route escapes them.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const csrfExempt = route.config?.csrf === false;
    for (const method of methods)
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, csrfExempt });
  });

  // Pages and JSON shrink about 7×; brotli at quality 5 costs what quality 4 does (~1.3 ms for the home page) and
  // makes pages 7% smaller. Kept pages asked for again get quality 11 once (PageCache). Images are compressed.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  registerSecurityHeaders(app, { https: options.config.publicUrl.startsWith('https://') });
  registerApiErrors(app);
  await app.register(healthRoutes);
  registerCsrf(app);
  await app.register(catalogueRoutes);
  await app.register(feedRoutes);
  await app.register(leadRoutes);
  await app.register(testDriveRoutes);
  await app.register(rightsRoutes);
  await app.register(consentRoutes);
  await app.register(alertRoutes);
  registerStaffAuth(app);
  await app.register(adminRoutes);
  app.addHook('onClose', () => app.services.outbox.stop());
  app.addHook('onClose', () => app.services.reminders.stop());
  app.addHook('onClose', () => app.services.retention.stop());
  app.addHook('onClose', () => app.services.alerts.stop());
  // View counts reach the database every few seconds, and what is pending at shutdown before the database closes.
  app.addHook('onReady', async () =>
    app.services.views.start((error) => app.log.warn({ err: error }, 'vehicle view counts not written yet')),
  );
  app.addHook('onClose', () => app.services.views.stop());
  // The privacy policy written from the settings in use becomes a new version if its text changed (ADR 0031). A
  // database that cannot be reached now does not stop the start: /privacidad publishes it when first asked for.
  app.addHook('onReady', async () => {
    await publishCurrentPolicy(app.services.db, options.config.dealership)
      // The forms' pages carry the version in force, from the catalogue's snapshot: a new version empties it, here
      // and on the other instances, as a settings change does.
      .then((policy) => {
        if (policy.published) app.services.catalogue.invalidate();
      })
      .catch((error: Error) => app.log.warn({ err: error }, 'privacy policy not published at start'));
  });
  await app.register(mediaRoutes);

  if (options.pages) {
    await registerReactRouter(app, {
      mode: options.pages,
      buildDir: path.resolve(options.buildDir ?? 'build'),
    });
  }
  return app;
}
