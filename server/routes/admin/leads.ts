import type { FastifyPluginAsync } from 'fastify';

/** Back office API: leads (being built). */
export const leadsRoutes: FastifyPluginAsync = async () => {};
