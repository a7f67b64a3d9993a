// Password recovery (issue 31) as staff and strangers meet it: "¿Olvidaste tu contraseña?" answers the same for a
// known, an unknown and a deactivated address and mails only the active account, through the outbox and a real
// SMTP server; the link works once, expires, ends every session; an admin sends a colleague the link and changes
// their e-mail. Each test asks from its own client address, so the per-client limit is the point only where it is.
import { ApiErrorSchema } from '@contracts/vehicle.ts';
import { auditLog, emailOutbox, passwordResets, sessions, staffUsers } from '@db/schema.ts';
import { RESET_ADDRESS_LIMIT, RESET_REQUESTED_MESSAGE } from '@server/services/auth/password-reset.ts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrfHeaders, csrfHeaders } from '../support/csrf-client.ts';
import { eventually } from '../support/eventually.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';
import { callAs, type SignedInStaff, signedInStaff, testStaffUser } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PASSWORD = 'una-clave-larga-2026';
const NEW_PASSWORD = 'tortuga violeta cruza el puente';
const LIMIT = 4;

let t: TestApp;
let smtp: SmtpSink;
let csrf: CsrfHeaders;
let admin: SignedInStaff;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PASSWORD_RESET_RATE_LIMIT: String(LIMIT),
  });
  t.app.services.outbox.start();
  csrf = await csrfHeaders(t.app);
  admin = await signedInStaff(t.app, 'admin');
}, 180_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let accounts = 0;
async function account(name: string, role: 'admin' | 'ventas' = 'ventas') {
  const email = `${name.toLowerCase()}${++accounts}@automotora.cl`;
  const { id } = await testStaffUser(t.database.db, { email, name, password: PASSWORD, role });
  return { id, email, name };
}

