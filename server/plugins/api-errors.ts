import type { FastifyError, FastifyInstance } from 'fastify';
import { sendApiError } from '../http/api-error.ts';

/** Errors that mean "the database cannot be reached right now", from node-postgres or the network. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** node-postgres errors without a code. A connection lost inside a transaction surfaces as the failed ROLLBACK
 * ("... not queryable"), wrapped by Drizzle, so the cause's message counts too. */
const UNAVAILABLE_MESSAGE = /Connection terminated|not queryable|timeout exceeded when trying to connect/i;

function isDatabaseUnavailable(error: FastifyError): boolean {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return (
    UNAVAILABLE_CODES.has(String(error.code)) ||
    UNAVAILABLE_CODES.has(String(cause?.code)) ||
    UNAVAILABLE_MESSAGE.test(error.message) ||
    UNAVAILABLE_MESSAGE.test(String(cause?.message ?? ''))
  );
}

const CLIENT_MESSAGES: Record<number, string> = {
  400: 'La solicitud no es válida.',
  404: 'Recurso no encontrado.',
  405: 'Método no permitido.',
  408: 'La solicitud tardó demasiado.',
  413: 'La solicitud es demasiado grande.',
  415: 'Tipo de contenido no admitido.',
};

/**
 * Every failure answers JSON with a Spanish sentence; no stack trace or SQL text ever leaves the server.
 * Client errors keep their status; an unreachable database is a 503 with Retry-After; anything else is a
 * logged 500.
 */
export function registerApiErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_FILES_LIMIT') {
      return sendApiError(reply, 400, 'Revisa las fotos adjuntas.', {
        images: 'Puedes adjuntar hasta 5 fotos.',
      });
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return sendApiError(reply, 413, 'Cada foto puede pesar hasta 5 MB.');
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return sendApiError(reply, 400, 'El cuerpo de la solicitud no es JSON válido.');
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status < 500)
      return sendApiError(reply, status, CLIENT_MESSAGES[status] ?? 'No se pudo procesar la solicitud.');
    // Server-side failures tell the request id, so a person can match a complaint with the log line.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('Retry-After', '5').send({
        error: 'El servicio no está disponible en este momento. Inténtalo nuevamente en unos segundos.',
        requestId: request.id,
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({
      error: 'Ocurrió un error interno. Inténtalo nuevamente en unos minutos.',
      requestId: request.id,
    });
  });

  app.setNotFoundHandler((_request, reply) => sendApiError(reply, 404, 'Recurso no encontrado.'));
  for (const prefix of ['/api/*', '/media/*', '/admin/api/*']) {
    // Unknown addresses change nothing: their 404 needs no CSRF token.
    app.all(prefix, { config: { csrf: false } }, async (_request, reply) =>
      sendApiError(reply, 404, 'Recurso no encontrado.'),
    );
  }
}
