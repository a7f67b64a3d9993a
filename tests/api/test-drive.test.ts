// Item 6 of issue 19: test-drive booking (ADR 0020). The free slots of a vehicle, a booking that becomes a lead of
// kind 'prueba' with its staff e-mail and calendar file, a full slot refused with 409, a discarded test drive freeing
// its place, hostile input refused with Spanish 400s and nothing stored, and on PostgreSQL two instances racing for
// the last place of a slot: exactly one wins.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '@db/client.ts';
import { consentEvents, emailOutbox, leads } from '@db/schema.ts';
import { chileDayKey, chileWallTime, nextDayKey } from '@domain/chile-time.ts';
import type { IsHoliday } from '@domain/opening-hours.ts';
import { slotLabel } from '@domain/test-drive.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import { loadDashboard } from '@server/services/admin/dashboard.ts';
import { ALREADY_BOOKED, SLOT_FULL, VEHICLE_TAKEN } from '@server/services/leads/test-drive-booking.ts';
import { latestPolicyVersion } from '@server/services/privacy/policy-versions.ts';
import { chileHolidays } from '@server/services/rights/chile-holidays.ts';
import { and, count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { createLookups, createVehicle } from '../support/factories.ts';
import { callAs, signedInStaff } from '../support/staff.ts';
import { apiAppOn, createTestApp, type TestApp } from '../support/test-app.ts';
import { ThrowawayPostgres } from '../support/throwaway-postgres.ts';

const PATH = '/api/prueba-de-manejo/';
const ENV = { LEAD_RATE_LIMIT: '1000' };

interface Slots {
  vehiculo: number;
  dias: Array<{ fecha: string; etiqueta: string; horarios: Array<{ inicio: string; hora: string }> }>;
}

const person = (n: number) => ({
  nombre: `Persona Prueba ${n}`,
  telefono: '+56 9 8123 4567',
  correo: `persona${n}@example.cl`,
});

async function freeSlots(app: FastifyInstance, vehicleId: number): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: `${PATH}horarios/?vehiculo=${vehicleId}` });
  expect(response.statusCode).toBe(200);
  return (response.json() as Slots).dias.flatMap((day) => day.horarios.map((slot) => slot.inicio));
}

async function book(
  app: FastifyInstance,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: PATH,
    headers: { ...(await csrfHeaders(app)), ...headers },
    payload: body,
  });
}

/** Chile's public holidays: the dealership closes on them (ADR 0036), so no slot is offered. */
let isHoliday: IsHoliday = () => false;
beforeAll(async () => {
  isHoliday = await chileHolidays();
});

/** A weekday 10:00 in Chile that is no public holiday, `days` (≥ 0) from today. */
function weekdayAt(days: number, minutes = 600): string {
  let day = chileDayKey(new Date());
  for (let i = 0; i < days; i++) day = nextDayKey(day);
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay()) || isHoliday(day)) day = nextDayKey(day);
  return (chileWallTime(day, minutes) as Date).toISOString();
}

/** A weekday 10:00 in Chile, at least a week ago: in the past whatever the hour the tests run at. */
function pastWeekdayAt(minutes = 600): string {
  let moment = Date.now() - 7 * 86_400_000;
  const isWeekend = () => [0, 6].includes(new Date(`${chileDayKey(moment)}T12:00:00Z`).getUTCDay());
  while (isWeekend()) moment -= 86_400_000;
  return (chileWallTime(chileDayKey(moment), minutes) as Date).toISOString();
}

function sundayAt(minutes: number): string {
  let day = nextDayKey(chileDayKey(new Date()));
  while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 0) day = nextDayKey(day);
  return (chileWallTime(day, minutes) as Date).toISOString();
}

