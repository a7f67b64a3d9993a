import { createHmac } from 'node:crypto';
import { isPrintableLine } from '@contracts/text-field.ts';
import { staffUsers } from '@db/schema.ts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sendApiError } from '../../http/api-error.ts';
import { readCookie, serializeCookie } from '../../http/cookies.ts';
import { verifyDecoy, verifyPassword } from '../../services/auth/password.ts';
import {
  createSession,
  destroySession,
  IDLE_TIMEOUT_MS,
  readSession,
  sessionCookieName,
} from '../../services/auth/sessions.ts';
import { hitRateLimit } from '../../services/rate-limit.ts';

const SignInSchema = z.object({
  // The e-mail reaches SQL (rate-limit key, account lookup): PostgreSQL refuses a NUL in text with an error.
  email: z.string().trim().toLowerCase().max(254).refine(isPrintableLine),
  password: z.string().max(200),
});
const WINDOW_MS = 15 * 60 * 1000;

/** Sign-in, the current user, and sign-out of the back office. */
export const sessionRoutes: FastifyPluginAsync = async (app) => {
  const { config, db } = app.services;
  const secure = config.publicUrl.startsWith('https://');
  const cookieName = sessionCookieName(secure);
  const clientKey = (ip: string) =>
    createHmac('sha256', config.sessionSecret).update(ip).digest('hex').slice(0, 32);

  app.post('/admin/api/sesion', async (request, reply) => {
    const parsed = SignInSchema.safeParse(request.body);
    if (!parsed.success) return sendApiError(reply, 400, 'Ingresa tu correo y tu contraseña.');
    const { email, password } = parsed.data;

    // Failed and successful attempts both count: guessing stays slow from one address and against one account.
    const byClient = await hitRateLimit(
      db,
      `signin:ip:${clientKey(request.ip)}`,
      2 * config.signInRateLimit,
      WINDOW_MS,
    );
    const byAccount = await hitRateLimit(db, `signin:email:${email}`, config.signInRateLimit, WINDOW_MS);
    if (!byClient.allowed || !byAccount.allowed) {
      reply.header('Retry-After', String(Math.max(byClient.retryAfter, byAccount.retryAfter)));
      return sendApiError(reply, 429, 'Demasiados intentos de inicio de sesión. Espera unos minutos.');
    }

    const [user] = await db.select().from(staffUsers).where(eq(staffUsers.email, email));
    const valid = user?.active
      ? await verifyPassword(password, user.passwordHash)
      : await verifyDecoy(password);
    if (!user || !valid) return sendApiError(reply, 401, 'Correo o contraseña incorrectos.');

    // Whatever session the browser brought is ended; the new one gets a fresh id.
    const previous = readCookie(request, cookieName);
    if (previous) await destroySession(db, previous);
    const token = await createSession(db, user.id);
    reply.header(
      'Set-Cookie',
      serializeCookie(cookieName, token, { maxAgeSeconds: Math.floor(IDLE_TIMEOUT_MS / 1000) * 6, secure }),
    );
    return { usuario: { id: user.id, email: user.email, nombre: user.name, rol: user.role } };
  });

  app.get('/admin/api/sesion', async (request, reply) => {
    const user = await readSession(db, readCookie(request, cookieName));
    if (!user) return sendApiError(reply, 401, 'Inicia sesión para continuar.');
    return { usuario: { id: user.id, email: user.email, nombre: user.name, rol: user.role } };
  });

  app.delete('/admin/api/sesion', async (request, reply) => {
    const token = readCookie(request, cookieName);
    if (token) await destroySession(db, token);
    return reply
      .header('Set-Cookie', serializeCookie(cookieName, '', { maxAgeSeconds: 0, secure }))
      .code(204)
      .send();
  });
};
