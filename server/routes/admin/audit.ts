import type { FastifyPluginAsync } from 'fastify';

/** Back office API: audit (being built). */
export const auditRoutes: FastifyPluginAsync = async () => {};
