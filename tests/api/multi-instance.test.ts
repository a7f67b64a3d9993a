// Several app instances on one PostgreSQL (docs/product.md: instances hold only caches). Runs in the PostgreSQL pass of
// `npm test` (TEST_DB=postgres); PGlite is one process by design.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { LeadListPage } from '@contracts/admin-leads.ts';
import { type Database, migrationsFolder, openDatabase } from '@db/client.ts';
import { vehicles } from '@db/schema.ts';
import { chileDayKey } from '@domain/chile-time.ts';
import { withCheckDigit } from '@domain/vin.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { eventually } from '../support/eventually.ts';
import { createLookups, createVehicle } from '../support/factories.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { RoundRobinProxy, requestOnNewConnection } from '../support/round-robin-proxy.ts';
import { STAFF_PASSWORD, signedInStaff, testStaffUser } from '../support/staff.ts';
import { apiAppOn } from '../support/test-app.ts';
import { ThrowawayPostgres, withClient } from '../support/throwaway-postgres.ts';

const onPostgres = process.env.TEST_DB === 'postgres';

let throwaway: ThrowawayPostgres;
let databases: Database[] = [];
let a: FastifyInstance;
let b: FastifyInstance;

/** Cross-instance news travels asynchronously (NOTIFY), but fast. */
const NEWS_WITHIN_MS = 5_000;

