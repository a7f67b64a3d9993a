import type { FastifyPluginAsync } from 'fastify';

/** Back office API: staff (being built). */
export const staffRoutes: FastifyPluginAsync = async () => {};
