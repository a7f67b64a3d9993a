import type { FastifyPluginAsync } from 'fastify';

/** Back office API: stock (being built). */
export const stockRoutes: FastifyPluginAsync = async () => {};