describe.skipIf(!onPostgres)('several instances on one PostgreSQL', () => {
  beforeAll(async () => {
    throwaway = await ThrowawayPostgres.create('t_multi');
    // Three instances start at once on an empty database: the migrations must run exactly once.
    databases = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: throwaway.url, dataDir: 'unused', poolSize: 4 })),
    );
    const start = async (database: Database | undefined) => {
      if (!database) throw new Error('database missing');
      return apiAppOn(database, { LEAD_RATE_LIMIT: '3' });
    };
    [a, b] = await Promise.all([start(databases[0]), start(databases[1])]);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await Promise.all(databases.map((d) => d.close()));
    await throwaway?.drop();
  });

  it('ran each migration once although three instances started together', async () => {
    const files = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'));
    const result = await withClient(throwaway.url, (client) =>
      client.query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations'),
    );
    expect(result.rows[0]?.count).toBe(files.length);
  });

  it('shows a stock change made through one instance on the other at once', async () => {
    const summary = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: '/api/vehiculos-resumen/' })).json() as Array<{ id: number }>;
    const before = await summary(b); // B now holds a cached snapshot
    const lookups = await createLookups(a.services.db);
    const vehicle = await createVehicle(a.services.db, { lookups });
    a.services.catalogue.invalidate();
    expect((await summary(a)).map((v) => v.id)).toContain(vehicle.id);
    await eventually(async () => (await summary(b)).some((v) => v.id === vehicle.id), NEWS_WITHIN_MS);
    expect((await summary(b)).length).toBe(before.length + 1);
  });

  it('rebuilds the ad-catalog feeds of the other instance after a stock change (ADR 0021)', async () => {
    const feed = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: '/feeds/google-vehiculos.csv' })).body;
    const vin = withCheckDigit('KMHJ3814GJU000123');
    expect(await feed(b)).not.toContain(vin); // B now holds the feed built from its snapshot
    const vehicle = await createVehicle(a.services.db, { lookups: await createLookups(a.services.db), vin });
    a.services.catalogue.invalidate();
    await eventually(async () => (await feed(b)).includes(vin), NEWS_WITHIN_MS);
    await a.services.db.update(vehicles).set({ status: 'sold' }).where(eq(vehicles.id, vehicle.id));
    a.services.catalogue.invalidate();
    await eventually(async () => !(await feed(b)).includes(vin), NEWS_WITHIN_MS);
  });

  it('honours a session started on one instance on the other, and a sign-out on either', async () => {
    const staff = await signedInStaff(a, 'ventas');
    const me = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/admin/api/sesion', headers: { cookie: staff.headers.cookie } });
    expect((await me(b)).statusCode).toBe(200);
    const out = await b.inject({ method: 'DELETE', url: '/admin/api/sesion', headers: staff.headers });
    expect(out.statusCode).toBe(204);
    expect((await me(a)).statusCode).toBe(401);
  });

  it('puts a lead sent to one instance in the inbox read through the other', async () => {
    const path = '/api/contacto-contacto/';
    const payload = { ...VALID_PAYLOADS[path], email: 'otra.instancia@example.cl' };
    const sent = await a.inject({ method: 'POST', url: path, payload, headers: await csrfHeaders(a) });
    expect(sent.statusCode).toBe(201);
    const staff = await signedInStaff(a, 'ventas');
    const inbox = await b.inject({
      method: 'GET',
      url: '/admin/api/solicitudes?q=otra.instancia%40example.cl',
      headers: { cookie: staff.headers.cookie },
    });
    expect(inbox.statusCode).toBe(200);
    const { items } = inbox.json() as LeadListPage;
    expect(items.map((lead) => lead.id)).toEqual([sent.json().id]);
  });

  it('counts the lead rate limit across instances', async () => {
    const path = '/api/contacto-contacto/';
    const send = async (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: path,
        payload: VALID_PAYLOADS[path],
        headers: { ...(await csrfHeaders(app)), 'x-forwarded-for': '203.0.113.9' },
        remoteAddress: '203.0.113.9',
      });
    const codes = [];
    for (const app of [a, b, a, b]) codes.push((await send(app)).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
  });

  describe('behind a round-robin proxy on loopback', () => {
    let proxy: RoundRobinProxy;
    const origin = 'https://autos.example.cl';

    beforeAll(async () => {
      const ports: number[] = [];
      for (const app of [a, b]) {
        await app.listen({ port: 0, host: '127.0.0.1' });
        ports.push((app.server.address() as AddressInfo).port);
      }
      proxy = await RoundRobinProxy.start(ports);
    });
    afterAll(() => proxy?.close());

    /** Each call is a new connection, so consecutive calls land on different instances. */
    const call = (
      path: string,
      options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
    ) =>
      requestOnNewConnection(`${proxy.url}${path}`, {
        method: options.method,
        headers: { ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
    const csrf = async () => {
      const response = await call('/api/get-csrf-token/');
      const cookie = String(response.headers['set-cookie']).split(';')[0] ?? '';
      return {
        cookie,
        'x-csrftoken': (JSON.parse(response.text) as { csrfToken: string }).csrfToken,
        origin,
      };
    };
    const publishedIds = async () =>
      (JSON.parse((await call('/api/vehiculos-resumen/')).text) as Array<{ id: number }>).map((v) => v.id);

    it('serves a visitor and a salesperson whose requests alternate between the instances', async () => {
      // The token comes from one instance and the lead goes to the other.
      const email = `balanceador.${randomBytes(3).toString('hex')}@example.cl`;
      const path = '/api/contacto-contacto/';
      const sent = await call(path, {
        method: 'POST',
        headers: await csrf(),
        body: { ...VALID_PAYLOADS[path], email },
      });
      expect(sent.status).toBe(201);
      const leadId = (JSON.parse(sent.text) as { id: number }).id;

      // Signed in through one instance, the session works on both.
      const staff = await testStaffUser(a.services.db, {
        email: `balanceo-${randomBytes(3).toString('hex')}@automotora.cl`,
        name: 'Vendedora Balanceo',
        password: STAFF_PASSWORD,
        role: 'ventas',
      });
      const token = await csrf();
      const signIn = await call('/admin/api/sesion', {
        method: 'POST',
        headers: token,
        body: { email: staff.email, password: STAFF_PASSWORD },
      });
      expect(signIn.status).toBe(200);
      const session = String(signIn.headers['set-cookie']).split(';')[0] ?? '';
      const staffHeaders = { ...token, cookie: `${token.cookie}; ${session}` };
      const before = [...proxy.served];
      for (let i = 0; i < 2; i++) {
        const inbox = await call(`/admin/api/solicitudes?q=${encodeURIComponent(email)}`, {
          headers: staffHeaders,
        });
        expect(inbox.status).toBe(200);
        expect((JSON.parse(inbox.text) as LeadListPage).items.map((lead) => lead.id)).toEqual([leadId]);
      }
      // Those two reads were answered by different instances.
      expect(proxy.served.map((n, i) => n - (before[i] ?? 0))).toEqual([1, 1]);

      // A vehicle sold through one instance leaves the stock of both at once.
      const vehicle = await createVehicle(a.services.db, { lookups: await createLookups(a.services.db) });
      a.services.catalogue.invalidate();
      await eventually(
        async () =>
          (await publishedIds()).includes(vehicle.id) && (await publishedIds()).includes(vehicle.id),
        NEWS_WITHIN_MS,
      );
      const sold = await call(`/admin/api/vehiculos/${vehicle.id}/venta`, {
        method: 'POST',
        headers: staffHeaders,
        body: { fecha: chileDayKey(new Date()), precio: 9_000_000, vendedor: staff.id },
      });
      expect(sold.status).toBe(201);
      await eventually(
        async () =>
          !(await publishedIds()).includes(vehicle.id) && !(await publishedIds()).includes(vehicle.id),
        NEWS_WITHIN_MS,
      );

      // Signed out through one instance, the session is refused by both.
      const out = await call('/admin/api/sesion', { method: 'DELETE', headers: staffHeaders });
      expect(out.status).toBe(204);
      for (let i = 0; i < 2; i++)
        expect((await call('/admin/api/sesion', { headers: staffHeaders })).status).toBe(401);
      expect(Math.abs((proxy.served[0] ?? 0) - (proxy.served[1] ?? 0))).toBeLessThanOrEqual(1);
    });
  });
});
