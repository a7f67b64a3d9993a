import type { FastifyPluginAsync } from 'fastify';

/** Back office API: lookups (being built). */
export const lookupsRoutes: FastifyPluginAsync = async () => {};
