// ADR 0039: the alerts' job as the server runs it, and as several instances run it together: each stock change is
// matched once, each person gets one e-mail a day with every match, a restart (a new job on the same data) writes
// nothing twice, and the outbox sends what was written.
import { creditOffer } from '@contracts/dealership.ts';
import { type Database, openDatabase } from '@db/client.ts';
import { alertDigests, emailOutbox, savedSearches, vehicles } from '@db/schema.ts';
import { AlertsJob } from '@server/services/alerts/alerts-job.ts';
import { count, eq, isNull, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookups, createVehicle, type LookupIds } from '../support/factories.ts';
import { apiAppOn, createTestApp, type TestApp } from '../support/test-app.ts';
import { ThrowawayPostgres } from '../support/throwaway-postgres.ts';

type Db = Database['db'];

function jobOn(app: FastifyInstance, db: Db, now: () => Date) {
  const { config, catalogue } = app.services;
  return new AlertsJob(db, {
    dealership: () => catalogue.dealership(),
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
    gatherMs: 0,
    everyMs: 3_600_000,
    now,
  });
}

/** `people` persons, each with one confirmed search of the brand (inserted as confirmation leaves it). */
async function subscribe(db: Db, people: number, brand: string) {
  await db.insert(savedSearches).values(
    Array.from({ length: people }, (_, i) => ({
      email: `persona${i}@example.cl`,
      kind: 'busqueda' as const,
      queryString: `marca=${brand}`,
      source: 'listado',
      status: 'confirmed' as const,
      tokenExpiresAt: new Date(),
      wording: 'Acepto que me envíen correos de esta búsqueda.',
      confirmedAt: new Date(),
    })),
  );
}

async function outboxCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emailOutbox).where(like(emailOutbox.subject, '%calza%'));
  return row?.n ?? 0;
}

/** Stock changes, then both jobs run together several times: each person gets exactly one e-mail listing all. */
async function raceOn(app: FastifyInstance, dbs: [Db, Db], lookups: LookupIds) {
  const [a, b] = dbs;
  const clock = () => new Date(Date.now() + 1000);
  const jobs = [jobOn(app, a, clock), jobOn(app, b, clock)];
  for (let i = 0; i < 12; i++)
    await createVehicle(a, { lookups, model: `Modelo${i}`, price: 10_000_000 + i });
  const runs = await Promise.all(jobs.flatMap((job) => [job.run(), job.run(), job.run()]));
  expect(runs.every((run) => run !== null)).toBe(true);
  const total = runs.reduce(
    (sum, run) => ({ changes: sum.changes + (run?.changes ?? 0), emails: sum.emails + (run?.emails ?? 0) }),
    { changes: 0, emails: 0 },
  );
  expect(total).toEqual({ changes: 12, emails: 30 });
  expect(await outboxCount(a)).toBe(30);
  const mails = await a.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'persona7@example.cl'));
  expect(mails).toHaveLength(1);
  expect(mails[0]?.subject).toMatch(/^12 autos calzan con tus alertas/);
  expect(await a.select({ n: count() }).from(alertDigests)).toEqual([{ n: 30 }]);

  // A restart: new jobs on the same data find nothing to match and nothing to send.
  const again = [jobOn(app, b, clock), jobOn(app, a, clock)];
  expect(await Promise.all(again.map((job) => job.run()))).toEqual([
    { changes: 0, matches: 0, emails: 0 },
    { changes: 0, matches: 0, emails: 0 },
  ]);
  expect(await outboxCount(a)).toBe(30);
}

describe('the job in the server', () => {
  let t: TestApp;
  let lookups: LookupIds;
  beforeAll(async () => {
    t = await createTestApp();
    lookups = await createLookups(t.database.db, { brand: 'Subaru' });
    await subscribe(t.database.db, 30, 'Subaru');
  });
  afterAll(() => t.close());

  it('matches each change once and writes one e-mail per person, also when run twice at once', async () => {
    await raceOn(t.app, [t.database.db, t.database.db], lookups);
  });

  it('after a crash between matching and writing, the next run writes each e-mail once', async () => {
    const db = t.database.db;
    const tomorrow = () => new Date(Date.now() + 30 * 3_600_000);
    await createVehicle(db, { lookups, model: 'Forester', price: 20_000_000 });
    // The crash: the matching committed, the writing never ran.
    const { matchStockChanges } = await import('@server/services/alerts/match-stock-changes.ts');
    const settings = await t.app.services.catalogue.dealership();
    await matchStockChanges(db, {
      offer: creditOffer(settings),
    });
    const restarted = jobOn(t.app, db, tomorrow);
    expect(await restarted.run()).toMatchObject({ changes: 0, emails: 30 });
    expect(await restarted.run()).toMatchObject({ emails: 0 });
    expect(await outboxCount(db)).toBe(60);
    // The relay sends them, each once.
    const sent = await t.app.services.outbox.deliverDue();
    expect(sent).toBeGreaterThanOrEqual(60);
    expect(await t.app.services.outbox.deliverDue()).toBe(0);
    expect(await db.select({ n: count() }).from(emailOutbox).where(isNull(emailOutbox.sentAt))).toEqual([
      { n: 0 },
    ]);
    const [forester] = await db.select().from(vehicles).where(eq(vehicles.modelName, 'Forester'));
    expect(forester).toBeDefined();
  });
});

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('two instances on one PostgreSQL running the job together', () => {
  let throwaway: ThrowawayPostgres;
  let databases: Database[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    throwaway = await ThrowawayPostgres.create('t_alerts');
    databases = await Promise.all(
      [1, 2].map(() => openDatabase({ databaseUrl: throwaway.url, dataDir: 'unused', poolSize: 4 })),
    );
    for (const database of databases) apps.push(await apiAppOn(database));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((d) => d.close()));
    await throwaway?.drop();
  });

  it('matches each change once and writes one e-mail per person', async () => {
    const [a, b] = databases;
    if (!a || !b || !apps[0]) throw new Error('instances missing');
    const lookups = await createLookups(a.db, { brand: 'Subaru' });
    await subscribe(a.db, 30, 'Subaru');
    await raceOn(apps[0], [a.db, b.db], lookups);
  });
});
