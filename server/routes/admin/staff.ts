import { dbIdFromText } from '@contracts/db-id.ts';
import { fieldErrors } from '@contracts/leads.ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { sendApiError } from '../../http/api-error.ts';
import { readCookie } from '../../http/cookies.ts';
import { sendRefusal } from '../../http/refusal.ts';
import {
  changeOwnPassword,
  createStaffAccount,
  LeadEmailsSchema,
  listStaff,
  PasswordChangeSchema,
  readLeadEmails,
  StaffUpdateSchema,
  setLeadEmails,
  updateStaffAccount,
} from '../../services/admin/staff.ts';
import { NewStaffUserSchema } from '../../services/auth/create-staff-user.ts';
import { RESET_LINK_MINUTES, sendPasswordResetLink } from '../../services/auth/password-reset.ts';
import { type SessionUser, sessionCookieName } from '../../services/auth/sessions.ts';
import { hitRateLimit } from '../../services/rate-limit.ts';

const PASSWORD_WINDOW_MS = 15 * 60 * 1000;
const PASSWORD_ATTEMPTS = 10;

/** 400 with one Spanish sentence per field; an error about the body as a whole becomes the main sentence. */
export function sendInvalid(reply: FastifyReply, error: z.ZodError): FastifyReply {
  const { _: whole, ...campos } = fieldErrors(error);
  return sendApiError(reply, 400, whole ?? 'Revisa los datos del formulario.', campos);
}

/** The signed-in member on a route behind `requireStaff`. */
export function staffOf(request: FastifyRequest): SessionUser {
  if (!request.staff) throw new Error('route reached without its staff guard');
  return request.staff;
}

export async function applying<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    return sendRefusal(reply, error);
  }
}

/** Staff accounts (admins only) and every member's own password. */
export const staffRoutes: FastifyPluginAsync = async (app) => {
  const { config, db, catalogue } = app.services;
  const cookieName = sessionCookieName(config.publicUrl.startsWith('https://'));
  const adminOnly = { preHandler: app.requireStaff('admin') };

  app.get('/admin/api/usuarios', adminOnly, async () => ({ usuarios: await listStaff(db) }));

  app.post('/admin/api/usuarios', adminOnly, async (request, reply) => {
    const parsed = NewStaffUserSchema.safeParse(request.body);
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    return applying(reply, async () => {
      const { name } = await catalogue.dealership();
      const usuario = await createStaffAccount(db, staffOf(request), parsed.data, name);
      return reply.code(201).send({ usuario });
    });
  });

  app.patch<{ Params: { id: string } }>('/admin/api/usuarios/:id', adminOnly, async (request, reply) => {
    const id = dbIdFromText(request.params.id);
    if (id === null) return sendApiError(reply, 404, 'La cuenta no existe.');
    const parsed = StaffUpdateSchema.safeParse(request.body);
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    return applying(reply, async () => {
      const usuario = await updateStaffAccount(
        db,
        staffOf(request),
        id,
        parsed.data,
        config.publicUrl,
        (await app.services.catalogue.dealership()).name,
      );
      // A handover, a changed address and a reactivation each queue an e-mail.
      app.services.outbox.poke();
      return { usuario };
    });
  });

  // Issue 31: an admin sends a colleague (or themself) the link to set a new password.
  app.post<{ Params: { id: string } }>(
    '/admin/api/usuarios/:id/enlace-clave',
    adminOnly,
    async (request, reply) => {
      const id = dbIdFromText(request.params.id);
      if (id === null) return sendApiError(reply, 404, 'La cuenta no existe.');
      return applying(reply, async () => {
        const sent = await sendPasswordResetLink(db, staffOf(request), id, {
          publicUrl: config.publicUrl,
          dealership: (await catalogue.dealership()).name,
        });
        app.services.outbox.poke();
        return {
          mensaje: `Enviamos a ${sent.name} (${sent.email}) un enlace para crear una nueva contraseña. Vence en ${RESET_LINK_MINUTES} minutos y sirve una sola vez.`,
        };
      });
    },
  );

  app.get('/admin/api/cuenta/avisos', { preHandler: app.requireStaff() }, async (request) => ({
    correoSolicitudes: await readLeadEmails(db, staffOf(request).id),
  }));

  app.put('/admin/api/cuenta/avisos', { preHandler: app.requireStaff() }, async (request, reply) => {
    const parsed = LeadEmailsSchema.safeParse(request.body);
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    return applying(reply, async () => ({
      correoSolicitudes: await setLeadEmails(db, staffOf(request), parsed.data.correoSolicitudes),
    }));
  });

  app.put('/admin/api/cuenta/clave', { preHandler: app.requireStaff() }, async (request, reply) => {
    const user = staffOf(request);
    const parsed = PasswordChangeSchema.safeParse(request.body);
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    // Like sign-in: someone at an unattended, signed-in browser cannot try passwords at speed.
    const limit = await hitRateLimit(db, `password:user:${user.id}`, PASSWORD_ATTEMPTS, PASSWORD_WINDOW_MS);
    if (!limit.allowed) {
      reply.header('Retry-After', String(limit.retryAfter));
      return sendApiError(reply, 429, 'Demasiados intentos de cambio de contraseña. Espera unos minutos.');
    }
    return applying(reply, async () => {
      const { otherSessionsEnded } = await changeOwnPassword(
        db,
        user,
        readCookie(request, cookieName),
        parsed.data,
        (await catalogue.dealership()).name,
      );
      return {
        mensaje:
          otherSessionsEnded > 0
            ? 'Tu contraseña se cambió. Cerramos tus sesiones abiertas en otros dispositivos.'
            : 'Tu contraseña se cambió.',
        sesionesCerradas: otherSessionsEnded,
      };
    });
  });
};