describe('test-drive booking', () => {
  let t: TestApp;
  let published: number;
  let other: number;
  let sold: number;
  let draft: number;
  const stored = async () =>
    (await t.database.db.select({ n: count() }).from(leads).where(eq(leads.kind, 'prueba')))[0]?.n ?? 0;

  beforeAll(async () => {
    t = await createTestApp(ENV);
    const lookups = await createLookups(t.database.db, { brand: 'Mazda', bodyType: 'SUV' });
    published = (await createVehicle(t.database.db, { lookups, model: 'CX-5', year: 2022 })).id;
    other = (await createVehicle(t.database.db, { lookups, model: 'CX-30', year: 2023 })).id;
    sold = (await createVehicle(t.database.db, { lookups, status: 'sold' })).id;
    draft = (await createVehicle(t.database.db, { lookups, status: 'draft' })).id;
  });
  afterAll(() => t?.close());

  it('offers 30-minute slots inside the opening hours, in the next 14 days, none too soon', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${PATH}horarios/?vehiculo=${published}` });
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as Slots;
    expect(body.vehiculo).toBe(published);
    expect(body.dias.length).toBeGreaterThanOrEqual(10);
    const now = Date.now();
    const lastDay = chileDayKey(now + 13.5 * 86_400_000);
    for (const day of body.dias) {
      expect(day.fecha <= lastDay).toBe(true);
      const weekday = new Date(`${day.fecha}T12:00:00Z`).getUTCDay();
      expect(weekday).not.toBe(0);
      expect(isHoliday(day.fecha), day.fecha).toBe(false);
      for (const slot of day.horarios) {
        expect(new Date(slot.inicio).getTime()).toBeGreaterThanOrEqual(now + 2 * 3_600_000 - 60_000);
        expect(chileDayKey(slot.inicio)).toBe(day.fecha);
        expect(slot.hora).toMatch(/^\d\d:(00|30)$/);
        const open = weekday === 6 ? '10:30' : '09:30';
        const lastStart = weekday === 6 ? '13:00' : '18:30';
        expect(slot.hora >= open && slot.hora <= lastStart).toBe(true);
      }
    }
  });

  it('answers the free-slot query for a bad or unknown vehicle with 400 or 404, in Spanish', async () => {
    for (const query of [
      '',
      '?vehiculo=',
      '?vehiculo=abc',
      '?vehiculo=-3',
      '?vehiculo=1.5',
      '?vehiculo=99999999999',
      '?vehiculo=7&vehiculo=8',
      `?vehiculo=${'9'.repeat(5000)}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `${PATH}horarios/${query}` });
      expect(response.statusCode, query.slice(0, 40)).toBe(400);
      expect(response.json().error).toMatch(/vehículo/);
    }
    for (const id of [sold, draft, 999_999]) {
      const response = await t.app.inject({ method: 'GET', url: `${PATH}horarios/?vehiculo=${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().campos.vehiculo).toBe('El vehículo indicado no existe o ya no está disponible.');
    }
  });

  it('books a slot: 201 with the slot in words and a calendar file, a lead of its own kind and its staff e-mail', async () => {
    const [slot] = await freeSlots(t.app, published);
    if (!slot) throw new Error('no slot offered');
    const response = await book(t.app, { ...person(1), vehiculo: published, horario: slot });
    expect(response.statusCode).toBe(201);
    const body = response.json() as { id: number; mensaje: string; horario: string; calendario: string };
    expect(body.horario).toBe(slotLabel(slot));
    expect(body.mensaje).toMatch(/prueba de manejo/);

    const [lead] = await t.database.db.select().from(leads).where(eq(leads.id, body.id));
    expect(lead?.kind).toBe('prueba');
    expect(lead?.vehicleId).toBe(published);
    expect(new Date(lead?.testDriveAt ?? 0).toISOString()).toBe(slot);
    expect(lead?.details).toEqual({ horario: slotLabel(slot) });

    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, body.id));
    expect(mail?.subject).toContain('Prueba de manejo');
    expect(mail?.textBody).toContain(`Prueba de manejo: ${slotLabel(slot)}`);
    expect(mail?.textBody).toContain('Mazda CX-5 2022');

    // The slot is no longer offered for this vehicle, nor (capacity 1) for another.
    expect(await freeSlots(t.app, published)).not.toContain(slot);
    expect(await freeSlots(t.app, other)).not.toContain(slot);

    const calendar = await t.app.inject({
      method: 'GET',
      url: new URL(body.calendario).pathname + new URL(body.calendario).search,
    });
    expect(calendar.statusCode).toBe(200);
    expect(calendar.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = calendar.body;
    const start = slot.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(ics).toContain(`DTSTART:${start}`);
    expect(ics).toContain('DURATION:PT30M');
    // Tentative until staff call to confirm, organised by the dealership's e-mail (RFC 5545: ORGANIZER is an address).
    expect(ics).toContain('STATUS:TENTATIVE\r\n');
    expect(ics.replace(/\r\n /g, '')).toMatch(/\r\nORGANIZER;CN="[^"\r\n]+":MAILTO:[^@\s]+@[^@\s]+\r\n/);
    expect(ics).toContain(`UID:prueba-de-manejo-${body.id}@autos.example.cl`);
    expect(ics.replace(/\r\n /g, '')).toContain(
      'LOCATION:Av. Vicuña Mackenna 4120\\, San Joaquín\\, Santiago\\, Chile',
    );
    // Downloading it again gives the same event (a stable UID), and a wrong or missing token gives nothing.
    const again = await t.app.inject({
      method: 'GET',
      url: new URL(body.calendario).pathname + new URL(body.calendario).search,
    });
    expect(again.body.match(/UID:.*/)?.[0]).toBe(ics.match(/UID:.*/)?.[0]);
    const path = new URL(body.calendario).pathname;
    for (const url of [
      path,
      `${path}?t=${'a'.repeat(32)}`,
      `${path}?t=x`,
      path.replace(String(body.id), String(body.id + 1)),
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('refuses a full slot with 409 and stores nothing; the same person twice is told so', async () => {
    const slots = await freeSlots(t.app, published);
    const slot = slots[3] as string;
    expect((await book(t.app, { ...person(2), vehiculo: published, horario: slot })).statusCode).toBe(201);
    const before = await stored();
    const full = await book(t.app, { ...person(3), vehiculo: other, horario: slot });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: SLOT_FULL, campos: { horario: SLOT_FULL } });
    const twice = await book(t.app, { ...person(2), vehiculo: published, horario: slot });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(ALREADY_BOOKED);
    expect(await stored()).toBe(before);
  });

  it('replays a retried submission (same Idempotency-Key) instead of refusing it as full', async () => {
    const slot = (await freeSlots(t.app, published))[5] as string;
    const payload = { ...person(4), vehiculo: published, horario: slot };
    const first = await book(t.app, payload, { 'idempotency-key': 'prueba-retry-1' });
    const second = await book(t.app, payload, { 'idempotency-key': 'prueba-retry-1' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
  });

  it('frees the place when staff discard the test drive, and refuses to take it up again once the slot is full', async () => {
    const slot = (await freeSlots(t.app, published))[7] as string;
    const created = await book(t.app, { ...person(5), vehiculo: published, horario: slot });
    expect(created.statusCode).toBe(201);
    expect(await freeSlots(t.app, other)).not.toContain(slot);
    const ventas = await signedInStaff(t.app, 'ventas');
    const url = `/admin/api/solicitudes/${created.json().id}/estado`;
    const discarded = await callAs(t.app, 'PATCH', url, ventas, { estado: 'descartado' });
    expect(discarded.statusCode).toBe(200);
    expect(await freeSlots(t.app, other)).toContain(slot);
    const taker = await book(t.app, { ...person(6), vehiculo: other, horario: slot });
    expect(taker.statusCode).toBe(201);

    // Taking the discarded one up again would overbook the slot: refused, nothing changed.
    const reinstated = await callAs(t.app, 'PATCH', url, ventas, { estado: 'nuevo' });
    expect(reinstated.statusCode).toBe(409);
    expect(reinstated.json().error).toContain('ya no tiene cupo');
    const [still] = await t.database.db
      .select({ status: leads.status })
      .from(leads)
      .where(eq(leads.id, created.json().id));
    expect(still?.status).toBe('descartado');

    // Once the place is free again, it can be taken up.
    const takerUrl = `/admin/api/solicitudes/${taker.json().id}/estado`;
    expect((await callAs(t.app, 'PATCH', takerUrl, ventas, { estado: 'descartado' })).statusCode).toBe(200);
    expect((await callAs(t.app, 'PATCH', url, ventas, { estado: 'contactado' })).statusCode).toBe(200);
    expect(await freeSlots(t.app, other)).not.toContain(slot);
  });

  it("lists the day's and the next day's test drives on the dashboard, not discarded ones", async () => {
    const slot = (await freeSlots(t.app, published))[9] as string;
    const created = await book(t.app, { ...person(30), vehiculo: published, horario: slot });
    const id = created.json().id as number;
    const panel = await loadDashboard(
      t.database.db,
      new Date(Date.parse(slot) - 3_600_000),
      t.config.dealership.privacy,
    );
    const drive = panel.testDrives.find((d) => d.leadId === id);
    expect(drive).toMatchObject({ day: 'hoy', vehicle: 'Mazda CX-5 2022', client: 'Persona Prueba 30' });
    expect(drive?.time).toBe(slotLabel(slot).slice(-5));
    const dayBefore = await loadDashboard(
      t.database.db,
      new Date(Date.parse(slot) - 86_400_000),
      t.config.dealership.privacy,
    );
    expect(dayBefore.testDrives.find((d) => d.leadId === id)?.day).toBe('mañana');
    const twoDaysBefore = await loadDashboard(
      t.database.db,
      new Date(Date.parse(slot) - 2 * 86_400_000),
      t.config.dealership.privacy,
    );
    expect(twoDaysBefore.testDrives.some((d) => d.leadId === id)).toBe(false);
    await t.database.db.update(leads).set({ status: 'descartado' }).where(eq(leads.id, id));
    const after = await loadDashboard(
      t.database.db,
      new Date(Date.parse(slot) - 3_600_000),
      t.config.dealership.privacy,
    );
    expect(after.testDrives.some((d) => d.leadId === id)).toBe(false);
  });

  it('with two places per slot, one vehicle still takes one test drive at a time', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'prueba-'));
    const file = path.join(dir, 'dealership.json');
    await writeFile(
      file,
      JSON.stringify({ testDrives: { slotCapacity: 2, minNoticeMinutes: 120, daysAhead: 14 } }),
    );
    const two = await createTestApp({ ...ENV, DEALERSHIP_FILE: file });
    try {
      expect(two.config.dealership.testDrives.slotCapacity).toBe(2);
      const lookups = await createLookups(two.database.db, { brand: 'Kia', bodyType: 'Sedán' });
      const a = (await createVehicle(two.database.db, { lookups })).id;
      const b = (await createVehicle(two.database.db, { lookups })).id;
      const c = (await createVehicle(two.database.db, { lookups })).id;
      const slot = (await freeSlots(two.app, a))[0] as string;
      expect((await book(two.app, { ...person(7), vehiculo: a, horario: slot })).statusCode).toBe(201);
      expect(await freeSlots(two.app, a)).not.toContain(slot);
      expect(await freeSlots(two.app, b)).toContain(slot);
      const sameCar = await book(two.app, { ...person(8), vehiculo: a, horario: slot });
      expect(sameCar.statusCode).toBe(409);
      expect(sameCar.json().error).toBe(VEHICLE_TAKEN);
      expect((await book(two.app, { ...person(8), vehiculo: b, horario: slot })).statusCode).toBe(201);
      expect((await book(two.app, { ...person(9), vehiculo: c, horario: slot })).json().error).toBe(
        SLOT_FULL,
      );
    } finally {
      await two.close();
      await rm(dir, { recursive: true });
    }
  });

  describe('hostile input: Spanish 400 per field, nothing stored', () => {
    const cases: Array<[string, () => Record<string, unknown>, string, RegExp]> = [
      ['a slot in the past', () => ({ horario: pastWeekdayAt() }), 'horario', /ya pasó/],
      [
        'a slot too soon',
        () => ({ horario: new Date(Date.now() + 30 * 60_000).toISOString() }),
        'horario',
        /anticipación|ya pasó|media hora|fuera/,
      ],
      ['a Sunday', () => ({ horario: sundayAt(600) }), 'horario', /fuera de nuestro horario/],
      ['before opening', () => ({ horario: weekdayAt(2, 8 * 60) }), 'horario', /fuera de nuestro horario/],
      ['after closing', () => ({ horario: weekdayAt(2, 19 * 60) }), 'horario', /fuera de nuestro horario/],
      [
        'a slot that would end after closing',
        () => ({ horario: weekdayAt(2, 18 * 60 + 45) }),
        'horario',
        /media hora/,
      ],
      [
        'off the 30-minute boundary',
        () => ({ horario: weekdayAt(2, 10 * 60 + 15) }),
        'horario',
        /media hora/,
      ],
      [
        'seconds past the boundary',
        () => ({ horario: new Date(Date.parse(weekdayAt(2)) + 1000).toISOString() }),
        'horario',
        /media hora/,
      ],
      ['more than 14 days ahead', () => ({ horario: weekdayAt(20) }), 'horario', /próximos 14 días/],
      ['a garbage date', () => ({ horario: 'mañana a las 10' }), 'horario', /Elige un horario/],
      ['an impossible date', () => ({ horario: '2026-02-30T13:00:00Z' }), 'horario', /Elige un horario/],
      ['a number for a date', () => ({ horario: 1_800_000_000_000 }), 'horario', /Elige un horario/],
      ['a date without a zone', () => ({ horario: '2026-12-01T10:00:00' }), 'horario', /Elige un horario/],
      ['a huge date text', () => ({ horario: `${'2'.repeat(5000)}` }), 'horario', /Elige un horario/],
      ['no slot', () => ({ horario: undefined }), 'horario', /Elige un horario/],
      ['a sold vehicle', () => ({ vehiculo: sold }), 'vehiculo', /no existe o ya no está disponible/],
      ['a draft vehicle', () => ({ vehiculo: draft }), 'vehiculo', /no existe o ya no está disponible/],
      ['an unknown vehicle', () => ({ vehiculo: 987_654 }), 'vehiculo', /no existe o ya no está disponible/],
      ['a vehicle that is not a number', () => ({ vehiculo: 'uno' }), 'vehiculo', /no es válido/],
      ['a negative vehicle', () => ({ vehiculo: -1 }), 'vehiculo', /no es válido/],
      ['no vehicle', () => ({ vehiculo: undefined }), 'vehiculo', /no es válido/],
      ['an over-long name', () => ({ nombre: 'A'.repeat(101) }), 'nombre', /100/],
      ['a name with control characters', () => ({ nombre: 'Ana\u0000\u0007 Pérez' }), 'nombre', /.+/],
      ['a name with a line break', () => ({ nombre: 'Ana\r\nBcc: x@example.cl' }), 'nombre', /.+/],
      ['a bad phone', () => ({ telefono: '12' }), 'telefono', /teléfono chileno, como 9 1234 5678/],
      ['a bad e-mail', () => ({ correo: 'no-es-correo' }), 'correo', /correo electrónico válido/],
      ['an over-long e-mail', () => ({ correo: `${'a'.repeat(250)}@example.cl` }), 'correo', /.+/],
    ];
    it.each(cases)('%s', async (_name, spoil, field, message) => {
      const [slot] = await freeSlots(t.app, published);
      const before = await stored();
      const response = await book(t.app, { ...person(20), vehiculo: published, horario: slot, ...spoil() });
      expect(response.statusCode).toBe(400);
      const body = response.json() as { error: string; campos: Record<string, string> };
      expect(body.error).toBe('Revisa los datos del formulario.');
      expect(body.campos[field]).toMatch(message);
      expect(await stored()).toBe(before);
    });

    it('answers any value of horario and vehiculo with a Spanish 400, never a 5xx, and stores nothing', async () => {
      const [slot] = await freeSlots(t.app, published);
      const before = await stored();
      const value = fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.constantFrom('2026-13-01T10:00:00Z', '0000-00-00T00:00:00Z', 'T', 'NaN', '1e309', '\u0000', ' '),
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.string(), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
      );
      await fc.assert(
        fc.asyncProperty(fc.constantFrom('horario', 'vehiculo'), value, async (field, spoiled) => {
          // A spoiled vehiculo that names one of the published cars is not spoiled.
          const named =
            typeof spoiled === 'number' || typeof spoiled === 'string' ? Number(String(spoiled).trim()) : 0;
          fc.pre(field !== 'vehiculo' || ![published, other].includes(named));
          const body = { ...person(40), vehiculo: published, horario: slot, [field]: spoiled };
          const response = await book(t.app, body);
          expect(response.statusCode).toBe(400);
          expect(Object.keys(response.json().campos)).toContain(field);
        }),
        { numRuns: 60 },
      );
      expect(await stored()).toBe(before);
    });

    it('refuses a body that is not a JSON object, without storing', async () => {
      const before = await stored();
      for (const payload of ['[]', '"texto"', 'null']) {
        const response = await t.app.inject({
          method: 'POST',
          url: PATH,
          headers: { ...(await csrfHeaders(t.app)), 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      }
      expect(await stored()).toBe(before);
    });

    it('refuses a POST without the CSRF token (403)', async () => {
      const response = await t.app.inject({ method: 'POST', url: PATH, payload: { ...person(21) } });
      expect(response.statusCode).toBe(403);
    });

    it('refuses a consent that is not a boolean and a version that is not a positive integer', async () => {
      const [slot] = await freeSlots(t.app, published);
      const before = await stored();
      for (const [field, value] of [
        ['consentimiento_marketing', 'on'],
        ['politica_version', 'uno'],
      ] as const) {
        const response = await book(t.app, {
          ...person(22),
          vehiculo: published,
          horario: slot,
          [field]: value,
        });
        expect(response.statusCode).toBe(400);
        expect(Object.keys(response.json().campos)).toEqual([field]);
      }
      expect(await stored()).toBe(before);
    });
  });

  it('records the marketing consent ticked with a booking (ADR 0031), and nothing without it', async () => {
    const [first, second] = await freeSlots(t.app, other);
    const consentsOf = (id: number) =>
      t.database.db.select().from(consentEvents).where(eq(consentEvents.leadId, id));
    const ticked = await book(t.app, {
      ...person(60),
      correo: 'Persona60@Example.cl',
      vehiculo: other,
      horario: first,
      consentimiento_marketing: true,
      politica_version: 4,
    });
    expect(ticked.statusCode).toBe(201);
    const [row, ...rest] = await consentsOf(ticked.json().id);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      purpose: 'marketing',
      action: 'otorga',
      channel: 'prueba',
      email: 'persona60@example.cl',
    });
    // Version 4 was never published: the consent points at the one in force (published when the server started).
    const inForce = await latestPolicyVersion(t.database.db);
    expect(inForce?.version).not.toBe(4);
    expect(row?.policyVersion).toBe(inForce?.version);
    expect(row?.wording).toContain(defaultDealership.name);
    const today = await book(t.app, { ...person(61), vehiculo: other, horario: second });
    expect(today.statusCode).toBe(201);
    expect(await consentsOf(today.json().id)).toEqual([]);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'two instances racing for the last place of a slot',
  () => {
    let throwaway: ThrowawayPostgres;
    let databases: Database[] = [];
    let a: FastifyInstance;
    let b: FastifyInstance;
    let dir: string;

    beforeAll(async () => {
      throwaway = await ThrowawayPostgres.create('t_drive');
      // Two places per slot: the first booking creates the slot's row, the race is for the second place, where only
      // the row lock keeps the two counts apart.
      dir = await mkdtemp(path.join(tmpdir(), 'prueba-'));
      const file = path.join(dir, 'dealership.json');
      await writeFile(
        file,
        JSON.stringify({ testDrives: { slotCapacity: 2, minNoticeMinutes: 120, daysAhead: 14 } }),
      );
      databases = await Promise.all(
        [1, 2].map(() => openDatabase({ databaseUrl: throwaway.url, dataDir: 'unused', poolSize: 4 })),
      );
      const env = { ...ENV, DEALERSHIP_FILE: file };
      const [first, second] = databases;
      if (!first || !second) throw new Error('databases missing');
      [a, b] = await Promise.all([apiAppOn(first, env), apiAppOn(second, env)]);
    });
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
      await Promise.all(databases.map((d) => d.close()));
      await throwaway?.drop();
      if (dir) await rm(dir, { recursive: true });
    });

    it('gives the last place to exactly one of two simultaneous bookings on two instances, every time', async () => {
      const lookups = await createLookups(a.services.db, { brand: 'Subaru', bodyType: 'SUV' });
      const [w, x, y] = await Promise.all([1, 2, 3].map(() => createVehicle(a.services.db, { lookups })));
      a.services.catalogue.invalidate();
      b.services.catalogue.invalidate();
      const slots = await freeSlots(a, w?.id as number);
      for (let round = 0; round < 10; round++) {
        const slot = slots[round] as string;
        expect((await book(a, { ...person(300 + round), vehiculo: w?.id, horario: slot })).statusCode).toBe(
          201,
        );
        const [ha, hb] = await Promise.all([csrfHeaders(a), csrfHeaders(b)]);
        const post = (app: FastifyInstance, headers: Record<string, string>, n: number, vehiculo?: number) =>
          app.inject({
            method: 'POST',
            url: PATH,
            headers,
            payload: { ...person(n), vehiculo, horario: slot },
          });
        const [first, second] = await Promise.all([
          post(a, ha, 100 + round, x?.id),
          post(b, hb, 200 + round, y?.id),
        ]);
        expect([first.statusCode, second.statusCode].sort(), `round ${round}`).toEqual([201, 409]);
        const [row] = await a.services.db
          .select({ n: count() })
          .from(leads)
          .where(and(eq(leads.kind, 'prueba'), eq(leads.testDriveAt, new Date(slot))));
        expect(row?.n).toBe(2);
      }
    });

    it('keeps one place per slot in the default dealership', () => {
      expect(defaultDealership.testDrives.slotCapacity).toBe(1);
    });
  },
);
