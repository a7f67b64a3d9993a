// The CSRF guard decides on the route the router matched, not on how the path was typed. Every state-changing route
// of the route table, under every spelling that reaches it (percent-encoded letters, doubled slashes, dot segments,
// upper case, a trailing `%2e` or slash), without a token or from another origin, is refused with a 403 — or is a
// 404 when the spelling matches no route — and never reaches its handler, even with a signed-in admin's cookies.

import { ApiErrorSchema } from '@contracts/vehicle.ts';
import { auditLog, leads } from '@db/schema.ts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../support/csrf-client.ts';
import { type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const REFUSED = new Set([
  'Solicitud rechazada: el origen no está permitido.',
  'Solicitud rechazada: falta el token CSRF o no es válido. Recarga la página e inténtalo nuevamente.',
]);
/** The not-found answer of the router itself (api-errors.ts), which no handler gives. */
const NO_ROUTE = 'Recurso no encontrado.';

let t: TestApp;
let admin: SignedInStaff;
let unsafeRoutes: Array<{ method: string; url: string; path: string }>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t.app, 'admin');
  unsafeRoutes = t.app.routeTable
    .filter((r) => UNSAFE.has(r.method) && !r.csrfExempt)
    .map((r) => ({ ...r, path: r.url.replace(/:[A-Za-z]+/g, '1') }));
});
afterAll(() => t.close());

const percent = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** Ways of typing `path` that a router or a proxy may take for it. */
function spellings(path: string): string[] {
  const segments = path.split('/').slice(1);
  const first = segments[0] ?? '';
  return [
    path,
    `${path}/`,
    `/${percent(first[0] ?? 'a')}${first.slice(1)}/${segments.slice(1).join('/')}`,
    `/${segments.map((s) => (s ? percent(s[0] ?? '') + s.slice(1) : s)).join('/')}`,
    `/${segments.map((s) => [...s].map(percent).join('')).join('/')}`,
    `/${segments.map((s) => (s ? percent(s[0] ?? '').toLowerCase() + s.slice(1) : s)).join('/')}`,
    `/${path}`,
    path.replace(/\/([^/]*)$/, '//$1'),
    `/x/..${path}`,
    `/.${path}`,
    `${path.replace(/\/([^/]*)$/, '/./$1')}`,
    `/%2e%2e${path}`,
    path.toUpperCase(),
    `${path}%2e`,
    `${path}%2E/`,
  ];
}

/** What a page on another site or another port sends: the victim's cookies, no token or none that fits. */
function forgeries(): Array<{ name: string; headers: Record<string, string> }> {
  const cookie = admin.headers.cookie;
  return [
    { name: 'foreign origin, no token', headers: { cookie, origin: 'http://evil.example' } },
    { name: 'same site, other port', headers: { cookie, origin: 'https://autos.example.cl:8443' } },
    { name: 'our origin, no token', headers: { cookie, origin: admin.headers.origin } },
    {
      name: 'no Origin, cross-site fetch',
      headers: { cookie, 'sec-fetch-site': 'same-site', 'x-csrftoken': 'a'.repeat(64) },
    },
  ];
}

async function tableCounts() {
  const [l] = await t.database.db.select({ n: count() }).from(leads);
  const [a] = await t.database.db.select({ n: count() }).from(auditLog);
  return { leads: l?.n ?? 0, audit: a?.n ?? 0 };
}

describe('the CSRF guard under every spelling of every state-changing route', () => {
  it('knows the routes that change state, public and back office, and exempts only the 404 catch-alls', () => {
    expect(unsafeRoutes.length).toBeGreaterThan(30);
    expect(unsafeRoutes.some((r) => r.url.startsWith('/api/'))).toBe(true);
    expect(unsafeRoutes.some((r) => r.url.startsWith('/admin/api/'))).toBe(true);
    const exempt = t.app.routeTable.filter((r) => r.csrfExempt && UNSAFE.has(r.method));
    // ADR 0039: the RFC 8058 one-click unsubscribe is posted by mail providers, without cookies; its link is signed.
    expect(new Set(exempt.map((r) => r.url))).toEqual(
      new Set(['/api/*', '/media/*', '/admin/api/*', '/alertas/baja']),
    );
  });

  it('answers 403 (or the router’s 404) and never a handler, for every route, spelling and forgery', async () => {
    const before = await tableCounts();
    const reached: string[] = [];
    for (const { method, path } of unsafeRoutes) {
      for (const url of spellings(path)) {
        for (const forgery of forgeries()) {
          const response = await t.app.inject({
            method: method as 'POST',
            url,
            headers:
              method === 'DELETE'
                ? forgery.headers
                : { ...forgery.headers, 'content-type': 'application/json' },
            ...(method === 'DELETE' ? {} : { payload: '{}' }),
          });
          const parsed = ApiErrorSchema.safeParse(response.json());
          const error = parsed.success ? parsed.data.error : response.body;
          const refused =
            (response.statusCode === 403 && REFUSED.has(error)) ||
            (response.statusCode === 404 && error === NO_ROUTE);
          if (!refused) reached.push(`${method} ${url} (${forgery.name}) → ${response.statusCode} ${error}`);
        }
      }
    }
    expect(reached).toEqual([]);
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses the cross-site multipart photo upload and appraisal under a percent-encoded spelling', async () => {
    const photo = multipartBody({ nombre: 'Ana' }, [
      { filename: 'a.png', contentType: 'image/png', data: Buffer.from('not really a picture') },
    ]);
    for (const url of [
      '/%61dmin/api/vehiculos/1/fotos',
      '/admin/%61pi/vehiculos/1/fotos',
      '/%61pi/vendeauto/',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: photo.payload,
        headers: {
          cookie: admin.headers.cookie,
          'content-type': photo.contentType,
          origin: 'http://evil.example',
        },
      });
      expect(response.statusCode, url).toBe(403);
    }
  });

  it('still lets a real request with the token through under the canonical path', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/admin/api/cuenta/avisos',
      headers: admin.headers,
      payload: {},
    });
    expect(response.statusCode).not.toBe(403);
  });
});
