// Issue 21: what each car draws in the back office (views 7 / 30 days, leads, days in stock, leads per 100 views) and
// the dashboard's leads by source and most viewed cars without leads.
import type { StockList, StockVehicleDetail } from '@contracts/admin-stock.ts';
import { leads, vehicles, vehicleViews } from '@db/schema.ts';
import { chileDayKey } from '@domain/chile-time.ts';
import { addDays } from '@server/services/admin/dashboard.ts';
import { loadDashboardInsights } from '@server/services/admin/dashboard-insights.ts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { createLookups, createVehicle } from '../support/factories.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let ventas: SignedInStaff;
let popular: number;
let ignored: number;
let quiet: number;
let draft: number;
const today = chileDayKey(new Date());

async function sendLead(vehiculo: number | undefined, origin: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/contact/',
    payload: { ...VALID_PAYLOADS['/api/contact/'], ...(vehiculo ? { vehiculo } : {}), ...origin },
    headers: await csrfHeaders(t.app),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

async function views(vehicleId: number, daysAgo: number, count: number) {
  await t.database.db.insert(vehicleViews).values({ vehicleId, day: addDays(today, -daysAgo), count });
}

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000' });
  ventas = await signedInStaff(t.app, 'ventas');
  const { db } = t.database;
  const lookups = await createLookups(db, { brand: 'Chevrolet' });
  popular = (await createVehicle(db, { lookups, model: 'Tracker' })).id;
  ignored = (await createVehicle(db, { lookups, model: 'Groove' })).id;
  quiet = (await createVehicle(db, { lookups, model: 'Onix' })).id;
  draft = (await createVehicle(db, { lookups, model: 'Borrador', status: 'draft' })).id;
  await db
    .update(vehicles)
    .set({ publishedAt: sql`now() - interval '12 days 3 hours'` })
    .where(inArray(vehicles.id, [popular, ignored, quiet]));

  // Tracker: 200 views this week, 50 more earlier this month, 80 before (outside 30 days); 3 leads this month, 1 old.
  await views(popular, 0, 120);
  await views(popular, 6, 80);
  await views(popular, 7, 50);
  await views(popular, 30, 80);
  await sendLead(popular, { utm_source: 'facebook', utm_campaign: 'verano' });
  await sendLead(popular, { utm_source: 'FACEBOOK' });
  await sendLead(popular, { referrer: 'l.facebook.com' });
  const old = await sendLead(popular, { utm_source: 'google' });
  await db.update(leads).set({ createdAt: sql`now() - interval '31 days'` }).where(eq(leads.id, old));
  // Groove: viewed, no lead. Onix: fewer views, no lead. The draft: views but never shown in the panel.
  await views(ignored, 2, 300);
  await views(quiet, 1, 40);
  await views(draft, 1, 999);
  await sendLead(undefined, { referrer: 'www.google.cl' });
  await sendLead(undefined);
});
afterAll(() => t.close());

describe('GET /admin/api/vehiculos (the stock list)', () => {
  it('gives each vehicle its views over 7 and 30 days, leads, days in stock and leads per 100 views', async () => {
    const response = await callAs(t.app, 'GET', '/admin/api/vehiculos?orden=marca', ventas);
    expect(response.statusCode).toBe(200);
    const { items } = response.json() as StockList;
    const byId = new Map(items.map((item) => [item.id, item.rendimiento]));
    expect(byId.get(popular)).toEqual({
      vistas7: 200,
      vistas30: 250,
      solicitudes30: 3,
      diasEnStock: 12,
      solicitudesPor100Vistas: 1.2,
    });
    expect(byId.get(ignored)).toMatchObject({ vistas7: 300, solicitudes30: 0, solicitudesPor100Vistas: 0 });
    expect(byId.get(draft)).toMatchObject({ diasEnStock: null });
  });
});

describe('GET /admin/api/vehiculos/:id', () => {
  it('gives the same figures for one vehicle', async () => {
    const response = await callAs(t.app, 'GET', `/admin/api/vehiculos/${quiet}`, ventas);
    expect(response.statusCode).toBe(200);
    expect((response.json() as { vehiculo: StockVehicleDetail }).vehiculo.rendimiento).toEqual({
      vistas7: 40,
      vistas30: 40,
      solicitudes30: 0,
      diasEnStock: 12,
      solicitudesPor100Vistas: 0,
    });
  });
});

describe('the dashboard', () => {
  it('counts the leads of the last 30 days by source: utm_source, else the referring site, else Directo', async () => {
    const { leadsBySource } = await loadDashboardInsights(t.database.db);
    expect(leadsBySource).toEqual([
      { source: 'Facebook', count: 3 },
      { source: 'Directo', count: 1 },
      { source: 'Google', count: 1 },
    ]);
  });

  it('lists the published vehicles most viewed in 30 days with no lead, most viewed first', async () => {
    const { viewedWithoutLeads } = await loadDashboardInsights(t.database.db);
    expect(viewedWithoutLeads.map((row) => [row.id, row.views])).toEqual([
      [ignored, 300],
      [quiet, 40],
    ]);
    expect(viewedWithoutLeads[0]).toMatchObject({
      name: 'Chevrolet Groove 2020',
      adminUrl: `/admin/vehiculos/${ignored}`,
    });
  });
});
