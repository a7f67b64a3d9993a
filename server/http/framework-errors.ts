import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setSecurityHeaders } from '../plugins/security-headers.ts';
import { sendApiError } from './api-error.ts';

/**
 * Refusals the router makes before any route runs (a URL with broken percent-encoding, a path parameter over the
 * length limit). Fastify's defaults answer them in English; its hooks do not run for them, so the headers every
 * answer carries are set here.
 */
export function frameworkErrorHandler(options: { https: boolean }) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    setSecurityHeaders(reply, options);
    reply.header('X-Request-Id', request.id);
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      sendApiError(reply, 414, 'La dirección de la solicitud es demasiado larga.');
      return;
    }
    sendApiError(reply, 400, 'La dirección de la solicitud no es válida.');
  };
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'La solicitud tardó demasiado. Inténtalo nuevamente.'],
  HPE_HEADER_OVERFLOW: [431, 'Las cabeceras de la solicitud son demasiado grandes.'],
};

/**
 * Malformed HTTP, oversized headers, or a client too slow to send its request (requestTimeout): Node reports these
 * on the socket before there is a request. The answer is written by hand, in Spanish, and the connection closed.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CLIENT_ERRORS[error.code] ?? [400, 'La solicitud no es válida.'];
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        `X-Request-Id: ${randomUUID()}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

/**
 * While the server drains (app.close()), a request that still arrives on a kept-alive connection is refused with a
 * Spanish 503, Retry-After and the request id. Fastify's own answer for it (return503OnClosing) is English and skips
 * the hooks, so the app turns that option off and calls this instead.
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    reply.header('Connection', 'close').header('Retry-After', '5');
    return reply.code(503).send({
      error: 'El servicio se está reiniciando. Inténtalo nuevamente en unos segundos.',
      requestId: request.id,
    });
  });
}

/**
 * No URL of this site legitimately carries an encoded NUL, and PostgreSQL refuses one in any text parameter with an
 * error: a query string or path with %00 is refused here, for every route (API and pages), before it reaches SQL.
 */
export function refuseNulInUrl(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.includes('%00'))
      return sendApiError(reply, 400, 'La dirección de la solicitud no es válida.');
  });
}
