import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes } from './audit.ts';
import { leadsRoutes } from './leads.ts';
import { lookupsRoutes } from './lookups.ts';
import { personalDataRoutes } from './personal-data.ts';
import { sessionRoutes } from './session.ts';
import { staffRoutes } from './staff.ts';
import { stockRoutes } from './stock.ts';

/**
 * Every back office API route lives under /admin/api/. Each guards itself with `app.requireStaff(role?)`; the CSRF
 * plugin protects every unsafe method under this prefix; answers are never cached.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  await app.register(sessionRoutes);
  await app.register(stockRoutes);
  await app.register(lookupsRoutes);
  await app.register(leadsRoutes);
  await app.register(staffRoutes);
  await app.register(auditRoutes);
  await app.register(personalDataRoutes);
};
