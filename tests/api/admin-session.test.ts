import { ApiErrorSchema } from '@contracts/vehicle.ts';
import { sessions, staffUsers } from '@db/schema.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrfHeaders, csrfHeaders } from '../support/csrf-client.ts';
import { testStaffUser } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let csrf: CsrfHeaders;
const password = 'una-clave-larga-2026';

beforeAll(async () => {
  t = await createTestApp();
  csrf = await csrfHeaders(t.app);
  await testStaffUser(t.database.db, { email: 'ana@automotora.cl', name: 'Ana', password, role: 'admin' });
  await testStaffUser(t.database.db, {
    email: 'beto@automotora.cl',
    name: 'Beto',
    password,
    role: 'ventas',
  });
});
afterAll(() => t.close());

function signIn(email: string, pass: string, cookie = csrf.cookie) {
  return t.app.inject({
    method: 'POST',
    url: '/admin/api/sesion',
    payload: { email, password: pass },
    headers: { ...csrf, cookie },
  });
}

const sessionCookie = (setCookie: unknown) => String(setCookie).split(';')[0] ?? '';
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/admin/api/sesion', headers: { cookie } });

describe('POST /admin/api/sesion', () => {
  it('signs in with e-mail and password and sets HttpOnly, SameSite=Lax, __Host- session and device cookies', async () => {
    const response = await signIn('Ana@Automotora.cl ', password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      usuario: { id: expect.any(Number), email: 'ana@automotora.cl', nombre: 'Ana', rol: 'admin' },
    });
    const [session, device, ...more] = [response.headers['set-cookie']].flat();
    expect(session).toMatch(
      /^__Host-sesion=[\w-]{43}; Path=\/; SameSite=Lax; Max-Age=\d+; HttpOnly; Secure$/,
    );
    // The browser is remembered for a year: its sign-ins skip the account's throttle lane (ADR 0028).
    expect(device).toMatch(
      /^__Host-dispositivo=v1\.\d+\.[\w-]{22}\.\d+\.[\w-]{43}; Path=\/; SameSite=Lax; Max-Age=31536000; HttpOnly; Secure$/,
    );
    expect(more).toEqual([]);
    const cookie = sessionCookie(response.headers['set-cookie']);
    const who = await me(cookie);
    expect(who.json().usuario.email).toBe('ana@automotora.cl');
    expect(who.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['a wrong password', 'ana@automotora.cl', 'otra-clave-cualquiera'],
    ['an unknown e-mail', 'nadie@automotora.cl', password],
  ])('refuses %s with the same Spanish 401', async (_case, email, pass) => {
    const response = await signIn(email, pass);
    expect(response.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(response.json()).error).toBe('Correo o contraseña incorrectos.');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('needs the CSRF token like every other mutation', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin/api/sesion',
      payload: { email: 'ana@automotora.cl', password },
      headers: { origin: csrf.origin },
    });
    expect(response.statusCode).toBe(403);
  });

  it('never keeps a session id the browser brought (fixation): the old one dies, a new one is issued', async () => {
    const first = sessionCookie((await signIn('ana@automotora.cl', password)).headers['set-cookie']);
    const second = await signIn('ana@automotora.cl', password, `${csrf.cookie}; ${first}`);
    const renewed = sessionCookie(second.headers['set-cookie']);
    expect(renewed).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(renewed)).statusCode).toBe(200);
  });

  it('refuses a deactivated account and ends its sessions', async () => {
    const cookie = sessionCookie((await signIn('beto@automotora.cl', password)).headers['set-cookie']);
    await t.database.db
      .update(staffUsers)
      .set({ active: false })
      .where(eq(staffUsers.email, 'beto@automotora.cl'));
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await signIn('beto@automotora.cl', password)).statusCode).toBe(401);
    await t.database.db
      .update(staffUsers)
      .set({ active: true })
      .where(eq(staffUsers.email, 'beto@automotora.cl'));
  });

  it('slows down guessing: after 10 failures on one account, a 429 with a short Retry-After, not a wall', async () => {
    await testStaffUser(t.database.db, {
      email: 'objetivo@automotora.cl',
      name: 'Objetivo',
      password,
      role: 'ventas',
    });
    for (let i = 0; i < 10; i++)
      expect((await signIn('objetivo@automotora.cl', `mala-${i}-clave`)).statusCode).toBe(401);
    const blocked = await signIn('objetivo@automotora.cl', password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(ApiErrorSchema.parse(blocked.json()).error).toBe(
      'Demasiados intentos fallidos de inicio de sesión. Espera 1 segundo y vuelve a intentarlo.',
    );
  });
});

describe('DELETE /admin/api/sesion', () => {
  it('signs out: the session is deleted on the server, not only forgotten by the browser', async () => {
    const cookie = sessionCookie((await signIn('ana@automotora.cl', password)).headers['set-cookie']);
    const before = (await t.database.db.select().from(sessions)).length;
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/admin/api/sesion',
      headers: { ...csrf, cookie: `${csrf.cookie}; ${cookie}` },
    });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/^__Host-sesion=; .*Max-Age=0/);
    expect((await t.database.db.select().from(sessions)).length).toBe(before - 1);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('GET /admin/api/sesion', () => {
  it('answers 401 JSON in Spanish without a session', async () => {
    const response = await me('');
    expect(response.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(response.json()).error).toBe('Inicia sesión para continuar.');
  });
});
