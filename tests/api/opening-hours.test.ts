// The one opening-hours setting (issue 31 item 2, ADR 0036) through the API: saved in Sitio, a closed Saturday
// offers no test drive, a Friday request is due on Monday in the list, the lead page and the dashboard, and a version
// stored before the setting existed keeps the hours its admin saved.

import type { LeadListPage } from '@contracts/admin-leads.ts';
import type { Dealership } from '@contracts/dealership.ts';
import { leads, siteSettings } from '@db/schema.ts';
import { chileDayKey, chileWallTime, formatChileDateTime } from '@domain/chile-time.ts';
import { weekdayOf } from '@domain/opening-hours.ts';
import { LEAD_KIND_BY_KIND } from '@server/services/leads/lead-kinds.ts';
import { reminderDueAt } from '@server/services/leads/lead-reminders.ts';
import { leadService } from '@server/services/leads/submit-lead.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { createLookups, createVehicle } from '../support/factories.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface SettingsBody {
  version: number;
  datos: Dealership;
}
interface Slots {
  dias: Array<{ fecha: string; horarios: Array<{ inicio: string; hora: string }> }>;
}

let t: TestApp;
let admin: SignedInStaff;
let vehicleId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t.app, 'admin');
  vehicleId = (await createVehicle(t.database.db, { lookups: await createLookups(t.database.db) })).id;
  t.app.services.catalogue.invalidate();
});
afterAll(() => t?.close());

const read = async () => (await callAs(t.app, 'GET', '/admin/api/sitio', admin)).json() as SettingsBody;
const slots = async () =>
  (
    await t.app.inject({ method: 'GET', url: `/api/prueba-de-manejo/horarios/?vehiculo=${vehicleId}` })
  ).json() as Slots;
/** Chile's wall-clock time of a day, as an instant. */
const at = (day: string, hours: number, minutes = 0) => chileWallTime(day, hours * 60 + minutes) as Date;

describe('a version stored before the opening-hours setting', () => {
  it('gets its schedule from the hours text its admin saved and the test-drive ranges', async () => {
    const current = await read();
    const { schedule: _schedule, ...rest } = current.datos;
    await t.database.db.insert(siteSettings).values({
      data: {
        ...rest,
        hours: { weekdays: 'Lun-Vie 9:00-18:00', saturday: 'Sáb cerrado' },
        openingHours: [
          ...[1, 2, 3, 4, 5].map((day) => ({ day, open: '09:30', close: '19:00' })),
          { day: 6, open: '10:30', close: '13:30' },
        ],
      } as unknown as Dealership,
    });
    t.app.services.catalogue.invalidate();
    const now = await read();
    expect(now.datos.schedule.week[1]).toEqual([{ open: '09:00', close: '18:00' }]);
    expect(now.datos.schedule.week[6]).toEqual([]);
    expect(now.datos).not.toHaveProperty('hours');
    expect(now.datos).not.toHaveProperty('openingHours');
    // The test drives follow what the pages said: no Saturday, nothing after 17:30 on a weekday.
    for (const day of (await slots()).dias) {
      expect(weekdayOf(day.fecha)).not.toBe(6);
      for (const slot of day.horarios) expect(slot.hora >= '09:00' && slot.hora <= '17:30').toBe(true);
    }
  });
});

