import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import type { AppConfig } from './config/env.ts';
import { registerApiErrors } from './plugins/api-errors.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { registerObservability } from './plugins/observability.ts';
import { registerReactRouter } from './plugins/react-router.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStaffAuth } from './plugins/staff-auth.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { catalogueRoutes } from './routes/api/catalogue.ts';
import { leadRoutes } from './routes/api/leads.ts';
import { healthRoutes } from './routes/health.ts';
import { mediaRoutes } from './routes/media.ts';
import { PeerInvalidation } from './services/catalogue/peer-invalidation.ts';
import { createServices, type Services } from './services/container.ts';

export interface RouteEntry {
  method: string;
  url: string;
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
}

/** Builds the whole HTTP application; `main.ts` listens with it and tests call `inject` on it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    // Trust exactly as many proxy hops as configured, so X-Forwarded-For cannot be forged past them.
    trustProxy: (_address: string, hop: number) => hop < options.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A stalled client is dropped instead of holding a socket forever.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Every log line and every error answer carries this id; a client cannot choose it.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // One line per request comes from the observability plugin, without addresses or query strings.
    disableRequestLogging: true,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
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
    for (const method of methods) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });

  // Pages and JSON shrink about 6×; brotli at quality 4 costs little CPU. Images are already compressed.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  registerSecurityHeaders(app, { https: options.config.publicUrl.startsWith('https://') });
  registerApiErrors(app);
  await app.register(healthRoutes);
  registerCsrf(app);
  await app.register(catalogueRoutes);
  await app.register(leadRoutes);
  registerStaffAuth(app);
  await app.register(adminRoutes);
  app.addHook('onClose', () => app.services.outbox.stop());
  await app.register(mediaRoutes);

  if (options.pages) {
    await registerReactRouter(app, {
      mode: options.pages,
      buildDir: path.resolve(options.buildDir ?? 'build'),
    });
  }
  return app;
}
