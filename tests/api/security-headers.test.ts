// The headers of every answer the API gives, found by walking the application's own route table (a route added later
// is covered without editing this file), error answers included: 400, 401, 403, 404, 413, 415, 429, 500 and 503.

import type { Db } from '@db/client.ts';
import * as schema from '@db/schema.ts';
import { buildApp } from '@server/app.ts';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { apiAppOn, createTestApp, type TestApp, testConfig } from '../support/test-app.ts';

let https: TestApp;
/** The same database served under an http:// PUBLIC_URL, with a lead limit of one to reach 429. */
let http: FastifyInstance;
let staff: SignedInStaff;

beforeAll(async () => {
  https = await createTestApp({ LEAD_RATE_LIMIT: '1000' });
  http = await apiAppOn(https.database, { PUBLIC_URL: 'http://autos.example.cl', LEAD_RATE_LIMIT: '1' });
  staff = await signedInStaff(https.app, 'admin');
}, 180_000);
afterAll(async () => {
  await http.close();
  await https.close();
});

/** Stack frames, file paths, SQL and driver words: none may reach a client, whatever failed. */
const INTERNALS =
  /\bat [\w.<>]+ \(|\bat (file:|\/)|\/work\/|node_modules|\.ts:\d|\.js:\d|\b(select|insert into|update|delete from)\b.*\b(from|set|values|where)\b|relation "|column "|syntax error|violates|ECONNREFUSED|SQLSTATE|TypeError|ReferenceError/i;
const REFERRER_POLICIES = new Set(['strict-origin-when-cross-origin', 'same-origin']);

function expectSafeHeaders(response: LightMyRequestResponse, where: string, options: { https: boolean }) {
  const h = response.headers;
  expect(h['x-content-type-options'], where).toBe('nosniff');
  const framing =
    /frame-ancestors 'none'/.test(String(h['content-security-policy'] ?? '')) ||
    h['x-frame-options'] === 'DENY';
  expect(framing, `${where}: may be framed`).toBe(true);
  // 'no-referrer' would make browsers send "Origin: null" on same-origin POSTs and break the CSRF check.
  expect(REFERRER_POLICIES.has(String(h['referrer-policy'])), `${where}: ${h['referrer-policy']}`).toBe(true);
  if (options.https) expect(h['strict-transport-security'], where).toMatch(/^max-age=\d{7,}/);
  else expect(h['strict-transport-security'], where).toBeUndefined();
  expect(h['x-request-id'], where).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  if (String(h['content-type']).startsWith('application/json')) {
    expect(h['content-security-policy'], where).toContain("default-src 'none'");
  }
  if (response.statusCode >= 400) {
    expect(String(h['content-type']), where).toMatch(/^application\/json/);
    expect(response.body, `${where}: leaks internals`).not.toMatch(INTERNALS);
    const body = response.json() as { error?: unknown; requestId?: unknown };
    expect(typeof body.error, `${where}: no error sentence`).toBe('string');
  }
  if (response.statusCode >= 500) {
    expect((response.json() as { requestId?: string }).requestId, where).toBe(h['x-request-id']);
  }
}

/** A URL for a route pattern: parameters get plausible values, wildcards an unknown path. */
function concrete(url: string): string {
  return url
    .replace(':hash', '0123456789abcdef0123456789abcdef')
    .replace(':file', '640.jpg')
    .replace(':tipo', 'marcas')
    .replace(/:[A-Za-z]+/g, '999999')
    .replace('*', 'no-existe');
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

async function walk(app: FastifyInstance, headers: Record<string, string>) {
  const answers: Array<{ where: string; response: LightMyRequestResponse }> = [];
  // Signing out ends the session the rest of the walk uses: it goes last.
  const last = (r: { method: string; url: string }) => r.method === 'DELETE' && r.url === '/admin/api/sesion';
  const routes = [...app.routeTable].sort((a, b) => Number(last(a)) - Number(last(b)));
  for (const { method, url } of routes) {
    if (method === 'QUERY') continue; // not a method light-my-request can send
    const path = concrete(url);
    const response = await app.inject({
      method: method as 'GET',
      url: path,
      headers,
      ...(METHODS_WITH_BODY.has(method) ? { payload: {} } : {}),
    });
    answers.push({ where: `${method} ${path} → ${response.statusCode}`, response });
  }
  return answers;
}

describe('every route of the route table', () => {
  it('covers the public API, the back office API, media and health', () => {
    const urls = https.app.routeTable.map((r) => r.url);
    for (const url of [
      '/api/vehiculos/',
      '/api/contacto-contacto/',
      '/admin/api/sesion',
      '/media/:hash/:file',
      '/healthz',
    ])
      expect(urls).toContain(url);
  });

  it.each([
    ['anonymous, https', () => https.app, () => ({}), true],
    ['anonymous, http', () => http, () => ({}), false],
    ['signed in with the CSRF token, https', () => https.app, () => staff.headers, true],
  ])('answers %s with the safe headers on every route and status', async (_case, app, headers, isHttps) => {
    const answers = await walk(app(), headers());
    const statuses = new Set(answers.map((a) => a.response.statusCode));
    for (const { where, response } of answers) expectSafeHeaders(response, where, { https: isHttps });
    // The walk reaches refusals as well as successes.
    expect([...statuses].some((s) => s >= 400)).toBe(true);
    expect([...statuses].some((s) => s < 300)).toBe(true);
  });
});

const lead = VALID_PAYLOADS['/api/contacto-contacto/'];

describe('error answers', () => {
  it('carry the safe headers on 400, 403, 404, 413 and 415', async () => {
    const csrf = await csrfHeaders(https.app);
    const cases: Array<[number, InjectOptions]> = [
      [
        400,
        { method: 'POST', url: '/api/contacto-contacto/', headers: csrf, payload: { ...lead, email: 'no' } },
      ],
      [400, { method: 'GET', url: '/api/vehiculos/abc/' }],
      [400, { method: 'GET', url: '/api/vehiculos/%E0%A4%A/' }],
      [403, { method: 'POST', url: '/api/contacto-contacto/', payload: lead }],
      [404, { method: 'GET', url: '/api/no-existe/' }],
      [404, { method: 'GET', url: '/media/no/existe.jpg' }],
      [
        413,
        {
          method: 'POST',
          url: '/api/contacto-contacto/',
          headers: csrf,
          payload: { ...lead, message: 'a'.repeat(70_000) },
        },
      ],
      [
        415,
        {
          method: 'POST',
          url: '/api/contacto-contacto/',
          headers: { ...csrf, 'content-type': 'text/plain' },
          payload: 'hola',
        },
      ],
    ];
    for (const [status, request] of cases) {
      const response = await https.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(status);
      expectSafeHeaders(response, `${request.method} ${request.url}`, { https: true });
    }
  });

  it('carry them on 429, with Retry-After, and without HSTS over http', async () => {
    const csrf = await csrfHeaders(http, 'http://autos.example.cl');
    const send = () =>
      http.inject({
        method: 'POST',
        url: '/api/seguros/',
        headers: csrf,
        payload: VALID_PAYLOADS['/api/seguros/'],
      });
    expect((await send()).statusCode).toBe(201);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expectSafeHeaders(limited, 'POST /api/seguros/ (429)', { https: false });
  });

  it('answer a database failure with a 500 that tells the request id and nothing about the SQL', async () => {
    // A real failure of the database (not an outage): the table the lead needs is gone for a moment.
    await https.database.db.execute(sql`alter table email_outbox rename to email_outbox_fuera`);
    try {
      const response = await https.app.inject({
        method: 'POST',
        url: '/api/contacto-contacto/',
        headers: await csrfHeaders(https.app),
        payload: lead,
      });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toMatch(/email_outbox|relation|insert/i);
      expectSafeHeaders(response, 'POST /api/contacto-contacto/ (500)', { https: true });
    } finally {
      await https.database.db.execute(sql`alter table email_outbox_fuera rename to email_outbox`);
    }
  });
});

describe('when the database cannot be reached', () => {
  let down: FastifyInstance;
  beforeAll(async () => {
    // Nothing listens on port 9 of loopback.
    const pool = new pg.Pool({
      connectionString: 'postgres://nadie@127.0.0.1:9/ninguna',
      connectionTimeoutMillis: 500,
    });
    pool.on('error', () => {});
    const db = drizzle(pool, { schema }) as unknown as Db;
    down = await buildApp({
      config: testConfig(),
      database: {
        db,
        kind: 'postgres',
        ping: async () => void (await db.execute(sql`select 1`)),
        close: () => pool.end(),
      },
      pages: false,
    });
  });
  afterAll(() => down.close());

  it.each([
    ['GET', '/api/vehiculos-resumen/'],
    ['GET', '/api/vehiculos/1/'],
    ['GET', '/healthz'],
    ['GET', '/admin/api/sesion'],
  ])(
    '%s %s answers 503 with the request id, Retry-After where it applies, and the safe headers',
    async (method, url) => {
      const response = await down.inject({
        method: method as 'GET',
        url,
        headers: { cookie: 'sesion=abc; __Host-sesion=abc' },
      });
      expect(response.statusCode).toBe(503);
      expectSafeHeaders(response, `${method} ${url} (503)`, { https: true });
    },
  );

  it('refuses a lead with 503, never a 201, and says nothing of the driver', async () => {
    const response = await down.inject({
      method: 'POST',
      url: '/api/contacto-contacto/',
      headers: await csrfHeaders(down),
      payload: lead,
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expectSafeHeaders(response, 'POST /api/contacto-contacto/ (503)', { https: true });
  });
});
