import {
  AffectedQuerySchema,
  BreachInputSchema,
  CessionCreateSchema,
  NoticesSchema,
} from '@contracts/admin-registers.ts';
import { dbIdFromText } from '@contracts/db-id.ts';
import { chileDayKey } from '@domain/chile-time.ts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sendApiError } from '../../http/api-error.ts';
import { parseLeadId } from '../../services/admin/leads-input.ts';
import { previewAffected } from '../../services/privacy/affected-people.ts';
import { listBreaches, loadBreach } from '../../services/privacy/list-breaches.ts';
import { cessionsCsv, listCessions, parseCessionQuery } from '../../services/privacy/list-cessions.ts';
import { prepareBreachNotices } from '../../services/privacy/prepare-breach-notices.ts';
import { recordCession } from '../../services/privacy/record-cession.ts';
import { createBreach, updateBreach } from '../../services/privacy/save-breach.ts';
import { applying, sendInvalid, staffOf } from './staff.ts';

type IdParams = { Params: { id: string } };

/**
 * The registers of Ley 19.628 as amended by Ley 21.719 (ADR 0031, decision 8): cessions (art. 15) and breaches with
 * their notices (art. 14 sexies). Both are for admins, except recording a cession of a request, which its owner in
 * sales may do too (the service says who may).
 */
export const registersRoutes: FastifyPluginAsync = async (app) => {
  const { db, catalogue, config, outbox } = app.services;
  const adminOnly = { preHandler: app.requireStaff('admin') };
  const noBreach = (reply: FastifyReply) => sendApiError(reply, 404, 'Vulneración no encontrada.');

  app.post<IdParams>('/admin/api/solicitudes/:id/cesiones', async (request, reply) => {
    const leadId = parseLeadId(request.params.id);
    if (leadId === null) return sendApiError(reply, 404, 'Solicitud no encontrada.');
    const parsed = CessionCreateSchema.safeParse(request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    return applying(reply, async () => {
      const dealership = await catalogue.dealership();
      const recorded = await recordCession(db, {
        leadId,
        recipient: parsed.data.destinatario,
        actor: staffOf(request),
        dealership,
      });
      return reply.code(201).send(recorded);
    });
  });

  app.get('/admin/api/cesiones', adminOnly, async (request, reply) => {
    const parsed = parseCessionQuery(request.query);
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    return listCessions(db, parsed.data);
  });

  app.get('/admin/api/cesiones.csv', adminOnly, async (request, reply) => {
    const parsed = parseCessionQuery(request.query);
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    const file = await cessionsCsv(db, parsed.data);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="cesiones-${chileDayKey(new Date())}.csv"`)
      .send(file);
  });

  app.get('/admin/api/vulneraciones', adminOnly, async () => ({ vulneraciones: await listBreaches(db) }));

  app.post('/admin/api/vulneraciones', adminOnly, async (request, reply) => {
    const parsed = BreachInputSchema.safeParse(request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    return applying(reply, async () =>
      reply.code(201).send(await createBreach(db, staffOf(request), parsed.data)),
    );
  });

  app.get<IdParams>('/admin/api/vulneraciones/:id', adminOnly, async (request, reply) => {
    const id = dbIdFromText(request.params.id);
    const breach = id === null ? null : await loadBreach(db, id);
    return breach ?? noBreach(reply);
  });

  app.put<IdParams>('/admin/api/vulneraciones/:id', adminOnly, async (request, reply) => {
    const id = dbIdFromText(request.params.id);
    if (id === null) return noBreach(reply);
    const parsed = BreachInputSchema.safeParse(request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    return applying(reply, () => updateBreach(db, staffOf(request), id, parsed.data));
  });

  // A preview: how many people, never who. POST only because its query is a form with lists.
  app.post<IdParams>('/admin/api/vulneraciones/:id/afectados', adminOnly, async (request, reply) => {
    const id = dbIdFromText(request.params.id);
    if (id === null) return noBreach(reply);
    const parsed = AffectedQuerySchema.safeParse(request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    return applying(reply, () => previewAffected(db, id, parsed.data));
  });

  app.post<IdParams>('/admin/api/vulneraciones/:id/avisos', adminOnly, async (request, reply) => {
    const id = dbIdFromText(request.params.id);
    if (id === null) return noBreach(reply);
    const parsed = NoticesSchema.safeParse(request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    const { confirmar: _confirmed, ...query } = parsed.data;
    return applying(reply, async () => {
      const dealership = await catalogue.dealership();
      const prepared = await prepareBreachNotices(db, {
        breachId: id,
        query,
        actor: staffOf(request),
        context: { dealership, publicUrl: config.publicUrl, secret: config.sessionSecret },
      });
      if (prepared.nuevos > 0) outbox.poke();
      return prepared;
    });
  });
};
