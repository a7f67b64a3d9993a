import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { type AppLoadContext, type EntryContext, ServerRouter } from 'react-router';
import { deferScripts } from './lib/defer-scripts.server';
import { NonceContext } from './lib/nonce';

export const streamTimeout = 5_000;

/**
 * The policy every page is served with: scripts only from this origin or carrying this render's nonce, no
 * plugins, no framing; the one third-party frame is the dealership's map, loaded only on request.
 * `npm run dev` renders without a nonce: Vite's client injects inline scripts and reloads over a websocket, so
 * there (and only there) inline scripts and websockets are allowed.
 */
function contentSecurityPolicy(script: { nonce: string } | 'development', mapOrigin: string): string {
  const development = script === 'development';
  return [
    "default-src 'self'",
    development ? "script-src 'self' 'unsafe-inline'" : `script-src 'self' 'nonce-${script.nonce}'`,
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

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  headers.set('Content-Type', 'text/html; charset=utf-8');
  const mapOrigin = new URL(loadContext.services.config.dealership.mapEmbedUrl).origin;
  // Without either, the server's strict default for non-pages (default-src 'none') stays.
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
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll || wholePage ? 'onAllReady' : 'onShellReady']() {
          if (wholePage) {
            collect(pipe).then((html) => {
              clearTimeout(timer);
              // Public pages in production: their code waits for the first paint (ADR 0012).
              wholePage.html = deferScripts(html);
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
