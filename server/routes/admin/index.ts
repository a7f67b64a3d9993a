import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes } from './audit.ts';
import { leadsRoutes } from './leads.ts';
import { lookupsRoutes } from './lookups.ts';
import { passwordResetRoutes } from './password-reset.ts';
import { personalDataRoutes } from './personal-data.ts';
import { registersRoutes } from './registers.ts';
import { rightsAdminRoutes } from './rights.ts';
import { salesRoutes } from './sales.ts';
import { sessionRoutes } from './session.ts';
import { settingsRoutes } from './settings.ts';
import { staffRoutes } from './staff.ts';
import { stockRoutes } from './stock.ts';
import { stockSheetRoutes } from './stock-sheet.ts';

/**
 * Every back office API route lives under /admin/api/ and is never cached. Apart from the sign-in and password-recovery endpoints, every
 * route sits behind a default guard (a signed-in staff member), so a route added without its own guard still refuses
 * anonymous callers; admin-only routes add `app.requireStaff('admin')`. The CSRF plugin covers every unsafe method.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  await app.register(sessionRoutes);
  await app.register(passwordResetRoutes);
  await app.register(async (guarded) => {
    guarded.addHook('preHandler', app.requireStaff());
    await guarded.register(stockRoutes);
    await guarded.register(stockSheetRoutes);
    await guarded.register(salesRoutes);
    await guarded.register(lookupsRoutes);
    await guarded.register(leadsRoutes);
    await guarded.register(staffRoutes);
    await guarded.register(auditRoutes);
    await guarded.register(personalDataRoutes);
    await guarded.register(rightsAdminRoutes);
    await guarded.register(registersRoutes);
    await guarded.register(settingsRoutes);
  });
};
