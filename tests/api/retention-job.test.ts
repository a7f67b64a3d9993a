// ADR 0031, decision 7: the retention job as it runs in the server (its schedule on an injected clock, the settings
// in use at each run) and as several instances run it together: each request is anonymised exactly once, the counts
// of the runs add up to what the dashboard announced, and a later run finds nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '@db/client.ts';
import { auditLog, leadPhotos, leads } from '@db/schema.ts';
import { daysAfter } from '@domain/retention.ts';
import { loadDashboard } from '@server/services/admin/dashboard.ts';
import { anonymiseExpiredLeads } from '@server/services/privacy/anonymise-expired-leads.ts';
import { RetentionJob } from '@server/services/privacy/retention-job.ts';
import { countLeadsExpiredBy } from '@server/services/privacy/retention-rule.ts';
import { count, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.ts';
import { makeJpeg } from '../support/factories.ts';
import { monthsAfter, sendAppraisal, sendLead } from '../support/retention.ts';
import { callAs, signedInStaff } from '../support/staff.ts';
import { apiAppOn, createTestApp, type TestApp } from '../support/test-app.ts';
import { ThrowawayPostgres } from '../support/throwaway-postgres.ts';

// Each instance's own DATA_DIR: the job deletes .eml files by outbox id, which other files' databases reuse.
const env = () => ({
  LEAD_RATE_LIMIT: '1000',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'automotora-retencion-job-')),
});
let sent = 0;
const contact = (app: FastifyInstance) =>
  sendLead(app, '/api/contacto-contacto/', { email: `persona${++sent}@example.cl` }).then((lead) => lead.id);

async function anonymised(db: Database['db']): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leads).where(isNotNull(leads.anonymizedAt));
  return row?.n ?? 0;
}
async function runsRecorded(db: Database['db']): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.action, 'retencion_aplicada'));
  return row?.n ?? 0;
}
async function newestArrival(db: Database['db']): Promise<Date> {
  const rows = await db.select({ at: leads.createdAt }).from(leads);
  return new Date(Math.max(...rows.map((row) => row.at.getTime())));
}

describe('the job in the server', () => {
  let t: TestApp;
  let clock = new Date();
  let job: RetentionJob;
  const failures: unknown[] = [];
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp(env());
    for (let i = 0; i < 3; i++) await contact(t.app);
    await sendLead(t.app, '/api/contact-form/', { correo: 'financia@example.cl' });
    // As container.ts builds it, with the clock in the test's hands and a short period instead of a day.
    job = new RetentionJob(db(), {
      now: () => clock,
      privacy: async () => (await t.app.services.catalogue.dealership()).privacy,
      mailFiles: t.app.services.outbox,
      everyMs: 50,
    });
  });
  afterAll(async () => {
    await job?.stop();
    await t?.close();
  });

  it('runs at start and then on its schedule, by the clock it is given, until stopped', async () => {
    const t0 = await newestArrival(db());
    clock = daysAfter(monthsAfter(t0, 6), -1);
    job.start((error) => failures.push(error));
    await eventually(async () => (await runsRecorded(db())) >= 2, 5_000);
    expect(await anonymised(db())).toBe(0);
    // The next runs read the moved clock: the financing request's 6 months are over.
    clock = daysAfter(monthsAfter(t0, 6), 1);
    await eventually(async () => (await anonymised(db())) === 1, 5_000);
    await job.stop();
    const recorded = await runsRecorded(db());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await runsRecorded(db())).toBe(recorded);
    expect(await job.run()).toBeNull();
    expect(failures).toEqual([]);
  });

  it('follows the retention set in the site settings: a shorter period anonymises sooner', async () => {
    const t0 = await newestArrival(db());
    clock = daysAfter(monthsAfter(t0, 2), 1);
    const fresh = new RetentionJob(db(), {
      now: () => clock,
      privacy: async () => (await t.app.services.catalogue.dealership()).privacy,
    });
    expect(await fresh.run()).toMatchObject({ solicitudes: 0 });

    const admin = await signedInStaff(t.app, 'admin');
    const current = (await callAs(t.app, 'GET', '/admin/api/sitio', admin)).json();
    const datos = structuredClone(current.datos);
    datos.privacy.retentionMonths.contacto = 1;
    const saved = await callAs(t.app, 'PUT', '/admin/api/sitio', admin, { version: current.version, datos });
    expect(saved.statusCode, saved.body).toBe(200);
    const privacy = (await t.app.services.catalogue.dealership()).privacy;
    expect(privacy.retentionMonths.contacto).toBe(1);

    // The dashboard a month earlier announced the three, with the new setting.
    const panel = await loadDashboard(db(), daysAfter(clock, -30), privacy);
    expect(panel.retention.leads).toBe(3);
    expect(await fresh.run()).toMatchObject({ solicitudes: 3 });
    expect(await anonymised(db())).toBe(4);
  });
});

