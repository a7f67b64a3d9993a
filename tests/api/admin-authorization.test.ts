// Every back office API route, found in the application's own route table (so a route added later is covered
// without editing this file): anonymous callers get 401, the sales role gets 403 on admin-only areas, and a
// forged cross-site request is refused before it does anything.

import { ApiErrorSchema } from '@contracts/vehicle.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Areas only the `admin` role may use; everything else in /admin/api is for both roles. */
const ADMIN_ONLY = [
  /^\/admin\/api\/usuarios/,
  /^\/admin\/api\/auditoria/,
  /^\/admin\/api\/datos-personales/,
  // ADR 0031: the rights requests, like the personal data page.
  /^\/admin\/api\/derechos/,
  /^\/admin\/api\/sitio/,
  // Issue 21: the round-robin setting and the team's figures.
  /^\/admin\/api\/asignacion$/,
  /^\/admin\/api\/panel\/equipo$/,
  // ADR 0031: the registers of cessions and breaches (recording one cession is on the request, for its owner too).
  /^\/admin\/api\/cesiones/,
  /^\/admin\/api\/vulneraciones/,
];
/** The doors themselves: sign-in, and recovering a forgotten password (issue 31). */
const DOORS = new Set(['/admin/api/sesion', '/admin/api/clave/olvidada', '/admin/api/clave/nueva']);

let t: TestApp;
let ventas: SignedInStaff;
let admin: SignedInStaff;
let routes: Array<{ method: string; url: string; path: string }>;

beforeAll(async () => {
  t = await createTestApp();
  ventas = await signedInStaff(t.app, 'ventas');
  admin = await signedInStaff(t.app, 'admin');
  routes = t.app.routeTable
    .filter((r) => r.url.startsWith('/admin/api/') && !DOORS.has(r.url) && !r.url.endsWith('*'))
    // Parameters get a value that names nothing: the guard must answer before any lookup.
    .map((r) => ({ ...r, path: r.url.replace(/:[A-Za-z]+/g, '999999') }));
});
afterAll(() => t.close());

const send = (method: string, url: string, headers: Record<string, string>) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });

describe('the back office API route table', () => {
  it('has the routes of every back office area', () => {
    const areas = new Set(routes.map((r) => r.url.split('/')[3]));
    for (const area of [
      'vehiculos',
      'listas',
      'solicitudes',
      'usuarios',
      'cuenta',
      'auditoria',
      'datos-personales',
      'derechos',
      'sitio',
      'cesiones',
      'vulneraciones',
    ])
      expect(areas, `no /admin/api/${area} route`).toContain(area);
  });

  it('refuses every route to an anonymous caller with a Spanish 401, even with a valid CSRF token', async () => {
    const csrf = await csrfHeaders(t.app);
    for (const { method, path } of routes) {
      const response = await send(method, path, csrf);
      expect(response.statusCode, `${method} ${path}`).toBe(401);
      expect(ApiErrorSchema.parse(response.json()).error).toBe('Inicia sesión para continuar.');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses the admin-only areas to the sales role with a Spanish 403', async () => {
    const adminOnly = routes.filter((r) => ADMIN_ONLY.some((re) => re.test(r.url)));
    expect(adminOnly.length).toBeGreaterThan(3);
    for (const { method, path } of adminOnly) {
      const response = await send(method, path, ventas.headers);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(ApiErrorSchema.parse(response.json()).error).toBe('No tienes permiso para esta acción.');
    }
  });

  it('lets the sales role past the guard everywhere else, and the admin everywhere', async () => {
    const open = routes.filter((r) => !ADMIN_ONLY.some((re) => re.test(r.url)));
    for (const { method, path } of open) {
      const response = await send(method, path, ventas.headers);
      expect([401, 403], `${method} ${path} → ${response.statusCode}`).not.toContain(response.statusCode);
    }
    for (const { method, path } of routes) {
      const response = await send(method, path, admin.headers);
      expect([401, 403], `${method} ${path} → ${response.statusCode}`).not.toContain(response.statusCode);
    }
  });

  it('refuses every unsafe call of a signed-in admin without the CSRF token, or from another site', async () => {
    const unsafe = routes.filter((r) => r.method !== 'GET');
    expect(unsafe.length).toBeGreaterThan(5);
    const { 'x-csrftoken': _token, ...noToken } = admin.headers;
    for (const { method, path } of unsafe) {
      expect((await send(method, path, noToken)).statusCode, `${method} ${path} without token`).toBe(403);
      const foreign = await send(method, path, { ...admin.headers, origin: 'https://evil.example' });
      expect(foreign.statusCode, `${method} ${path} from another origin`).toBe(403);
    }
  });
});
