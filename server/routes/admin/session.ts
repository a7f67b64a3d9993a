import { isPrintableLine } from '@contracts/text-field.ts';
import { staffUsers } from '@db/schema.ts';
import { signInWaitText } from '@domain/sign-in-wait.ts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sendApiError } from '../../http/api-error.ts';
import { readCookie, serializeCookie } from '../../http/cookies.ts';
import {
  DEVICE_COOKIE_MAX_AGE_S,
  deviceCookieName,
  issueDeviceCookie,
  readDeviceCookie,
} from '../../services/auth/device-cookie.ts';
import { verifyDecoy, verifyPassword } from '../../services/auth/password.ts';
import {
  createSession,
  destroySession,
  IDLE_TIMEOUT_MS,
  readSession,
  sessionCookieName,
} from '../../services/auth/sessions.ts';
import { recordFailedSignIn } from '../../services/auth/signin-alert.ts';
import {
  claimAttempt,
  clearLanes,
  signInLaneKey,
  type ThrottleLane,
} from '../../services/auth/signin-throttle.ts';

const SignInSchema = z.object({
  // The e-mail reaches SQL (account lookup) and a throttle key: PostgreSQL refuses a NUL in text with an error.
  email: z.string().trim().toLowerCase().max(254).refine(isPrintableLine),
  password: z.string().max(200),
});

/** Sign-in, the current user, and sign-out of the back office. */
export const sessionRoutes: FastifyPluginAsync = async (app) => {
  const { config, db } = app.services;
  const secure = config.publicUrl.startsWith('https://');
  const cookieName = sessionCookieName(secure);
  const deviceName = deviceCookieName(secure);
  const free = config.signInRateLimit;
  const laneKey = (kind: 'a' | 'u' | 'd', value: string) => signInLaneKey(config.sessionSecret, kind, value);

  app.post('/admin/api/sesion', async (request, reply) => {
    const parsed = SignInSchema.safeParse(request.body);
    if (!parsed.success) return sendApiError(reply, 400, 'Ingresa tu correo y tu contraseña.');
    const { email, password } = parsed.data;

    // The same lanes and answers whether or not the e-mail is a staff account; only a valid device cookie, which
    // only a real account's earlier sign-in can have issued, moves the attempt out of the account's lane (ADR 0028).
    const [user] = await db.select().from(staffUsers).where(eq(staffUsers.email, email));
    const device = user?.active
      ? readDeviceCookie(config.sessionSecret, readCookie(request, deviceName), user)
      : null;
    const addressLane: ThrottleLane = { key: laneKey('a', request.ip), free: 2 * free };
    const ownLane: ThrottleLane = device
      ? { key: laneKey('d', device.nonce), free }
      : { key: laneKey('u', email), free };
    const lanes = [addressLane, ownLane];

    const claim = await claimAttempt(db, lanes);
    if (!claim.allowed) {
      reply.header('Retry-After', String(claim.retryAfterSeconds));
      return sendApiError(reply, 429, signInWaitText(claim.retryAfterSeconds));
    }

    const valid = user?.active
      ? await verifyPassword(password, user.passwordHash)
      : await verifyDecoy(password);
    if (!user || !valid) {
      // The holder hears of it once per burst: when the failures of the attempt's own lane (strangers on the
      // account, or one remembered browser) start being slowed down. The dealership's name is read for every
      // failure, known account or not, so both take the same steps until the notice's insert.
      const queued = await recordFailedSignIn(db, {
        lanes,
        ownLane,
        holder: user?.active ? user : null,
        rememberedBrowser: device !== null,
        dealershipName: (await app.services.catalogue.dealership()).name,
        publicUrl: config.publicUrl,
      });
      if (queued) app.services.outbox.poke();
      return sendApiError(reply, 401, 'Correo o contraseña incorrectos.');
    }
    // This browser and this address start over; the account's lane keeps counting strangers' failures.
    await clearLanes(db, [addressLane.key, ...(device ? [ownLane.key] : [])]);

    // Whatever session the browser brought is ended; the new one gets a fresh id.
    const previous = readCookie(request, cookieName);
    if (previous) await destroySession(db, previous);
    const token = await createSession(db, user.id);
    // A fresh device cookie on every sign-in: the browser is remembered for a year from its last sign-in.
    const remembered = issueDeviceCookie(config.sessionSecret, user.id, user.passwordHash);
    reply.header('Set-Cookie', [
      serializeCookie(cookieName, token, { maxAgeSeconds: Math.floor(IDLE_TIMEOUT_MS / 1000) * 6, secure }),
      serializeCookie(deviceName, remembered.value, { maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_S, secure }),
    ]);
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
