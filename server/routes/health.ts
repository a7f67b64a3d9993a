import type { FastifyPluginAsync } from 'fastify';

const PING_TIMEOUT_MS = 2_000;

/** For load balancers and process managers: 200 when the database answers, else 503. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await Promise.race([
        app.services.database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS).unref()),
      ]);
      return { status: 'ok', database: 'ok' };
    } catch {
      // Like every 5xx of the API, it tells the request id (to match a complaint with the log line).
      return reply.code(503).send({
        status: 'error',
        database: 'unreachable',
        error: 'Base de datos no disponible.',
        requestId: request.id,
      });
    }
  });
};
