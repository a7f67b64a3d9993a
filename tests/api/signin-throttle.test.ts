// The sign-in throttle as an attacker meets it (ADR 0028): failures slow down an account and an address with delays
// that double, never a fixed wall; a browser that signed in before keeps its own lane; the holder hears of a burst
// once, by e-mail through the outbox and a real SMTP server.
import { ApiErrorSchema } from '@contracts/vehicle.ts';
import { emailOutbox, signInThrottle, staffUsers } from '@db/schema.ts';
import { claimAttempt, signInLaneKey } from '@server/services/auth/signin-throttle.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrfHeaders, csrfHeaders } from '../support/csrf-client.ts';
import { eventually } from '../support/eventually.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';
import { testStaffUser } from '../support/staff.ts';
import { apiAppOn, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
/** Another instance on the same database, as a second server behind the load balancer would be. */
let other: FastifyInstance;
/** An instance with SIGNIN_RATE_LIMIT=3, for the cases where the number of free failures is not the point. */
let quick: FastifyInstance;
let smtp: SmtpSink;
let csrf: CsrfHeaders;
const PASSWORD = 'una-clave-larga-2026';

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  t.app.services.outbox.start();
  other = await apiAppOn(t.database);
  quick = await apiAppOn(t.database, { SIGNIN_RATE_LIMIT: '3' });
  csrf = await csrfHeaders(t.app);
}, 180_000);
afterAll(async () => {
  await quick.close();
  await other.close();
  await t.close();
  await smtp.close();
});

let accounts = 0;
async function account(name: string): Promise<string> {
  const email = `${name}${++accounts}@automotora.cl`;
  await testStaffUser(t.database.db, { email, name, password: PASSWORD, role: 'admin' });
  return email;
}