/** A new client address each time, from 198.51.100.0/22. */
let addresses = 0;
const freshAddress = () => `198.51.${100 + Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

const forgot = (email: unknown, from = freshAddress(), headers: Record<string, string> = csrf) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/api/clave/olvidada',
    remoteAddress: from,
    payload: { email },
    headers,
  });

const setPassword = (token: string, nueva: string, from = freshAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/api/clave/nueva',
    remoteAddress: from,
    payload: { t: token, nueva },
    headers: csrf,
  });

function signIn(email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/admin/api/sesion',
    remoteAddress: freshAddress(),
    payload: { email, password },
    headers: csrf,
  });
}
const sessionCookie = (setCookie: unknown) => String([setCookie].flat()[0]).split(';')[0] ?? '';
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/admin/api/sesion', headers: { cookie } });

const mailsTo = (email: string) => smtp.messages.filter((m) => m.to && JSON.stringify(m.to).includes(email));
const linkMailsTo = (email: string) => mailsTo(email).filter((m) => m.subject?.startsWith('Crea una nueva'));

/** The link of the newest link e-mail the account received over SMTP, once it has arrived. */
async function linkOf(email: string, nth = 1): Promise<{ mail: ParsedMail; token: string }> {
  await eventually(() => linkMailsTo(email).length >= nth, 15_000);
  const mail = linkMailsTo(email)[nth - 1] as ParsedMail;
  const match = /https:\/\/autos\.example\.cl\/admin\/clave-nueva\?t=([\w-]{43})/.exec(mail.text ?? '');
  expect(match, mail.text).not.toBeNull();
  return { mail, token: match?.[1] ?? '' };
}

const resetRows = async (userId: number) =>
  (
    await t.database.db.select({ n: count() }).from(passwordResets).where(eq(passwordResets.userId, userId))
  )[0]?.n ?? 0;
const outboxTo = async (email: string) =>
  (await t.database.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.toAddress, email)))[0]
    ?.n ?? 0;
const auditOf = (action: string, userId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(userId))));

describe('POST /admin/api/clave/olvidada', () => {
  it('answers a known, an unknown and a deactivated address alike, and mails only the active account', async () => {
    const known = await account('Conocida');
    const inactive = await account('Inactiva');
    await t.database.db.update(staffUsers).set({ active: false }).where(eq(staffUsers.id, inactive.id));

    const answers = [];
    for (const email of [known.email, 'nadie@automotora.cl', inactive.email]) {
      const response = await forgot(email);
      answers.push({
        status: response.statusCode,
        body: response.json(),
        cookie: response.headers['set-cookie'],
      });
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body)).toEqual(Array(3).fill({ mensaje: RESET_REQUESTED_MESSAGE }));
    expect(answers.map((a) => a.cookie)).toEqual([undefined, undefined, undefined]);

    const { mail, token } = await linkOf(known.email);
    expect(mail.subject).toMatch(/^Crea una nueva contraseña para el panel de /);
    expect(mail.text).toContain('sirve una sola vez y vence el');
    // Only a hash of the token is kept.
    const [row] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, known.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.requestedBy).toBeNull();
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(60 * 60 * 1000);
    expect(await resetRows(inactive.id)).toBe(0);
    expect(await outboxTo(inactive.email)).toBe(0);
    expect(await outboxTo('nadie@automotora.cl')).toBe(0);
    expect(await auditOf('enlace_clave_pedido', known.id)).toHaveLength(1);
  });

  it('finds the account whatever the case and spaces of the address typed', async () => {
    const known = await account('Mayusculas');
    expect((await forgot(`  ${known.email.toUpperCase()} `)).statusCode).toBe(200);
    await linkOf(known.email);
  });

  it('refuses a missing or malformed address in Spanish beside its field, storing nothing', async () => {
    for (const email of ['', 'no-es-correo', 'a@b', undefined, 42, `${'x'.repeat(250)}@automotora.cl`]) {
      const response = await forgot(email);
      expect(response.statusCode).toBe(400);
      const body = ApiErrorSchema.parse(response.json());
      expect(Object.keys(body.campos ?? {})).toEqual(['email']);
    }
  });

  it('needs the CSRF token and our origin like every other form of the back office', async () => {
    const known = await account('Csrf');
    expect((await forgot(known.email, freshAddress(), { origin: csrf.origin })).statusCode).toBe(403);
    expect(
      (await forgot(known.email, freshAddress(), { ...csrf, origin: 'https://otro.example' })).statusCode,
    ).toBe(403);
    expect(await resetRows(known.id)).toBe(0);
  });

  it(`lets one client ask ${LIMIT} times an hour, then answers 429 with Retry-After, whatever the address`, async () => {
    const from = freshAddress();
    for (let i = 0; i < LIMIT; i++)
      expect((await forgot(`desconocido${i}@automotora.cl`, from)).statusCode).toBe(200);
    const known = await account('Limitada');
    const refused = await forgot(known.email, from);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(ApiErrorSchema.parse(refused.json()).error).toBe(
      'Hiciste demasiadas solicitudes seguidas. Espera un momento e inténtalo nuevamente.',
    );
    expect(await resetRows(known.id)).toBe(0);
    // Another client is not held back.
    expect((await forgot(known.email)).statusCode).toBe(200);
  });

  it(`mails one account at most ${RESET_ADDRESS_LIMIT} links an hour, whoever asks, with the same answer`, async () => {
    const known = await account('Inundada');
    for (let i = 0; i < RESET_ADDRESS_LIMIT + 2; i++) {
      const response = await forgot(known.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ mensaje: RESET_REQUESTED_MESSAGE });
    }
    expect(await outboxTo(known.email)).toBe(RESET_ADDRESS_LIMIT);
  });
});

describe('POST /admin/api/clave/nueva', () => {
  it('sets the new password once, ends every session of the account and tells the holder', async () => {
    const holder = await account('Olvidadiza');
    const first = sessionCookie((await signIn(holder.email, PASSWORD)).headers['set-cookie']);
    const second = sessionCookie((await signIn(holder.email, PASSWORD)).headers['set-cookie']);
    expect((await me(first)).statusCode).toBe(200);

    await forgot(holder.email);
    const { token } = await linkOf(holder.email);
    const done = await setPassword(token, NEW_PASSWORD);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ sesionesCerradas: 2 });

    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    const [left] = await t.database.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, holder.id));
    expect(left?.n).toBe(0);
    expect((await signIn(holder.email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(holder.email, NEW_PASSWORD)).statusCode).toBe(200);

    // Single use: the same link again is refused, and the password stays.
    const again = await setPassword(token, 'otra frase distinta para la cuenta');
    expect(again.statusCode).toBe(410);
    expect(ApiErrorSchema.parse(again.json()).error).toBe(
      'El enlace para cambiar la contraseña no es válido, ya se usó o venció. Pide uno nuevo.',
    );
    expect((await signIn(holder.email, NEW_PASSWORD)).statusCode).toBe(200);

    const [audit] = await auditOf('clave_restablecida', holder.id);
    expect(audit?.details).toMatchObject({ usuario: holder.email, sesionesCerradas: 2 });
    await eventually(
      () => mailsTo(holder.email).some((m) => m.subject?.startsWith('Se cambió la contraseña')),
      15_000,
    );
  });

  it('refuses a guessable password with the staff password rule, and the link still works after', async () => {
    const holder = await account('Eustaquia');
    await forgot(holder.email);
    const { token } = await linkOf(holder.email);
    for (const weak of ['corta', holder.email, 'eustaquia2026', '1234567890']) {
      const response = await setPassword(token, weak);
      expect(response.statusCode, weak).toBe(400);
      expect(Object.keys(ApiErrorSchema.parse(response.json()).campos ?? {})).toEqual(['nueva']);
    }
    expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const holder = await account('Tardia');
    await forgot(holder.email);
    const { token } = await linkOf(holder.email);
    // An hour passes.
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, holder.id));
    expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(410);
    expect((await signIn(holder.email, PASSWORD)).statusCode).toBe(200);
  });

  it('keeps only the newest link of an account working', async () => {
    const holder = await account('Repetida');
    await forgot(holder.email);
    const older = (await linkOf(holder.email, 1)).token;
    await forgot(holder.email);
    const newer = (await linkOf(holder.email, 2)).token;
    expect(newer).not.toBe(older);
    expect((await setPassword(older, NEW_PASSWORD)).statusCode).toBe(410);
    expect((await setPassword(newer, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses the link of an account deactivated since it was sent', async () => {
    const holder = await account('Desactivada');
    await forgot(holder.email);
    const { token } = await linkOf(holder.email);
    await t.database.db.update(staffUsers).set({ active: false }).where(eq(staffUsers.id, holder.id));
    expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(410);
  });

  it(`counts links that do not work per client: after ${LIMIT}, a 429 even for a good one`, async () => {
    const from = freshAddress();
    for (let i = 0; i < LIMIT; i++)
      expect((await setPassword('A'.repeat(42) + String(i % 10), NEW_PASSWORD, from)).statusCode).toBe(410);
    const holder = await account('Paciente');
    await forgot(holder.email);
    const { token } = await linkOf(holder.email);
    expect((await setPassword(token, NEW_PASSWORD, from)).statusCode).toBe(429);
    expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('an admin and a colleague who forgot the password', () => {
  it('sends the colleague the link, never to the admin, and records it', async () => {
    const colleague = await account('Colega');
    const response = await callAs(
      t.app,
      'POST',
      `/admin/api/usuarios/${colleague.id}/enlace-clave`,
      admin,
      {},
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().mensaje).toContain(colleague.email);
    expect(response.body).not.toMatch(/clave-nueva/);
    const { mail, token } = await linkOf(colleague.email);
    expect(mail.text).toMatch(/administrador del panel/);
    expect(mailsTo(admin.email).filter((m) => m.subject?.startsWith('Crea una nueva'))).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, colleague.id));
    expect(row?.requestedBy).toBe(admin.id);
    expect(await auditOf('enlace_clave_enviado', colleague.id)).toHaveLength(1);
    expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('sends no link to a deactivated account, and says why in Spanish', async () => {
    const gone = await account('Retirada');
    await t.database.db.update(staffUsers).set({ active: false }).where(eq(staffUsers.id, gone.id));
    const response = await callAs(t.app, 'POST', `/admin/api/usuarios/${gone.id}/enlace-clave`, admin, {});
    expect(response.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(response.json()).error).toMatch(/desactivada/);
    expect(await resetRows(gone.id)).toBe(0);
    const missing = await callAs(t.app, 'POST', '/admin/api/usuarios/999999/enlace-clave', admin, {});
    expect(missing.statusCode).toBe(404);
  });

  it("changes a colleague's e-mail: unique, validated, recorded, and the old address's link stops working", async () => {
    const colleague = await account('Mudanza');
    const other = await account('Ocupada');
    await forgot(colleague.email);
    const { token } = await linkOf(colleague.email);

    const taken = await callAs(t.app, 'PATCH', `/admin/api/usuarios/${colleague.id}`, admin, {
      email: other.email,
    });
    expect(taken.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(taken.json())).toEqual({
      error: 'Ya existe una cuenta con ese correo.',
      campos: { email: 'Ya existe otra cuenta con este correo.' },
    });
    const invalid = await callAs(t.app, 'PATCH', `/admin/api/usuarios/${colleague.id}`, admin, {
      email: 'no-es',
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(ApiErrorSchema.parse(invalid.json()).campos ?? {})).toEqual(['email']);

    const renamed = `nuevo.${colleague.email}`;
    const changed = await callAs(t.app, 'PATCH', `/admin/api/usuarios/${colleague.id}`, admin, {
      email: ` ${renamed.toUpperCase()} `,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().usuario.email).toBe(renamed);
    const [audit] = await auditOf('correo_cambiado', colleague.id);
    expect(audit?.details).toMatchObject({
      cambios: { correo: { antes: colleague.email, despues: renamed } },
    });
    expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(410);
    expect((await signIn(renamed, PASSWORD)).statusCode).toBe(200);
    expect((await signIn(colleague.email, PASSWORD)).statusCode).toBe(401);
  });
});