describe('saving the opening hours in Sitio', () => {
  it('opens Saturday, and Saturday test drives are offered in its range only', async () => {
    const current = await read();
    const week = current.datos.schedule.week.with(6, [{ open: '10:00', close: '12:00' }]);
    const response = await callAs(t.app, 'PUT', '/admin/api/sitio', admin, {
      version: current.version,
      datos: { ...current.datos, schedule: { ...current.datos.schedule, week } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const saturdays = (await slots()).dias.filter((day) => weekdayOf(day.fecha) === 6);
    expect(saturdays.length).toBeGreaterThan(0);
    for (const day of saturdays)
      for (const slot of day.horarios) expect(['10:00', '10:30', '11:00', '11:30']).toContain(slot.hora);
  });

  it('closes Saturday and a date: neither offers a test drive, and booking one is refused in Spanish', async () => {
    const current = await read();
    const open = (await slots()).dias.map((day) => day.fecha).filter((day) => weekdayOf(day) !== 6);
    const closedDate = open.at(-1) as string;
    const response = await callAs(t.app, 'PUT', '/admin/api/sitio', admin, {
      version: current.version,
      datos: {
        ...current.datos,
        schedule: {
          ...current.datos.schedule,
          week: current.datos.schedule.week.with(6, []),
          closedDates: [closedDate],
        },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const days = (await slots()).dias.map((day) => day.fecha);
    expect(days.some((day) => weekdayOf(day) === 6)).toBe(false);
    expect(days).not.toContain(closedDate);
    const saturday = at(
      [0, 1, 2, 3, 4, 5, 6, 7]
        .map((n) => chileDayKey(Date.now() + (n + 1) * 86_400_000))
        .find((day) => weekdayOf(day) === 6) as string,
      11,
    );
    const booking = await t.app.inject({
      method: 'POST',
      url: '/api/prueba-de-manejo/',
      headers: await csrfHeaders(t.app),
      payload: {
        nombre: 'Persona Sábado',
        telefono: '+56 9 8123 4567',
        correo: 'sabado@example.cl',
        vehiculo: vehicleId,
        horario: saturday.toISOString(),
      },
    });
    expect(booking.statusCode, booking.body).toBe(400);
    expect(booking.body).toContain(
      'fuera de nuestro horario de atención (Lun-Vie 9:00-18:00, Sáb y Dom cerrado)',
    );
  });
});

describe('a request’s deadline', () => {
  it('counts on open days: a Friday-afternoon request is due Monday in the list, the lead page and the reminder', async () => {
    const friday = at('2027-03-05', 16); // Friday 5 March 2027, 16:00 in Chile
    const { db, catalogue, outbox, config } = t.app.services;
    const service = leadService({ db, catalogue, outbox, config, now: () => friday });
    const contacto = LEAD_KIND_BY_KIND.get('contacto');
    const tasacion = LEAD_KIND_BY_KIND.get('vendeauto');
    if (!contacto || !tasacion) throw new Error('lead kinds missing');
    const send = async (def: typeof contacto, fields: Record<string, unknown>) => {
      const result = await service.submit({
        def,
        fields,
        files: [],
        idempotencyKey: null,
        client: 'plazos',
        sourcePage: null,
      });
      if (result.outcome !== 'accepted') throw new Error(JSON.stringify(result));
      return result.body.id;
    };
    const contact = await send(contacto, VALID_PAYLOADS['/api/contacto-contacto/']);
    const appraisal = await send(tasacion, { ...VALID_PAYLOADS['/api/vendeauto/'] });
    const [row] = await db.select().from(leads).where(eq(leads.id, contact));
    expect(row?.createdAt.toISOString()).toBe(friday.toISOString());
    // Saturday (closed since the last test) and Sunday stop the clock: Monday 8 March at 16:00 and 17:00 is within
    // 9:00–18:00.
    expect(formatChileDateTime(row?.dueAt ?? 0)).toBe('08-03-2027 16:00');
    const [tasacionRow] = await db.select().from(leads).where(eq(leads.id, appraisal));
    expect(formatChileDateTime(tasacionRow?.dueAt ?? 0)).toBe('09-03-2027 16:00');
    // The list, the lead page and the CSV read the one stored deadline.
    const list = (await callAs(t.app, 'GET', '/admin/api/solicitudes', admin)).json() as LeadListPage;
    expect(formatChileDateTime(list.items.find((item) => item.id === contact)?.dueAt ?? 0)).toBe(
      '08-03-2027 16:00',
    );
    const csv = (await callAs(t.app, 'GET', '/admin/api/solicitudes.csv', admin)).body;
    expect(csv).toContain('08-03-2027 16:00');
    // The reminder goes at three quarters of the same window, never past the deadline.
    const reminder = reminderDueAt({ createdAt: row?.createdAt as Date, dueAt: row?.dueAt as Date });
    expect(reminder.getTime()).toBeLessThan(row?.dueAt.getTime() as number);
  });
});
