// Cookies, CSRF and sessions across the whole route table. tests/api/csrf.test.ts and admin-session.test.ts cover the
// cases one route at a time; this file walks every unsafe route, checks both cookie configurations (http and https),
// and attacks the session: an attacker-chosen id, a replayed id after sign-out, idle and absolute expiry.
import { createHash } from 'node:crypto';
import { sessions } from '@db/schema.ts';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from '@server/services/auth/sessions.ts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { expectSpanishRefusal } from '../support/hostile-checks.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { type SignedInStaff, STAFF_PASSWORD, signedInStaff } from '../support/staff.ts';
import { apiAppOn, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
/** The same database under an http:// PUBLIC_URL (local development, no TLS). */
let http: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000' });
  http = await apiAppOn(t.database, { PUBLIC_URL: 'http://autos.example.cl' });
}, 180_000);
afterAll(async () => {
  await http.close();
  await t.close();
});

/** Row counts of every table: a refused request must leave all of them as they were. */
async function everyTableCount(): Promise<Record<string, number>> {
  const result = await t.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of (result as unknown as { rows: Array<{ table_name: string }> }).rows) {
    const [row] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)}`,
      )) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows;
    counts[table_name] = Number(row?.n);
  }
  return counts;
}

const cookieOf = (setCookie: unknown, name: string) =>
  [setCookie]
    .flat()
    .map(String)
    .find((c) => c.startsWith(`${name}=`));
const sessionHash = (token: string) => createHash('sha256').update(token).digest('hex');

async function signIn(app: FastifyInstance, email: string, cookieExtra = '') {
  const csrf = await csrfHeaders(app, app.services.config.publicUrl);
  const response = await app.inject({
    method: 'POST',
    url: '/admin/api/sesion',
    payload: { email, password: STAFF_PASSWORD },
    headers: { ...csrf, cookie: `${csrf.cookie}${cookieExtra ? `; ${cookieExtra}` : ''}` },
  });
  return { response, csrf };
}

describe('cookie flags', () => {
  it.each([
    ['https', () => t.app, true],
    ['http', () => http, false],
  ])(
    'csrftoken over %s: SameSite=Lax, Path=/, host-only; Secure only over https',
    async (_case, app, secure) => {
      const response = await app().inject({ method: 'GET', url: '/api/get-csrf-token/' });
      const cookie = cookieOf(response.headers['set-cookie'], 'csrftoken') ?? '';
      expect(cookie).toMatch(/^csrftoken=[a-zA-Z0-9]{32};/);
      expect(cookie).toContain('; SameSite=Lax');
      expect(cookie).toContain('; Path=/');
      expect(cookie).not.toMatch(/;\s*Domain=/i);
      expect(cookie.includes('; Secure')).toBe(secure);
    },
  );

  it.each([
    ['https', '__Host-sesion', () => t.app, true],
    ['http', 'sesion', () => http, false],
  ])(
    'the session cookie over %s is %s: HttpOnly, SameSite=Lax, Path=/, host-only',
    async (_case, name, app, secure) => {
      const staff = await signedInStaff(t.app, 'ventas');
      const { response } = await signIn(app(), staff.email);
      expect(response.statusCode).toBe(200);
      const cookie = cookieOf(response.headers['set-cookie'], name) ?? '';
      expect(cookie).toMatch(new RegExp(`^${name}=[\\w-]{43};`));
      for (const flag of ['; HttpOnly', '; SameSite=Lax', '; Path=/']) expect(cookie).toContain(flag);
      expect(cookie).not.toMatch(/;\s*Domain=/i);
      expect(cookie.includes('; Secure')).toBe(secure);
      // The other configuration's name is never used: no __Host- cookie without Secure, no plain one over https.
      expect(cookieOf(response.headers['set-cookie'], secure ? 'sesion' : '__Host-sesion')).toBeUndefined();
    },
  );

  it.each([
    ['https', '__Host-dispositivo', () => t.app, true],
    ['http', 'dispositivo', () => http, false],
  ])(
    'the device cookie over %s is %s: signed, HttpOnly, SameSite=Lax, Path=/, host-only, a year long',
    async (_case, name, app, secure) => {
      const staff = await signedInStaff(t.app, 'ventas');
      const { response } = await signIn(app(), staff.email);
      const cookie = cookieOf(response.headers['set-cookie'], name) ?? '';
      expect(cookie).toMatch(new RegExp(`^${name}=v1\\.${staff.id}\\.[\\w-]{22}\\.\\d+\\.[\\w-]{43};`));
      for (const flag of ['; HttpOnly', '; SameSite=Lax', '; Path=/', '; Max-Age=31536000'])
        expect(cookie).toContain(flag);
      expect(cookie).not.toMatch(/;\s*Domain=/i);
      expect(cookie.includes('; Secure')).toBe(secure);
      expect(
        cookieOf(response.headers['set-cookie'], secure ? 'dispositivo' : '__Host-dispositivo'),
      ).toBeUndefined();
      // A fresh one on every sign-in: the value is never the one the browser brought.
      const again = await signIn(app(), staff.email, cookie.split(';')[0]);
      const renewed = cookieOf(again.response.headers['set-cookie'], name)?.split(';')[0];
      expect(renewed).toBeDefined();
      expect(renewed).not.toBe(cookie.split(';')[0]);
    },
  );

  it('a session cookie of the https name is not read by the http site, nor the other way round', async () => {
    const staff = await signedInStaff(t.app, 'ventas');
    const token = staff.headers.cookie.split('__Host-sesion=')[1] ?? '';
    const onHttp = await http.inject({
      method: 'GET',
      url: '/admin/api/sesion',
      headers: { cookie: `__Host-sesion=${token}` },
    });
    expect(onHttp.statusCode).toBe(401);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/admin/api/sesion',
      headers: { cookie: `sesion=${token}` },
    });
    expect(plain.statusCode).toBe(401);
  });
});

describe('the CSRF matrix on every unsafe route', () => {
  const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
  type Headers = Record<string, string>;
  const SPOILS: Array<[string, (h: Headers, other: Headers) => Headers]> = [
    ['no csrftoken cookie', (h) => ({ ...h, cookie: (h.cookie ?? '').replace(/csrftoken=[^;]*;?\s*/, '') })],
    ['no X-CSRFToken header', ({ 'x-csrftoken': _x, ...h }) => h],
    ['a wrong token', (h) => ({ ...h, 'x-csrftoken': 'a'.repeat(64) })],
    ['the token of another cookie', (h, other) => ({ ...h, 'x-csrftoken': other['x-csrftoken'] ?? '' })],
    ['a foreign Origin', (h) => ({ ...h, origin: 'https://atacante.example' })],
    ['a look-alike Origin', (h) => ({ ...h, origin: 'https://autos.example.cl.atacante.example' })],
    ['the http Origin of the https site', (h) => ({ ...h, origin: 'http://autos.example.cl' })],
    ['no Origin and no Sec-Fetch-Site', ({ origin: _o, ...h }) => h],
    [
      'Sec-Fetch-Site cross-site instead of Origin',
      ({ origin: _o, ...h }) => ({ ...h, 'sec-fetch-site': 'cross-site' }),
    ],
    [
      'Sec-Fetch-Site same-site instead of Origin',
      ({ origin: _o, ...h }) => ({ ...h, 'sec-fetch-site': 'same-site' }),
    ],
    ['Origin: null', (h) => ({ ...h, origin: 'null' })],
  ];

  let staff: SignedInStaff;
  let other: Headers;
  let routes: Array<{ method: string; path: string }>;
  beforeAll(async () => {
    staff = await signedInStaff(t.app, 'admin');
    other = await csrfHeaders(t.app);
    routes = t.app.routeTable
      .filter((r) => UNSAFE.has(r.method) && !r.csrfExempt)
      .map((r) => ({ method: r.method, path: r.url.replace(/:[A-Za-z]+/g, '1') }));
  });

  it('finds the lead endpoints and the back office mutations in the route table', () => {
    const paths = routes.map((r) => `${r.method} ${r.path}`);
    for (const path of Object.keys(VALID_PAYLOADS)) expect(paths).toContain(`POST ${path}`);
    expect(paths).toContain('POST /admin/api/sesion');
    expect(paths).toContain('DELETE /admin/api/sesion');
    expect(routes.length).toBeGreaterThan(15);
    // The only unsafe routes without the check are the 404 catch-alls, which change nothing, and the RFC 8058
    // one-click unsubscribe, which a mail provider posts without cookies and whose signed link is its authority.
    const exempt = t.app.routeTable.filter((r) => UNSAFE.has(r.method) && r.csrfExempt);
    expect(exempt.length).toBeGreaterThan(0);
    expect(exempt.every((r) => r.url.endsWith('/*') || r.url === '/alertas/baja')).toBe(true);
  });

  it.each(SPOILS)(
    'refuses %s on every unsafe route with a Spanish 403 and changes nothing',
    async (_case, spoil) => {
      const before = await everyTableCount();
      for (const { method, path } of routes) {
        const payload = VALID_PAYLOADS[path as keyof typeof VALID_PAYLOADS] ?? { texto: 'Nota', nombre: 'X' };
        const response = await t.app.inject({
          method: method as 'POST',
          url: path,
          headers: spoil({ ...staff.headers }, other),
          ...(method === 'DELETE' ? {} : { payload }),
        });
        expect(response.statusCode, `${method} ${path}`).toBe(403);
        expect(expectSpanishRefusal(response).error).toMatch(/^Solicitud rechazada/);
      }
      expect(await everyTableCount()).toEqual(before);
      // The session those requests carried is still alive: a forged sign-out did not end it.
      const me = await t.app.inject({ method: 'GET', url: '/admin/api/sesion', headers: staff.headers });
      expect(me.statusCode).toBe(200);
    },
  );

  it('the same headers unspoiled pass the check (so each 403 above was the CSRF check)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contacto-contacto/',
      headers: staff.headers,
      payload: VALID_PAYLOADS['/api/contacto-contacto/'],
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('session fixation', () => {
  it('never adopts a session id the attacker planted before sign-in', async () => {
    const victim = await signedInStaff(t.app, 'admin');
    const planted = 'a'.repeat(43);
    const { response } = await signIn(t.app, victim.email, `__Host-sesion=${planted}`);
    expect(response.statusCode).toBe(200);
    const issued = (cookieOf(response.headers['set-cookie'], '__Host-sesion') ?? '')
      .split(';')[0]
      ?.split('=')[1];
    expect(issued).toBeDefined();
    expect(issued).not.toBe(planted);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sessionHash(planted)));
    expect(row).toBeUndefined();
    const replay = await t.app.inject({
      method: 'GET',
      url: '/admin/api/sesion',
      headers: { cookie: `__Host-sesion=${planted}` },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('ends the attacker’s own valid session when the victim signs in over it', async () => {
    const attacker = await signedInStaff(t.app, 'ventas');
    const victim = await signedInStaff(t.app, 'admin');
    const attackerCookie =
      attacker.headers.cookie.split('; ').find((c) => c.startsWith('__Host-sesion=')) ?? '';
    const { response } = await signIn(t.app, victim.email, attackerCookie);
    expect(response.statusCode).toBe(200);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/admin/api/sesion',
      headers: { cookie: attackerCookie },
    });
    expect(replay.statusCode).toBe(401);
  });
});

describe('sign-out', () => {
  it('kills the session on the server: the old cookie replayed on every back office route gets 401', async () => {
    const staff = await signedInStaff(t.app, 'admin');
    const out = await t.app.inject({ method: 'DELETE', url: '/admin/api/sesion', headers: staff.headers });
    expect(out.statusCode).toBe(204);
    const gets = t.app.routeTable.filter(
      (r) => r.method === 'GET' && r.url.startsWith('/admin/api/') && !r.url.includes('*'),
    );
    expect(gets.length).toBeGreaterThan(5);
    for (const { url } of gets) {
      const path = url.replace(':tipo', 'marcas').replace(/:[A-Za-z]+/g, '1');
      const replay = await t.app.inject({ method: 'GET', url: path, headers: staff.headers });
      expect(replay.statusCode, path).toBe(401);
      expectSpanishRefusal(replay);
    }
    // And a mutation with the old cookie and a valid CSRF token.
    const note = await t.app.inject({
      method: 'POST',
      url: '/admin/api/solicitudes/1/notas',
      headers: staff.headers,
      payload: { texto: 'x' },
    });
    expect(note.statusCode).toBe(401);
  });

  it('clears the cookie with the same flags over http', async () => {
    const staff = await signedInStaff(t.app, 'ventas');
    const { response, csrf } = await signIn(http, staff.email);
    const session = (cookieOf(response.headers['set-cookie'], 'sesion') ?? '').split(';')[0] ?? '';
    const out = await http.inject({
      method: 'DELETE',
      url: '/admin/api/sesion',
      headers: { ...csrf, cookie: `${csrf.cookie}; ${session}` },
    });
    expect(out.statusCode).toBe(204);
    expect(cookieOf(out.headers['set-cookie'], 'sesion')).toMatch(/^sesion=; .*Max-Age=0/);
    const replay = await http.inject({
      method: 'GET',
      url: '/admin/api/sesion',
      headers: { cookie: session },
    });
    expect(replay.statusCode).toBe(401);
  });
});

describe('expiry', () => {
  async function sessionOf(staff: SignedInStaff) {
    const token = staff.headers.cookie.split('__Host-sesion=')[1] ?? '';
    return { token, hash: sessionHash(token) };
  }
  const me = (staff: SignedInStaff) =>
    t.app.inject({ method: 'GET', url: '/admin/api/sesion', headers: staff.headers });

  it('refuses a session idle for longer than the idle timeout', async () => {
    const staff = await signedInStaff(t.app, 'ventas');
    const { hash } = await sessionOf(staff);
    expect((await me(staff)).statusCode).toBe(200);
    const past = new Date(Date.now() - IDLE_TIMEOUT_MS - 60_000);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: past, expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.tokenHash, hash));
    const response = await me(staff);
    expect(response.statusCode).toBe(401);
    expectSpanishRefusal(response);
  });

  it('refuses a session past its absolute lifetime even while it is being used', async () => {
    const staff = await signedInStaff(t.app, 'ventas');
    const { hash } = await sessionOf(staff);
    const now = Date.now();
    await t.database.db
      .update(sessions)
      .set({
        createdAt: new Date(now - ABSOLUTE_TIMEOUT_MS - 60_000),
        lastSeenAt: new Date(now),
        expiresAt: new Date(now + IDLE_TIMEOUT_MS),
      })
      .where(eq(sessions.tokenHash, hash));
    expect((await me(staff)).statusCode).toBe(401);
  });

  it('keeps an active session alive by sliding its idle expiry', async () => {
    const staff = await signedInStaff(t.app, 'ventas');
    const { hash } = await sessionOf(staff);
    const now = Date.now();
    // Last seen ten minutes ago, five minutes left: a request now pushes the expiry a full idle timeout ahead.
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now - 600_000), expiresAt: new Date(now + 300_000) })
      .where(eq(sessions.tokenHash, hash));
    expect((await me(staff)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hash));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(now + IDLE_TIMEOUT_MS - 60_000);
  });

  it('refuses tokens of every wrong shape without touching the database rows', async () => {
    const before = await t.database.db.select().from(sessions);
    for (const token of [
      '',
      'x',
      'a'.repeat(101),
      '%00',
      'null',
      'undefined',
      "' OR 1=1 --",
      '😀'.repeat(20),
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/admin/api/sesion',
        headers: { cookie: `__Host-sesion=${encodeURIComponent(token)}` },
      });
      expect(response.statusCode).toBe(401);
    }
    expect(await t.database.db.select().from(sessions)).toEqual(before);
  });
});
