import { createHmac } from 'node:crypto';
import { zodSpanish } from '@contracts/zod-spanish.ts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sendApiError } from '../../http/api-error.ts';
import { sendRefusal } from '../../http/refusal.ts';
import { NewStaffUserSchema } from '../../services/auth/create-staff-user.ts';
import {
  PasswordResetRateLimited,
  RESET_DONE_MESSAGE,
  RESET_LINK_INVALID,
  RESET_REQUESTED_MESSAGE,
  requestPasswordReset,
  resetPassword,
} from '../../services/auth/password-reset.ts';
import { hitRateLimit, peekRateLimit } from '../../services/rate-limit.ts';
import { Refusal } from '../../services/refusal.ts';
import { sendInvalid } from './staff.ts';

const HOUR_MS = 3_600_000;
const TOO_MANY = 'Hiciste demasiados intentos seguidos. Espera un momento e inténtalo nuevamente.';

/** POST /admin/api/clave/olvidada: the address of the account (the same rule as the sign-in's, plus a real e-mail). */
export const ForgotPasswordSchema = z.object({
  email: z
    .string({ error: 'Ingresa tu correo electrónico.' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'Ingresa tu correo electrónico.' })
    .max(254, { error: 'Ingresa un correo válido.' })
    .pipe(z.email({ error: 'Ingresa un correo válido.' })),
});

/** POST /admin/api/clave/nueva: the link's token and the new password (its length here, its strength after). */
export const ResetPasswordSchema = z.object({
  t: z.string({ error: RESET_LINK_INVALID }).regex(/^[\w-]{43}$/, { error: RESET_LINK_INVALID }),
  nueva: NewStaffUserSchema.shape.password,
});

/**
 * Password recovery without a session (issue 31): ask for a link, and set a new password with it. Both are
 * counted per client address (PASSWORD_RESET_RATE_LIMIT an hour; a link that does not work counts at setting), and
 * both carry the CSRF token like every other form of the back office (ADR 0029).
 */
export const passwordResetRoutes: FastifyPluginAsync = async (app) => {
  const { config, db, catalogue } = app.services;
  const limit = config.passwordResetRateLimit;
  /** A keyed hash of the client's address: the limits' table never holds an IP. */
  const client = (ip: string) =>
    createHmac('sha256', config.sessionSecret).update(`clave|${ip}`).digest('hex').slice(0, 32);

  app.post('/admin/api/clave/olvidada', async (request, reply) => {
    const parsed = ForgotPasswordSchema.safeParse(request.body ?? {}, { error: zodSpanish });
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    try {
      const queued = await requestPasswordReset(db, parsed.data.email, {
        client: client(request.ip),
        clientLimit: limit,
        publicUrl: config.publicUrl,
        dealership: (await catalogue.dealership()).name,
      });
      if (queued) app.services.outbox.poke();
    } catch (error) {
      if (!(error instanceof PasswordResetRateLimited)) throw error;
      reply.header('Retry-After', String(error.retryAfter));
      return sendApiError(reply, 429, error.message);
    }
    return { mensaje: RESET_REQUESTED_MESSAGE };
  });

  app.post('/admin/api/clave/nueva', async (request, reply) => {
    const key = `clave-nueva:${client(request.ip)}`;
    const peek = await peekRateLimit(db, key, limit, HOUR_MS);
    if (!peek.allowed) {
      reply.header('Retry-After', String(peek.retryAfter));
      return sendApiError(reply, 429, TOO_MANY);
    }
    const parsed = ResetPasswordSchema.safeParse(request.body ?? {}, { error: zodSpanish });
    if (!parsed.success) {
      if (parsed.error.issues.some((issue) => issue.path[0] === 't')) {
        await hitRateLimit(db, key, limit, HOUR_MS);
        return sendApiError(reply, 410, RESET_LINK_INVALID);
      }
      return sendInvalid(reply, parsed.error);
    }
    try {
      const { sessionsEnded } = await resetPassword(db, parsed.data.t, parsed.data.nueva, {
        dealership: (await catalogue.dealership()).name,
      });
      app.services.outbox.poke();
      return { mensaje: RESET_DONE_MESSAGE, sesionesCerradas: sessionsEnded };
    } catch (error) {
      if (error instanceof Refusal && error.kind === 'gone') await hitRateLimit(db, key, limit, HOUR_MS);
      return sendRefusal(reply, error);
    }
  });
};
