import { Readable } from 'node:stream';
import { fieldErrors } from '@contracts/lead-options.ts';
import { zodSpanish } from '@contracts/zod-spanish.ts';
import { chileDayKey } from '@domain/chile-time.ts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sendApiError } from '../../http/api-error.ts';
import { loadDashboard } from '../../services/admin/dashboard.ts';
import { getLeadDetail } from '../../services/admin/lead-detail.ts';
import { changeLeadOwner, saveAssignmentSettings } from '../../services/admin/lead-owner.ts';
import { leadsForExport, listLeads } from '../../services/admin/leads.ts';
import { leadsCsvFileName, leadsCsvHeader, leadsCsvRows } from '../../services/admin/leads-csv.ts';
import { type LeadFilters, parseLeadFilters } from '../../services/admin/leads-filters.ts';
import {
  LeadAssignmentSettingsSchema,
  LeadNoteSchema,
  LeadOwnerChangeSchema,
  LeadReplySchema,
  LeadStatusChangeSchema,
  parseLeadId,
} from '../../services/admin/leads-input.ts';
import { loadLeadPhoto } from '../../services/admin/leads-photos.ts';
import {
  addLeadNote,
  changeLeadStatus,
  replyToLead,
  retryLeadEmails,
  type WorkflowResult,
} from '../../services/admin/leads-workflow.ts';
import { loadTeamPerformance } from '../../services/admin/team-performance.ts';
import { readAssignmentSettings } from '../../services/leads/lead-assignment.ts';

type IdParams = { Params: { id: string } };

/**
 * Back office API of the leads inbox and the dashboard. Both roles work leads, so every route only asks for a signed-in
 * staff member. Appraisal photos are personal data: they are served here, behind the session, never under /media.
 */
