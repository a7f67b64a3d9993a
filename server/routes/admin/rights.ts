import { dbIdFromText } from '@contracts/db-id.ts';
import {
  RIGHTS_LIST_FILTERS,
  RightsCompleteSchema,
  RightsExtendSchema,
  RightsRefuseSchema,
  RightsUnblockSchema,
} from '@contracts/rights.ts';
import { zodSpanish } from '@contracts/zod-spanish.ts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { sendApiError } from '../../http/api-error.ts';
import { sendRefusal } from '../../http/refusal.ts';
import { sendInvalid, staffOf } from './staff.ts';

type IdParams = { Params: { id: string } };

const ListQuerySchema = z.object({
  estado: z.enum(RIGHTS_LIST_FILTERS, { error: 'Elige abiertas, cerradas o todas.' }).default('abiertas'),
});

async function applying<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    return sendRefusal(reply, error);
  }
}

/** The rights requests staff answer (admins, like the personal data page): list, one request, and each answer. */
export const rightsAdminRoutes: FastifyPluginAsync = async (app) => {
  const { rights } = app.services;
  const adminOnly = { preHandler: app.requireStaff('admin') };
  const notFound = (reply: FastifyReply) => sendApiError(reply, 404, 'La solicitud de derechos no existe.');

  app.get('/admin/api/derechos', adminOnly, async (request, reply) => {
    const parsed = ListQuerySchema.safeParse(request.query ?? {}, { error: zodSpanish });
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    return { solicitudes: await rights.list(parsed.data.estado), ahora: rights.now().toISOString() };
  });

  app.get<IdParams>('/admin/api/derechos/:id', adminOnly, async (request, reply) => {
    const id = dbIdFromText(request.params.id);
    const found = id === null ? null : await rights.detail(id);
    return found ?? notFound(reply);
  });

  app.post<IdParams>('/admin/api/derechos/:id/bloquear', adminOnly, async (request, reply) => {
    const id = dbIdFromText(request.params.id);
    if (id === null) return notFound(reply);
    return applying(reply, () => rights.block(staffOf(request), id));
  });

  app.post<IdParams>('/admin/api/derechos/:id/desbloquear', adminOnly, async (request, reply) => {
    const id = dbIdFromText(request.params.id);
    if (id === null) return notFound(reply);
    const parsed = RightsUnblockSchema.safeParse(request.body ?? {}, { error: zodSpanish });
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    return applying(reply, () => rights.unblock(staffOf(request), id, parsed.data));
  });

  app.post<IdParams>('/admin/api/derechos/:id/prorrogar', adminOnly, async (request, reply) => {
    const id = dbIdFromText(request.params.id);
    if (id === null) return notFound(reply);
    const parsed = RightsExtendSchema.safeParse(request.body ?? {}, { error: zodSpanish });
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    return applying(reply, () => rights.extend(staffOf(request), id, parsed.data));
  });

  app.post<IdParams>('/admin/api/derechos/:id/rechazar', adminOnly, async (request, reply) => {
    const id = dbIdFromText(request.params.id);
    if (id === null) return notFound(reply);
    const parsed = RightsRefuseSchema.safeParse(request.body ?? {}, { error: zodSpanish });
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    return applying(reply, () => rights.refuse(staffOf(request), id, parsed.data));
  });

  app.post<IdParams>('/admin/api/derechos/:id/completar', adminOnly, async (request, reply) => {
    const id = dbIdFromText(request.params.id);
    if (id === null) return notFound(reply);
    const parsed = RightsCompleteSchema.safeParse(request.body ?? {}, { error: zodSpanish });
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    return applying(reply, () => rights.complete(staffOf(request), id, parsed.data));
  });
};
