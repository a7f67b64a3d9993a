// Issue 21, item 4: views of each vehicle page per Chilean day, counted in memory per instance and added to the
// database (vehicle, day, count: nothing else) every few seconds and at shutdown, so instances add up.
//
// The HTTP part serves the built site (`npm run build`, as `npm test` does before vitest): the page cache exists only
// there, and a kept page must be counted like a fresh render.
import { type Database, openDatabase } from '@db/client.ts';
import { vehicles, vehicleViews } from '@db/schema.ts';
import { buildApp } from '@server/app.ts';
import { ViewCounter } from '@server/services/catalogue/view-counter.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookups, createVehicle } from '../support/factories.ts';
import { apiAppOn, builtSiteDir, testConfig } from '../support/test-app.ts';
import { openTestDatabase } from '../support/test-database.ts';
import { ThrowawayPostgres } from '../support/throwaway-postgres.ts';

const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'curl/8.5.0',
  'python-requests/2.32.3',
];

const rows = (db: Database['db']) =>
  db.select().from(vehicleViews).orderBy(vehicleViews.vehicleId, vehicleViews.day);

describe('ViewCounter on one database', () => {
  let database: Database;
  let vehicleId: number;
  let otherId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    const lookups = await createLookups(database.db);
    vehicleId = (await createVehicle(database.db, { lookups })).id;
    otherId = (await createVehicle(database.db, { lookups })).id;
  });
  afterAll(() => database.close());

  it('adds each flush to what is stored, per vehicle and Chilean day (two counters stand for two instances)', async () => {
    // 02:30 UTC on 1 March is still 28 February in Chile (UTC−3 in summer).
    const now = () => new Date('2026-03-01T02:30:00Z');
    const a = new ViewCounter(database.db, { now });
    const b = new ViewCounter(database.db, { now });
    for (let i = 0; i < 3; i++) a.add(vehicleId);
    b.add(vehicleId, 4);
    b.add(otherId);
    await Promise.all([a.flush(), b.flush()]);
    a.add(vehicleId, 5);
    await a.flush();
    expect(a.pendingViews + b.pendingViews).toBe(0);
    expect(await rows(database.db)).toEqual([
      { vehicleId, day: '2026-02-28', count: 12 },
      { vehicleId: otherId, day: '2026-02-28', count: 1 },
    ]);
  });

  it('skips the views of a vehicle deleted before the flush, and keeps the others', async () => {
    const lookups = await createLookups(database.db);
    const gone = (await createVehicle(database.db, { lookups })).id;
    const counter = new ViewCounter(database.db, { now: () => new Date('2026-04-10T15:00:00Z') });
    counter.add(gone, 2);
    counter.add(vehicleId, 1);
    await database.db.delete(vehicles).where(eq(vehicles.id, gone));
    await counter.flush();
    const stored = await database.db.select().from(vehicleViews).where(eq(vehicleViews.day, '2026-04-10'));
    expect(stored).toEqual([{ vehicleId, day: '2026-04-10', count: 1 }]);
  });

  it('keeps the counts of a flush that failed, for the next one', async () => {
    const lost = await openTestDatabase();
    const counter = new ViewCounter(lost.db);
    counter.add(vehicleId, 3);
    await lost.close();
    await expect(counter.flush()).rejects.toThrow();
    expect(counter.pendingViews).toBe(3);
  });

  it('writes what is pending when the app shuts down', async () => {
    const app = await apiAppOn(database);
    app.services.views.record({
      method: 'GET',
      url: `/vehicles/${otherId}`,
      statusCode: 200,
      headers: { 'user-agent': BROWSER },
    });
    const before = await database.db.select().from(vehicleViews).where(eq(vehicleViews.vehicleId, otherId));
    await app.close();
    const after = await database.db.select().from(vehicleViews).where(eq(vehicleViews.vehicleId, otherId));
    const total = (list: typeof after) => list.reduce((sum, row) => sum + row.count, 0);
    expect(total(after)).toBe(total(before) + 1);
  });
});

