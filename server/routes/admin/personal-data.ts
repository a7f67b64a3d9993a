import { PersonalDataEraseSchema, personalEmail } from '@contracts/admin-staff.ts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { exportPersonalData } from '../../services/admin/personal-data.ts';
import { erasePersonalData } from '../../services/admin/personal-data-erase.ts';
import { sendInvalid, staffOf } from './staff.ts';

const ExportQuerySchema = z.object({ email: personalEmail });

/** Access and erasure requests about one e-mail address, Ley 21.719 (admins only). */
export const personalDataRoutes: FastifyPluginAsync = async (app) => {
  const { catalogue, db, outbox } = app.services;
  const adminOnly = { preHandler: app.requireStaff('admin') };

  app.get('/admin/api/datos-personales', adminOnly, async (request, reply) => {
    const parsed = ExportQuerySchema.safeParse(request.query);
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    const { email } = parsed.data;
    const document = await exportPersonalData(
      db,
      staffOf(request),
      email,
      (await catalogue.dealership()).legalName,
    );
    const day = document.generado.slice(0, 10);
    return reply
      .header('Content-Disposition', `attachment; filename="datos-personales-${day}.json"`)
      .send(document);
  });

  app.post('/admin/api/datos-personales/eliminar', adminOnly, async (request, reply) => {
    const parsed = PersonalDataEraseSchema.safeParse(request.body);
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    const eliminados = await erasePersonalData(db, staffOf(request), parsed.data.email, outbox);
    return {
      mensaje:
        eliminados.solicitudes + eliminados.correos > 0
          ? 'Se eliminaron los datos personales de ese correo.'
          : 'No había datos de ese correo; la solicitud quedó registrada.',
      eliminados,
    };
  });
};
