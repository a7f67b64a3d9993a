// Issue 21, item 2: a lead still untouched at 75% of its promised time sends one reminder to its owner and the admins,
// on a controlled clock (the job's `now`), once, also when two instances run it at the same moment.
import { type Database, openDatabase } from '@db/client.ts';
import { emailOutbox, leads } from '@db/schema.ts';
import { queueDueReminders, reminderDueAt } from '@server/services/leads/lead-reminders.ts';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { apiAppOn, createTestApp, type TestApp } from '../support/test-app.ts';
import { ThrowawayPostgres } from '../support/throwaway-postgres.ts';

const PATH = '/api/contacto-contacto/';
const HOUR = 3_600_000;
let sent = 0;

async function sendLead(app: FastifyInstance): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: PATH,
    payload: { ...VALID_PAYLOADS[PATH], email: `recordar${++sent}@example.cl` },
    headers: await csrfHeaders(app),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

async function remindersOf(db: Database['db'], id: number): Promise<string[]> {
  const rows = await db
    .select({ to: emailOutbox.toAddress })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.leadId, id), like(emailOutbox.subject, 'Recordatorio:%')));
  return rows.map((row) => row.to).sort();
}

describe('the reminder at 75% of the promised time', () => {
  let t: TestApp;
  let admin: SignedInStaff;
  let quiet: SignedInStaff;
  let owner: SignedInStaff;
  let other: SignedInStaff;
  const db = () => t.database.db;
  const publicUrl = 'https://autos.example.cl';

  beforeAll(async () => {
    t = await createTestApp({ LEAD_RATE_LIMIT: '1000' });
    admin = await signedInStaff(t.app, 'admin');
    quiet = await signedInStaff(t.app, 'admin');
    owner = await signedInStaff(t.app, 'ventas');
    other = await signedInStaff(t.app, 'ventas');
    expect(
      (await callAs(t.app, 'PUT', '/admin/api/cuenta/avisos', quiet, { correoSolicitudes: false }))
        .statusCode,
    ).toBe(200);
  });
  afterAll(() => t?.close());

  it('is sent once, at 75% of the promised time (18 h of 24 on open days), to the owner and the admins who want it', async () => {
    const id = await sendLead(t.app);
    expect(
      (
        await callAs(t.app, 'PATCH', `/admin/api/solicitudes/${id}/responsable`, owner, {
          responsable: owner.id,
        })
      ).statusCode,
    ).toBe(200);
    const [lead] = await db().select().from(leads).where(eq(leads.id, id));
    if (!lead) throw new Error('lead missing');
    const at = reminderDueAt(lead);
    // 24 h on open days (ADR 0036): 18 h after arrival on a weekday, later when a closed day falls in between.
    const window = lead.dueAt.getTime() - lead.createdAt.getTime();
    expect(window).toBeGreaterThanOrEqual(24 * HOUR);
    expect(at.getTime() - lead.createdAt.getTime()).toBe(Math.ceil(window * 0.75));

    expect(await queueDueReminders(db(), { now: new Date(at.getTime() - 60_000), publicUrl })).toBe(0);
    expect(await remindersOf(db(), id)).toEqual([]);
    expect(await queueDueReminders(db(), { now: at, publicUrl })).toBe(1);
    expect(await remindersOf(db(), id)).toEqual([admin.email, owner.email].sort());
    // Once: later runs find it reminded.
    expect(await queueDueReminders(db(), { now: new Date(at.getTime() + HOUR), publicUrl })).toBe(0);
    expect(await remindersOf(db(), id)).toHaveLength(2);

    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.leadId, id),
          eq(emailOutbox.toAddress, owner.email),
          like(emailOutbox.subject, 'Recordatorio:%'),
        ),
      );
    expect(mail?.subject).toBe(
      `Recordatorio: la solicitud #${id} (Mensaje de contacto, Camila Rojas) sigue sin respuesta`,
    );
    expect(mail?.textBody).toContain(`Ver la solicitud: ${publicUrl}/admin/solicitudes/${id}`);
    expect(mail?.textBody).not.toContain(other.email);
  });

  it('is not sent for a lead answered in time, nor for one already past its deadline', async () => {
    const answered = await sendLead(t.app);
    expect(
      (
        await callAs(t.app, 'PATCH', `/admin/api/solicitudes/${answered}/estado`, owner, {
          estado: 'contactado',
        })
      ).statusCode,
    ).toBe(200);
    const late = await sendLead(t.app);
    const [row] = await db().select().from(leads).where(eq(leads.id, late));
    if (!row) throw new Error('lead missing');
    // The job's clock an hour after the deadline of both (the server was down meanwhile, say).
    expect(await queueDueReminders(db(), { now: new Date(row.dueAt.getTime() + HOUR), publicUrl })).toBe(0);
    expect(await remindersOf(db(), answered)).toEqual([]);
    expect(await remindersOf(db(), late)).toEqual([]);
  });

  it('goes to the admins alone when nobody owns the lead', async () => {
    const id = await sendLead(t.app);
    const [row] = await db().select().from(leads).where(eq(leads.id, id));
    if (!row) throw new Error('lead missing');
    expect(await queueDueReminders(db(), { now: reminderDueAt(row), publicUrl })).toBeGreaterThanOrEqual(1);
    expect(await remindersOf(db(), id)).toEqual([admin.email]);
  });
});

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('the reminder job on two instances at once', () => {
  let throwaway: ThrowawayPostgres;
  let databases: Database[] = [];
  let a: FastifyInstance;

  beforeAll(async () => {
    throwaway = await ThrowawayPostgres.create('t_remind');
    databases = await Promise.all(
      [1, 2].map(() => openDatabase({ databaseUrl: throwaway.url, dataDir: 'unused', poolSize: 4 })),
    );
    a = await apiAppOn(databases[0] as Database, { LEAD_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await a?.close();
    await Promise.all(databases.map((d) => d.close()));
    await throwaway?.drop();
  });

  it('reminds each lead once', async () => {
    const admin = await signedInStaff(a, 'admin');
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => sendLead(a)));
    const [first, second] = databases;
    if (!first || !second) throw new Error('databases missing');
    // The latest of their reminders (24 h on open days: 18 h on a weekday, more over a closed day), still before any
    // deadline.
    const rows = await first.db.select().from(leads).where(inArray(leads.id, ids));
    const now = new Date(Math.max(...rows.map((row) => reminderDueAt(row).getTime())));
    expect(now.getTime()).toBeLessThan(Math.min(...rows.map((row) => row.dueAt.getTime())));
    const counts = await Promise.all([
      queueDueReminders(first.db, { now, publicUrl: 'https://autos.example.cl' }),
      queueDueReminders(second.db, { now, publicUrl: 'https://autos.example.cl' }),
    ]);
    expect(counts[0] + counts[1]).toBe(5);
    for (const id of ids) expect(await remindersOf(first.db, id)).toEqual([admin.email]);
  });
});