describe('views of a vehicle page through the HTTP server (built site)', () => {
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  let vehicleId: number;
  let draftId: number;

  beforeAll(async () => {
    const buildDir = builtSiteDir();
    database = await openTestDatabase();
    const lookups = await createLookups(database.db);
    vehicleId = (await createVehicle(database.db, { lookups, model: 'Tracker' })).id;
    draftId = (await createVehicle(database.db, { lookups, status: 'draft' })).id;
    app = await buildApp({ config: testConfig(), database, pages: 'production', buildDir });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${address.port}`;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const get = (
    pathname: string,
    headers: Record<string, string> = { 'user-agent': BROWSER },
    method = 'GET',
  ) => fetch(`${base}${pathname}`, { method, headers, redirect: 'manual' });

  it('counts 40 of 50 views when 10 come from bots, kept pages included; nothing else makes a row', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      const bot = i % 5 === 4;
      const response = await get(`/vehicles/${vehicleId}`, {
        'user-agent': bot ? (BOTS[i % BOTS.length] ?? 'curl/8') : BROWSER,
        'accept-encoding': i % 2 ? 'br' : 'gzip',
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);

    // Not views: HEAD, prefetches, unknown, draft and hostile ids, other paths.
    await get(`/vehicles/${vehicleId}`, { 'user-agent': BROWSER }, 'HEAD');
    await get(`/vehicles/${vehicleId}`, { 'user-agent': BROWSER, 'sec-purpose': 'prefetch' });
    await get(`/vehicles/${vehicleId}`, { 'user-agent': BROWSER, purpose: 'prefetch' });
    for (const hostile of [
      `/vehicles/${draftId}`,
      '/vehicles/999999',
      '/vehicles/2147483648',
      '/vehicles/99999999999999999999',
      '/vehicles/-1',
      '/vehicles/abc',
      `/vehicles/${vehicleId}%00`,
      `/vehicles/${vehicleId}/x`,
      '/vehicles/1e3',
    ]) {
      const response = await get(hostile);
      await response.arrayBuffer();
      expect(response.status, hostile).not.toBe(200);
    }

    // Nothing waited for the database: the counts are in memory until a flush (every 5 s) or the shutdown.
    await app.close();
    expect(await rows(database.db)).toEqual([
      { vehicleId, day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), count: 40 },
    ]);
  }, 120_000);
});

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('two instances on one PostgreSQL', () => {
  let throwaway: ThrowawayPostgres;
  let databases: Database[] = [];

  beforeAll(async () => {
    throwaway = await ThrowawayPostgres.create('t_views');
    databases = await Promise.all(
      [1, 2].map(() => openDatabase({ databaseUrl: throwaway.url, dataDir: 'unused', poolSize: 4 })),
    );
  });
  afterAll(async () => {
    await Promise.all(databases.map((d) => d.close()));
    await throwaway?.drop();
  });

  it('add up their counts, flushing together over and over', async () => {
    const [first, second] = databases;
    if (!first || !second) throw new Error('databases missing');
    const lookups = await createLookups(first.db);
    const ids = [
      (await createVehicle(first.db, { lookups })).id,
      (await createVehicle(first.db, { lookups })).id,
    ];
    const [a, b] = await Promise.all([apiAppOn(first), apiAppOn(second)]);
    const view = (app: FastifyInstance, id: number) =>
      app.services.views.record({
        method: 'GET',
        url: `/vehicles/${id}`,
        statusCode: 200,
        headers: { 'user-agent': BROWSER },
      });
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 30; i++) {
        for (const id of ids) {
          view(a, id);
          view(b, id);
        }
      }
      await Promise.all([a.services.views.flush(), b.services.views.flush()]);
    }
    for (const id of ids) view(b, id);
    await Promise.all([a.close(), b.close()]);
    const stored = await rows(first.db);
    expect(stored.map((row) => [row.vehicleId, row.count])).toEqual([
      [ids[0], 301],
      [ids[1], 301],
    ]);
  });
});
