import type { FastifyPluginAsync } from 'fastify';

/** Back office API: personal-data (being built). */
export const personalDataRoutes: FastifyPluginAsync = async () => {};
