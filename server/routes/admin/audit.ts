import type { FastifyPluginAsync } from 'fastify';
import { listAudit, parseAuditQuery } from '../../services/admin/audit-log.ts';
import { sendInvalid } from './staff.ts';

/** The audit trail, newest first (admins only). */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.services;

  app.get('/admin/api/auditoria', { preHandler: app.requireStaff('admin') }, async (request, reply) => {
    const parsed = parseAuditQuery(request.query);
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    return listAudit(db, parsed.data);
  });
};
