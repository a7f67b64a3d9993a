import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { IslandAssets } from '@contracts/islands.ts';
import { isAdminPath } from '@domain/admin-path.ts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { Plugin } from 'vite';
import { preferredEncoding } from '../http/accept-encoding.ts';
import {
  DEV_ISLANDS_BASE,
  devIslandAssets,
  ISLANDS_SERVER_DIR,
  type IslandRenderModule,
  readIslandAssets,
} from '../http/island-assets.ts';
import { type CachedPage, PageCache } from '../http/page-cache.ts';

export interface ReactRouterOptions {
  mode: 'development' | 'production';
  /** Folder of `react-router build` output (contains client/ and server/). */
  buildDir: string;
}

/**
 * Hands every path that no API route claims to React Router (SSR + hydration). In production the client
 * assets are served from the build with immutable caching; in development Vite runs inside this server.
 */
export async function registerReactRouter(app: FastifyInstance, options: ReactRouterOptions): Promise<void> {
  let build: ServerBuild | (() => Promise<ServerBuild>);
  // The public pages' browser code, built apart from React Router's (ADR 0015), or served by Vite in development.
  let islands: IslandAssets | null = null;
  // Development: the islands' markup comes from their own Vite server, loaded anew when a source changed.
  let devIslandRender: (() => Promise<IslandRenderModule>) | undefined;
  if (options.mode === 'development') {
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true } });
    // The islands on Preact (ADR 0035): a second Vite server with vite.islands.config.ts, under its own base.
    const islandsVite = await createServer({
      configFile: path.join(vite.config.root, 'vite.islands.config.ts'),
      base: DEV_ISLANDS_BASE,
      appType: 'custom',
      // Its websocket shares the site's port (Vite tells its clients apart by path and protocol).
      server: { middlewareMode: true, hmr: { server: app.server } },
      plugins: [reloadOnServerMarkup()],
    });
    await app.register(import('@fastify/middie'));
    app.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
      if (request.url?.startsWith(DEV_ISLANDS_BASE)) islandsVite.middlewares(request, response, next);
      else next();
    });
    app.use(vite.middlewares);
    app.addHook('onClose', async () => {
      await islandsVite.close();
      await vite.close();
    });
    build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    islands = devIslandAssets(vite.config.root);
    devIslandRender = () =>
      islandsVite.ssrLoadModule('/app/lib/island-render.server.ts') as Promise<IslandRenderModule>;
  } else {
    const clientDir = path.join(options.buildDir, 'client');
    islands = readIslandAssets(clientDir);
    // The islands' markup, rendered by Preact like their browser code (ADR 0035).
    if (islands) {
      const server = path.join(options.buildDir, ISLANDS_SERVER_DIR, 'render.js');
      const { renderIsland } = (await import(pathToFileURL(server).href)) as IslandRenderModule;
      islands = { ...islands, render: renderIsland };
    }
    build = (await import(
      pathToFileURL(path.join(options.buildDir, 'server', 'index.js')).href
    )) as ServerBuild;
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      // The build writes .br and .gz copies of scripts and styles (scripts/server-build.mjs).
      preCompressed: true,
      // Hashed file names under /assets/ never change; anything else (favicon) may. The static server's own
      // Cache-Control (max-age=0) would replace the one set here, so it writes none.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
        res.setHeader(
          'Cache-Control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
        res.setHeader('Vary', 'accept-encoding');
      },
    });
  }

  const handle = createRequestHandler(build, options.mode);
  const pageCache = new PageCache(() => app.services.catalogue.version);

  // Pages read their own bodies (form actions), so this context parses nothing itself.
  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // After the answer has gone, kept page or fresh render alike: a view of a vehicle page by a person is counted in
    // memory (services/catalogue/view-counter.ts); the answer never waits for it.
    pages.addHook('onResponse', async (request, reply) => {
      app.services.views.record({
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        headers: request.headers,
      });
    });
    pages.all('/*', async (request, reply) => {
      // Back office pages learn who is signed in from the same session check as the back office API.
      const admin = isAdminPath(request.url);
      // Vite's dev client injects inline scripts, so the nonce-based policy is for built pages only.
      const production = options.mode === 'production';
      const cacheable = production && !admin && request.method === 'GET';
      if (cacheable) {
        const hit = pageCache.get(request.url);
        if (hit) {
          const brotli =
            preferredEncoding(request) === 'br' ? pageCache.brotliBody(request.url, hit) : undefined;
          return sendCachedPage(reply, hit, brotli);
        }
      }
      const version = app.services.catalogue.version;
      // Kept pages allow their inline scripts by hash (ADR 0013); the others get a nonce per answer (ADR 0005).
      const cspNonce = production && !cacheable ? randomBytes(16).toString('base64') : undefined;
      const staff = admin ? await app.readStaff(request) : null;
      // A kept page is rendered whole into this (documents only; data requests still answer with a body).
      const wholePage: { html?: Buffer } | undefined = cacheable ? {} : undefined;
      const pageIslands =
        islands && devIslandRender ? { ...islands, render: (await devIslandRender()).renderIsland } : islands;
      const response = await handle(toFetchRequest(request, reply), {
        services: app.services,
        cspNonce,
        staff,
        wholePage,
        islands: pageIslands,
      });
      if (admin) {
        response.headers.set('Cache-Control', 'no-store');
        response.headers.set('X-Robots-Tag', 'noindex, nofollow');
      }
      if (!cacheable) return sendFetchResponse(reply, response);
      // Rendered whole (or buffered, for resource routes), so it can be kept when shareable.
      const page: CachedPage = {
        status: response.status,
        headers: [...response.headers].filter(([name]) => name !== 'set-cookie'),
        body: wholePage?.html ?? Buffer.from(await response.arrayBuffer()),
        version,
        storedAt: Date.now(),
      };
      // A page that says no-store (a form's CSRF token, a link's token in the query) is one visitor's only.
      const shareable =
        response.status === 200 &&
        !response.headers.has('set-cookie') &&
        !(response.headers.get('cache-control') ?? '').includes('no-store') &&
        (response.headers.get('content-type') ?? '').startsWith('text/');
      if (shareable) pageCache.set(request.url, page);
      return sendCachedPage(reply, { ...page, headers: [...response.headers] });
    });
  });
}

/**
 * Development: an edit the islands' browser code does not hold (a route, a component the server alone renders, a
 * stylesheet's source) changes what the server renders, so the page reloads; an edited island is refreshed in place
 * by Preact's refresh instead.
 */
function reloadOnServerMarkup(): Plugin {
  return {
    name: 'islands-reload-on-server-markup',
    hotUpdate({ modules, file }) {
      if (this.environment.name !== 'client' || modules.length > 0) return;
      if (!/\/(app|domain|contracts)\//.test(file)) return;
      this.environment.hot.send({ type: 'full-reload' });
    },
  };
}

/** A kept page as it is, with its brotli copy when there is one (else the compression plugin compresses it). */
function sendCachedPage(reply: FastifyReply, page: CachedPage, brotli?: Buffer): FastifyReply {
  reply.code(page.status);
  const cookies: string[] = [];
  for (const [name, value] of page.headers) {
    if (name === 'set-cookie') cookies.push(value);
    else reply.header(name, value);
  }
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  reply.header('Vary', 'accept-encoding');
  // A Content-Encoding already set tells the compression plugin to leave the body alone.
  if (brotli) return reply.header('Content-Encoding', 'br').send(brotli);
  return reply.send(page.body);
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = Readable.toWeb(request.raw) as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

function sendFetchResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}
