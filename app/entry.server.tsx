import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server';
import { type AppLoadContext, type EntryContext, ServerRouter } from 'react-router';
import { deferScripts } from './lib/defer-scripts.server';
import { IslandsContext } from './lib/island';
import { NonceContext } from './lib/nonce';
import { inlineScriptHashes } from './lib/script-hashes.server';

export const streamTimeout = 5_000;

/** Which inline scripts a page may run: those carrying its nonce, those with these hashes, or (dev) any. */
type InlineScripts = { nonce: string } | { hashes: string[] } | 'development';

/**
 * The policy every page is served with: scripts only from this origin or inline ones this render wrote, no
 * plugins, no framing; the one third-party frame is the dealership's map, loaded only on request.
 * Pages rendered whole (the public ones the page cache keeps) name their inline scripts by hash, so their bytes
 * are the same for every visitor (ADR 0013); pages streamed as they render carry a nonce per response (ADR 0005).
 * `npm run dev` renders without either: Vite's client injects inline scripts and reloads over a websocket, so
 * there (and only there) inline scripts and websockets are allowed.
 */
function contentSecurityPolicy(scripts: InlineScripts, mapOrigin: string): string {
  const development = scripts === 'development';
  const inline = development
    ? "'unsafe-inline'"
    : 'nonce' in scripts
      ? `'nonce-${scripts.nonce}'`
      : scripts.hashes.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${inline}`.trimEnd(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    development ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    `frame-src ${mapOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  headers.set('Content-Type', 'text/html; charset=utf-8');
  // The map's origin comes from the settings in use (ADR 0025), which the page's loaders have already read.
  const mapOrigin = new URL((await loadContext.services.catalogue.dealership()).mapEmbedUrl).origin;
  // Without any, the server's strict default for non-pages (default-src 'none') stays; a page rendered whole gets
  // its policy once its scripts are known.
  if (nonce) headers.set('Content-Security-Policy', contentSecurityPolicy({ nonce }, mapOrigin));
  else if (loadContext.services.config.env === 'development')
    headers.set('Content-Security-Policy', contentSecurityPolicy('development', mapOrigin));
  if (request.method === 'HEAD') return new Response(null, { status, headers });

  // Crawlers get the whole document at once; people get the shell as soon as it is ready.
  const userAgent = request.headers.get('user-agent');
  const waitForAll = (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;

  const { wholePage } = loadContext;

  return new Promise<Response>((resolve, reject) => {
    let statusCode = status;
    let timer: NodeJS.Timeout | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <IslandsContext
          value={loadContext.islands ? { ...loadContext.islands, markup: renderToStaticMarkup } : null}
        >
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </IslandsContext>
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll || wholePage ? 'onAllReady' : 'onShellReady']() {
          if (wholePage) {
            collect(pipe).then((html) => {
              clearTimeout(timer);
              // Public pages in production: their code waits for the first paint (ADR 0012).
              wholePage.html = deferScripts(html);
              const hashes = inlineScriptHashes(wholePage.html);
              headers.set('Content-Security-Policy', contentSecurityPolicy({ hashes }, mapOrigin));
              resolve(new Response(null, { status: statusCode, headers }));
            });
            return;
          }
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timer);
              callback();
            },
          });
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { status: statusCode, headers }));
        },
        onShellError: reject,
        onError(error: unknown) {
          statusCode = 500;
          console.error(error);
        },
      },
    );
    // Give deferred data its time, then flush whatever rejected.
    timer = setTimeout(abort, streamTimeout + 1_000);
  });
}

/**
 * The whole document as one buffer. React writes encoded chunks it never touches again (and a few strings); a
 * plain sink keeps them, with none of a stream's per-chunk work, and React ends it once everything is written.
 */
function collect(pipe: (destination: NodeJS.WritableStream) => unknown): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    const sink = {
      write(chunk: Uint8Array | string) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        return true;
      },
      end() {
        resolve(Buffer.concat(chunks));
      },
      on() {
        return sink;
      },
    };
    pipe(sink as unknown as NodeJS.WritableStream);
  });
}
