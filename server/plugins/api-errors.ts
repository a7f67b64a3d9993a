import type { FastifyError, FastifyInstance } from 'fastify';
import { sendApiError } from '../http/api-error.ts';

/**
 * Every failure under /api and /media answers JSON with a Spanish sentence; no stack trace or SQL
 * text ever leaves the server. Client errors keep their status, anything else is a 500 that is logged.
 */
export function registerApiErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const message =
      status === 413
        ? 'La solicitud es demasiado grande.'
        : status === 415
          ? 'Tipo de contenido no admitido.'
          : status === 400
            ? 'La solicitud no es válida.'
            : status >= 500
              ? 'Ocurrió un error interno. Inténtalo nuevamente en unos minutos.'
              : 'No se pudo procesar la solicitud.';
    return sendApiError(reply, status, message);
  });

  app.setNotFoundHandler((_request, reply) => sendApiError(reply, 404, 'Recurso no encontrado.'));
  for (const prefix of ['/api/*', '/media/*']) {
    app.all(prefix, async (_request, reply) => sendApiError(reply, 404, 'Recurso no encontrado.'));
  }
}