export const leadsRoutes: FastifyPluginAsync = async (app) => {
  const { db, variants, outbox, catalogue } = app.services;
  const staffOnly = { preHandler: app.requireStaff() };

  const notFound = (reply: FastifyReply) => sendApiError(reply, 404, 'Solicitud no encontrada.');
  const filtersOr400 = (query: unknown, reply: FastifyReply): LeadFilters | null => {
    const { filters, errors } = parseLeadFilters((query ?? {}) as Record<string, unknown>);
    if (Object.keys(errors).length === 0) return filters;
    sendApiError(reply, 400, 'Revisa los filtros.', errors);
    return null;
  };
  const answer = <T>(reply: FastifyReply, result: WorkflowResult<T>, okStatus = 200) =>
    result.ok ? reply.code(okStatus).send(result.value) : sendApiError(reply, result.status, result.error);

  app.get('/admin/api/panel', staffOnly, async () =>
    loadDashboard(db, new Date(), (await catalogue.dealership()).privacy),
  );
  // The team's figures are for admins only (issue 21): a salesperson does not see the others'.
  app.get('/admin/api/panel/equipo', { preHandler: app.requireStaff('admin') }, async () => ({
    equipo: await loadTeamPerformance(db),
  }));

  app.get('/admin/api/solicitudes', staffOnly, async (request, reply) => {
    const filters = filtersOr400(request.query, reply);
    if (!filters) return reply;
    return listLeads(db, filters, request.staff?.id ?? null);
  });

  app.get('/admin/api/solicitudes.csv', staffOnly, async (request, reply) => {
    const filters = filtersOr400(request.query, reply);
    if (!filters) return reply;
    const now = new Date();
    const batches = leadsForExport(db, filters, request.staff?.id ?? null, now);
    // The first batch is read before answering, so a database failure still gets a proper error status.
    const first = await batches.next();
    async function* file() {
      yield leadsCsvHeader();
      if (!first.done) yield leadsCsvRows(first.value, now);
      for await (const batch of batches) yield leadsCsvRows(batch, now);
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${leadsCsvFileName(chileDayKey(now))}"`)
      .send(Readable.from(file()));
  });

  app.get<IdParams>('/admin/api/solicitudes/:id', staffOnly, async (request, reply) => {
    const id = parseLeadId(request.params.id);
    const lead = id === null ? null : await getLeadDetail(db, id);
    return lead ?? notFound(reply);
  });

  app.get<{ Params: { id: string; fotoId: string }; Querystring: { ancho?: string } }>(
    '/admin/api/solicitudes/:id/fotos/:fotoId',
    staffOnly,
    async (request, reply) => {
      const leadId = parseLeadId(request.params.id);
      const imageId = parseLeadId(request.params.fotoId);
      const { ancho } = request.query;
      if (ancho !== undefined && !/^\d{2,4}$/.test(ancho))
        return sendApiError(reply, 400, 'El ancho de la foto no es válido.');
      const photo =
        leadId === null || imageId === null
          ? null
          : await loadLeadPhoto(db, variants, {
              leadId,
              imageId,
              ...(ancho === undefined ? {} : { width: Number(ancho) }),
            });
      if (photo === 'bad-width') return sendApiError(reply, 400, 'Esa foto no está disponible en ese ancho.');
      if (!photo) return sendApiError(reply, 404, 'Foto no encontrada.');
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', 'inline')
        .type(photo.mime)
        .send(photo.data);
    },
  );

  app.patch<IdParams>('/admin/api/solicitudes/:id/estado', staffOnly, async (request, reply) => {
    const id = parseLeadId(request.params.id);
    if (id === null) return notFound(reply);
    const parsed = LeadStatusChangeSchema.safeParse(request.body ?? {});
    if (!parsed.success) return sendApiError(reply, 400, 'Revisa el estado.', fieldErrors(parsed.error));
    const staff = request.staff;
    if (!staff) return reply;
    const testDriveCapacity = (await catalogue.dealership()).testDrives.slotCapacity;
    return answer(
      reply,
      await changeLeadStatus(db, { id, to: parsed.data.estado, actor: staff, testDriveCapacity }),
    );
  });

  app.patch<IdParams>('/admin/api/solicitudes/:id/responsable', staffOnly, async (request, reply) => {
    const id = parseLeadId(request.params.id);
    if (id === null) return notFound(reply);
    const parsed = LeadOwnerChangeSchema.safeParse(request.body ?? {});
    if (!parsed.success) return sendApiError(reply, 400, 'Revisa el responsable.', fieldErrors(parsed.error));
    const staff = request.staff;
    if (!staff) return reply;
    const result = await changeLeadOwner(db, {
      id,
      ownerId: parsed.data.responsable,
      actor: staff,
      publicUrl: app.services.config.publicUrl,
    });
    if (result.ok && result.value.mailed) outbox.poke();
    return answer(reply, result.ok ? { ok: true, value: { owner: result.value.owner } } : result);
  });

  // Round-robin of new leads among the active 'ventas' accounts: read and switched by admins (ADR 0023).
  const adminOnly = { preHandler: app.requireStaff('admin') };
  app.get('/admin/api/asignacion', adminOnly, async () => readAssignmentSettings(db));
  app.put('/admin/api/asignacion', adminOnly, async (request, reply) => {
    const parsed = LeadAssignmentSettingsSchema.safeParse(request.body ?? {});
    if (!parsed.success)
      return sendApiError(reply, 400, 'Revisa la configuración.', fieldErrors(parsed.error));
    const staff = request.staff;
    if (!staff) return reply;
    return saveAssignmentSettings(db, staff, parsed.data);
  });

  app.post<IdParams>('/admin/api/solicitudes/:id/notas', staffOnly, async (request, reply) => {
    const id = parseLeadId(request.params.id);
    if (id === null) return notFound(reply);
    const parsed = LeadNoteSchema.safeParse(request.body ?? {});
    if (!parsed.success) return sendApiError(reply, 400, 'Revisa la nota.', fieldErrors(parsed.error));
    const staff = request.staff;
    if (!staff) return reply;
    return answer(reply, await addLeadNote(db, { id, body: parsed.data.texto, author: staff }), 201);
  });

  // «Escribir correo» (ADR 0041): the e-mail to the person, recorded on the request.
  app.post<IdParams>('/admin/api/solicitudes/:id/responder', staffOnly, async (request, reply) => {
    const id = parseLeadId(request.params.id);
    if (id === null) return notFound(reply);
    const parsed = LeadReplySchema.safeParse(request.body ?? {}, { error: zodSpanish });
    if (!parsed.success) {
      // A body that is no e-mail at all is refused in one sentence; a field, beside it.
      const { _: whole, ...campos } = fieldErrors(parsed.error);
      return sendApiError(reply, 400, whole ?? 'Revisa el correo.', campos);
    }
    const staff = request.staff;
    if (!staff) return reply;
    const result = await replyToLead(db, {
      id,
      actor: staff,
      subject: parsed.data.asunto,
      body: parsed.data.mensaje,
    });
    if (result.ok) outbox.poke();
    return answer(reply, result, 201);
  });

  app.post<IdParams>('/admin/api/solicitudes/:id/reenviar', staffOnly, async (request, reply) => {
    const id = parseLeadId(request.params.id);
    if (id === null) return notFound(reply);
    const staff = request.staff;
    if (!staff) return reply;
    const result = await retryLeadEmails(db, { id, actor: staff });
    if (result.ok) outbox.poke();
    return answer(reply, result);
  });
};