/** A new attacker address each time, from 198.51.100.0/22. */
let addresses = 0;
const freshAddress = () => `198.51.${100 + Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

function signIn(email: string, password: string, from: string, cookies = '', app = t.app) {
  return app.inject({
    method: 'POST',
    url: '/admin/api/sesion',
    remoteAddress: from,
    payload: { email, password },
    headers: { ...csrf, cookie: cookies ? `${csrf.cookie}; ${cookies}` : csrf.cookie },
  });
}

const cookieOf = (setCookie: unknown, name: string) =>
  [setCookie]
    .flat()
    .map(String)
    .find((c) => c.startsWith(`${name}=`));
const deviceCookie = (setCookie: unknown) =>
  (cookieOf(setCookie, '__Host-dispositivo') ?? '').split(';')[0] ?? '';

/** The owner signs in from their own browser once, and keeps what it was given. */
async function ownerBrowser(email: string, app = t.app): Promise<string> {
  const response = await signIn(email, PASSWORD, '203.0.113.200', '', app);
  expect(response.statusCode).toBe(200);
  const device = deviceCookie(response.headers['set-cookie']);
  expect(device).toMatch(/^__Host-dispositivo=v1\.\d+\.[\w-]{22}\.\d+\.[\w-]{43}$/);
  return device;
}

/** Time passes: every lane's current wait is over (failures still count, as they would a few seconds later). */
async function waitIsOver() {
  await t.database.db.update(signInThrottle).set({ blockedUntil: sql`now() - interval '1 second'` });
}

/**
 * Time stands still for one lane: its current wait is held for an hour, so an assertion that it refuses does not
 * depend on how fast a busy machine reaches it (a 1 s wait could be over before the next request).
 */
async function holdLane(kind: 'a' | 'u' | 'd', value: string) {
  const key = signInLaneKey(t.config.sessionSecret, kind, value);
  const [row] = await t.database.db
    .update(signInThrottle)
    .set({ blockedUntil: sql`now() + interval '1 hour'` })
    .where(
      and(eq(signInThrottle.key, key), sql`${signInThrottle.blockedUntil} > ${signInThrottle.lastFailureAt}`),
    )
    .returning({ failures: signInThrottle.failures });
  return row;
}

/** The wait the lane's last failure set, in ms (what the next attempt's Retry-After starts from). */
async function waitSetByLastFailure(kind: 'a' | 'u' | 'd', value: string) {
  const key = signInLaneKey(t.config.sessionSecret, kind, value);
  const [row] = await t.database.db.select().from(signInThrottle).where(eq(signInThrottle.key, key));
  return (row?.blockedUntil.getTime() ?? 0) - (row?.lastFailureAt?.getTime() ?? 0);
}

async function strangersFail(email: string, times: number, app = t.app) {
  for (let i = 0; i < times; i++)
    expect((await signIn(email, `adivinanza-${i}-x`, freshAddress(), '', app)).statusCode).toBe(401);
}

const outboxTo = (email: string) =>
  t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));

describe('ten wrong passwords from ten addresses, then the right one from an eleventh', () => {
  it('lets the owner in at once from a browser that signed in before', async () => {
    const owner = await account('duena');
    const device = await ownerBrowser(owner);
    await strangersFail(owner, 10);
    const response = await signIn(owner, PASSWORD, freshAddress(), device);
    expect(response.statusCode).toBe(200);
    expect(response.json().usuario.email).toBe(owner);
  });

  it('without that browser, makes the owner wait a second, not ten minutes, on every instance', async () => {
    const owner = await account('dueno');
    await strangersFail(owner, 10);
    const waiting = await signIn(owner, PASSWORD, freshAddress(), '', other);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(ApiErrorSchema.parse(waiting.json()).error).toBe(
      'Demasiados intentos fallidos de inicio de sesión. Espera 1 segundo y vuelve a intentarlo.',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await signIn(owner, PASSWORD, freshAddress())).statusCode).toBe(200);
  });
});

describe('an attacker from many addresses', () => {
  it('meets waits that double, 1 s up to 5 minutes, while the owner’s browser still gets in', async () => {
    const owner = await account('gerente');
    const device = await ownerBrowser(owner, quick);
    await strangersFail(owner, 3, quick);
    const waits: number[] = [];
    for (let i = 0; i < 11; i++) {
      const refused = await signIn(owner, `otra-${i}-clave`, freshAddress(), '', quick);
      expect(refused.statusCode).toBe(429);
      waits.push(Number(refused.headers['retry-after']));
      await waitIsOver();
      expect((await signIn(owner, `otra-${i}-clave`, freshAddress(), '', quick)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);
    const refused = await signIn(owner, PASSWORD, freshAddress(), '', quick);
    expect(refused.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(refused.json()).error).toBe(
      'Demasiados intentos fallidos de inicio de sesión. Espera 5 minutos y vuelve a intentarlo.',
    );
    expect((await signIn(owner, PASSWORD, freshAddress(), device, quick)).statusCode).toBe(200);
  });

  it('gets one try per wait even with simultaneous requests', async () => {
    const owner = await account('simultanea');
    await strangersFail(owner, 3, quick);
    await waitIsOver();
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signIn(owner, `rafaga-${i}-clave`, freshAddress(), '', quick)),
    );
    expect(burst.map((r) => r.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429]);
  });

  it('answers an unknown e-mail exactly like a staff account, and mails nobody', async () => {
    const staff = await account('real');
    const unknown = `nadie${accounts}@automotora.cl`;
    const answers = async (email: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await signIn(email, `prueba-${i}-clave`, freshAddress(), '', quick);
        seen.push(`${response.statusCode} ${response.headers['retry-after'] ?? '-'} ${response.body}`);
        if (i === 3) await waitIsOver();
      }
      return seen;
    };
    const known = await answers(staff);
    expect(await answers(unknown)).toEqual(known);
    expect(known.map((a) => a.slice(0, 5))).toEqual(['401 -', '401 -', '401 -', '429 1', '401 -']);
    expect(await outboxTo(unknown)).toEqual([]);
    expect(await outboxTo(staff)).toHaveLength(1);
  });
});

describe('the e-mail to the account holder', () => {
  it('is queued once per burst, in Spanish, and delivered', async () => {
    const owner = await account('avisada');
    await ownerBrowser(owner);
    await strangersFail(owner, 9);
    expect(await outboxTo(owner)).toEqual([]);
    await strangersFail(owner, 1);
    for (let i = 0; i < 5; i++) {
      await waitIsOver();
      expect((await signIn(owner, `mas-${i}-clave`, freshAddress())).statusCode).toBe(401);
    }
    const rows = await outboxTo(owner);
    expect(rows).toHaveLength(1);
    let mail: ParsedMail | undefined;
    await eventually(() => {
      mail = smtp.messages.find((m) => m.to && 'text' in m.to && m.to.text === owner);
      return mail !== undefined;
    }, 15_000);
    expect(mail?.subject).toBe(
      `Intentos fallidos de inicio de sesión en tu cuenta de ${t.config.dealership.name}`,
    );
    const text = mail?.text ?? '';
    expect(text).toContain('Hubo 10 intentos fallidos de iniciar sesión en tu cuenta');
    expect(text).toContain('(hora de Chile)');
    expect(text).toContain('Los navegadores en los que ya iniciaste sesión antes siguen funcionando');
    expect(text).toContain(`cámbiala en «Mi cuenta» (${t.config.publicUrl}/admin/cuenta)`);
    expect(mail?.html).toContain(`<a href="${t.config.publicUrl}/admin/cuenta">`);
  });

  it('from a remembered browser, says so: that browser, or a copy of its cookie, was guessing', async () => {
    const owner = await account('distraida');
    const device = await ownerBrowser(owner, quick);
    for (let i = 0; i < 3; i++)
      expect((await signIn(owner, `olvido-${i}-clave`, '203.0.113.200', device, quick)).statusCode).toBe(401);
    expect((await signIn(owner, PASSWORD, '203.0.113.200', device, quick)).statusCode).toBe(429);
    await waitIsOver();
    expect((await signIn(owner, 'olvido-x-clave', '203.0.113.200', device, quick)).statusCode).toBe(401);
    const rows = await outboxTo(owner);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.textBody).toContain(
      'Hubo 3 intentos fallidos de iniciar sesión en tu cuenta del panel de ' +
        `${t.config.dealership.name} (${owner}) desde un navegador en el que ya habías iniciado sesión antes`,
    );
  });
});

describe('simultaneous attempts', () => {
  it('a lane one attempt just created blocks no other: colleagues signing in at once from one office all get in', async () => {
    const lane = { key: `a:simultaneous-${accounts}`, free: 6 };
    const now = Date.now();
    expect(await claimAttempt(t.database.db, [lane], now)).toEqual({ allowed: true });
    // The second attempt read the clock a moment before the first created the lane, and took its lock after.
    expect(await claimAttempt(t.database.db, [lane], now - 50)).toEqual({ allowed: true });
    const owners = await Promise.all([1, 2, 3, 4].map(() => account('oficina-junta')));
    const from = freshAddress();
    const answers = await Promise.all(owners.map((owner) => signIn(owner, PASSWORD, from)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
  });
});

describe('what a device cookie is worth', () => {
  it('nothing when forged, altered, of another account, or from before a password change', async () => {
    const owner = await account('victima');
    const own = await ownerBrowser(owner, quick);
    const colleague = await ownerBrowser(await account('colega'), quick);
    await strangersFail(owner, 3, quick);
    expect(await holdLane('u', owner)).toEqual({ failures: 3 });
    const [, value = ''] = own.split('=');
    const parts = value.split('.');
    const id = Number(parts[1]);
    const colleagueId = colleague.split('.')[1];
    const forged = [
      colleague,
      `__Host-dispositivo=${value.slice(0, -2)}${value.endsWith('AA') ? 'BA' : 'AA'}`,
      `__Host-dispositivo=${['v1', colleagueId, ...parts.slice(2)].join('.')}`,
      `__Host-dispositivo=${['v1', id, parts[2], Number(parts[3]) + 1, parts[4]].join('.')}`,
      `__Host-dispositivo=v1.${id}.${'A'.repeat(22)}.${Math.floor(Date.now() / 1000)}.${'A'.repeat(43)}`,
      `dispositivo=${value}`,
      '__Host-dispositivo=',
    ];
    for (const cookie of forged) {
      const response = await signIn(owner, PASSWORD, freshAddress(), cookie, quick);
      expect(response.statusCode, cookie).toBe(429);
    }
    // The genuine one is worth its own lane...
    expect((await signIn(owner, PASSWORD, freshAddress(), own, quick)).statusCode).toBe(200);
    // ...until the password changes: a new password makes every device cookie of the account worthless. (The
    // account's lane is held for a minute; the browser's own lane, cleared by its sign-in, would have let it try.)
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, id));
    await t.database.db
      .update(staffUsers)
      .set({ passwordHash: `${row?.passwordHash}x` })
      .where(eq(staffUsers.id, id));
    await t.database.db.update(signInThrottle).set({ blockedUntil: sql`now() + interval '1 minute'` });
    expect((await signIn(owner, PASSWORD, freshAddress(), own, quick)).statusCode).toBe(429);
    await waitIsOver();
  });

  it('when stolen, buys its own few guesses and then the same doubling waits, from any address', async () => {
    const owner = await account('robada');
    const stolen = await ownerBrowser(owner, quick);
    for (let i = 0; i < 3; i++)
      expect((await signIn(owner, `robo-${i}-clave`, freshAddress(), stolen, quick)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const refused = await signIn(owner, `robo-x${i}-clave`, freshAddress(), stolen, quick);
      expect(refused.statusCode).toBe(429);
      waits.push(Number(refused.headers['retry-after']));
      await waitIsOver();
      expect((await signIn(owner, `robo-x${i}-clave`, freshAddress(), stolen, quick)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);
    // Its failures did not touch the account's lane: a stranger's browser with the right password gets in.
    expect((await signIn(owner, PASSWORD, freshAddress(), '', quick)).statusCode).toBe(200);
  });

  it('does not lift the address’s own limit (twice the account’s): it slows every account there', async () => {
    const owner = await account('oficina');
    const device = await ownerBrowser(owner, quick);
    const from = freshAddress();
    for (let i = 0; i < 6; i++)
      expect((await signIn(`cuenta${i}@otra.cl`, 'cualquier-clave-1', from, '', quick)).statusCode).toBe(401);
    expect(await waitSetByLastFailure('a', from)).toBe(1_000);
    expect(await holdLane('a', from)).toEqual({ failures: 6 });
    const refused = await signIn(owner, PASSWORD, from, device, quick);
    expect(refused.statusCode).toBe(429);
    expect((await signIn(owner, PASSWORD, freshAddress(), device, quick)).statusCode).toBe(200);
  });

  it('a successful sign-in clears the failures of its address and browser', async () => {
    const owner = await account('despistado');
    const device = await ownerBrowser(owner, quick);
    const from = freshAddress();
    for (let i = 0; i < 2; i++)
      expect((await signIn(owner, `casi-${i}-clave`, from, device, quick)).statusCode).toBe(401);
    expect((await signIn(owner, PASSWORD, from, device, quick)).statusCode).toBe(200);
    // Two failures before and six now would pass the address's six free ones, had they not been cleared; and the
    // browser has three free failures again.
    for (let i = 0; i < 6; i++)
      expect((await signIn(`otra${i}@otra.cl`, `casi-${i}-clave`, from, '', quick)).statusCode).toBe(401);
    for (let i = 0; i < 3; i++)
      expect((await signIn(owner, `casi-${i}-clave`, freshAddress(), device, quick)).statusCode).toBe(401);
  });
});