/** Two runs at once on `dbs` (one database twice, or two instances' pools): each request is taken exactly once. */
async function raceOn(
  app: FastifyInstance,
  dbs: [Database['db'], Database['db']],
  relays: FastifyInstance[],
) {
  const db = dbs[0];
  const ids: number[] = [];
  for (let i = 0; i < 10; i++) ids.push(await contact(app));
  const photos = [await makeJpeg(400, 300, '#335577'), await makeJpeg(420, 300, '#775533')];
  for (let i = 0; i < 2; i++)
    ids.push(await sendAppraisal(app, { email: `tasacion${++sent}@example.cl` }, photos.slice(i, i + 1)));
  const privacy = app.services.config.dealership.privacy;
  const at = daysAfter(monthsAfter(await newestArrival(db), 12), 2);

  const announced = (await loadDashboard(db, daysAfter(at, -30), privacy)).retention.leads;
  expect(announced).toBe(ids.length);
  expect(await countLeadsExpiredBy(db, at, privacy)).toBe(ids.length);
  const runs = await Promise.all(
    dbs.map((each, i) =>
      anonymiseExpiredLeads(each, { now: at, privacy, batchSize: 2, mailFiles: relays[i]?.services.outbox }),
    ),
  );
  expect(runs.reduce((sum, r) => sum + r.solicitudes, 0)).toBe(announced);
  expect(runs.reduce((sum, r) => sum + r.fotos, 0)).toBe(2);
  expect(runs.reduce((sum, r) => sum + r.imagenes, 0)).toBe(2);
  expect(await anonymised(db)).toBe(ids.length);
  expect(await db.select().from(leadPhotos)).toEqual([]);
  // Each run is its own audit row; together they count each request once.
  const recorded = await db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.action, 'retencion_aplicada'));
  expect(recorded.reduce((sum, row) => sum + Number(row.details.solicitudes), 0)).toBe(ids.length);
  const again = await anonymiseExpiredLeads(db, { now: daysAfter(at, 1), privacy });
  expect(Object.values(again).every((n) => n === 0)).toBe(true);
}

describe('two runs at once on one PGlite (or PostgreSQL) database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(env());
  });
  afterAll(() => t?.close());

  it('anonymises each request once, and the counts add up to what the dashboard announced', async () => {
    await raceOn(t.app, [t.database.db, t.database.db], [t.app, t.app]);
  });
});

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('two instances on one PostgreSQL running the job together', () => {
  let throwaway: ThrowawayPostgres;
  let databases: Database[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    throwaway = await ThrowawayPostgres.create('t_retain');
    databases = await Promise.all(
      [1, 2].map(() => openDatabase({ databaseUrl: throwaway.url, dataDir: 'unused', poolSize: 4 })),
    );
    for (const database of databases) apps.push(await apiAppOn(database, env()));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((d) => d.close()));
    await throwaway?.drop();
  });

  it('anonymises each request once, and the counts add up to what the dashboard announced', async () => {
    const [a, b] = databases;
    if (!a || !b || !apps[0]) throw new Error('instances missing');
    await raceOn(apps[0], [a.db, b.db], apps);
  });
});
