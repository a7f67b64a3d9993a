// Item 5 of issue 31 (ADR 0038): a sale is a record. Marking a vehicle sold goes through its own call, which asks
// for the day, the final price, the salesperson and optionally the request and the cost; undoing it puts the car
// back on sale and is recorded; the report groups live sales per month, salesperson and source, with days in stock
// and margins for admins only; a salesperson sees their own sales.

import type { SaleOptions, SalesReport, VehicleSale } from '@contracts/admin-sales.ts';
import { auditLog, leads, staffUsers, vehicleSales, vehicles } from '@db/schema.ts';
import { chileDayKey } from '@domain/chile-time.ts';
import { monthsBefore } from '@domain/sales.ts';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookups, createVehicle, type LookupIds } from '../support/factories.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: SignedInStaff;
let ventas: SignedInStaff;
let otherSeller: SignedInStaff;
let lookups: LookupIds;
const today = chileDayKey(new Date());
const daysAgo = (n: number) => chileDayKey(Date.now() - n * 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t.app, 'admin');
  ventas = await signedInStaff(t.app, 'ventas');
  otherSeller = await signedInStaff(t.app, 'ventas');
  lookups = await createLookups(t.database.db, { brand: 'Mazda' });
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who: SignedInStaff | null,
  body?: unknown,
) => callAs(t.app, method, url, who, body);

/** A published car, on sale since `publishedDaysAgo` days. */
async function publishedCar(model: string, price = 15_000_000, publishedDaysAgo = 40) {
  const car = await createVehicle(t.database.db, { lookups, model, price });
  await t.database.db
    .update(vehicles)
    .set({ publishedAt: new Date(Date.now() - publishedDaysAgo * 86_400_000) })
    .where(eq(vehicles.id, car.id));
  return car;
}

async function leadFrom(utmSource: string | null, vehicleId: number) {
  const [lead] = await t.database.db
    .insert(leads)
    .values({
      kind: 'contacto',
      name: 'Camila Rojas',
      email: 'camila@example.cl',
      vehicleId,
      utmSource,
      dueAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: leads.id });
  if (!lead) throw new Error('lead insert failed');
  return lead.id;
}

const salesOf = async (vehicleId: number) =>
  t.database.db.select().from(vehicleSales).where(eq(vehicleSales.vehicleId, vehicleId));
const statusOf = async (vehicleId: number) =>
  (await t.database.db.select({ s: vehicles.status }).from(vehicles).where(eq(vehicles.id, vehicleId)))[0]?.s;

describe('recording a sale', () => {
  it('refuses "vendido" as a plain status change, from the list, the form and a new vehicle', async () => {
    const car = await publishedCar('CX-3');
    const quick = await call('PATCH', `/admin/api/vehiculos/${car.id}`, ventas, { estado: 'vendido' });
    expect(quick.statusCode).toBe(400);
    expect(quick.json().campos.estado).toMatch(/Registrar venta/);
    expect(await statusOf(car.id)).toBe('published');
    const created = await call('POST', '/admin/api/vehiculos', admin, {
      marca: lookups.brandId,
      modelo: 'Nuevo vendido',
      año: 2022,
      precio: 10_000_000,
      kilometraje: 0,
      condicion: 'Nuevo',
      transmision: lookups.transmissionId,
      combustible: lookups.fuelId,
      tipo: lookups.bodyTypeId,
      motor: '2.0',
      color: 'Gris',
      estado: 'vendido',
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().campos.estado).toMatch(/Registrar venta/);
    expect(
      (
        await t.database.db
          .select({ n: count() })
          .from(vehicles)
          .where(eq(vehicles.modelName, 'Nuevo vendido'))
      )[0]?.n,
    ).toBe(0);
  });

  it('records the day, price, salesperson and request; the car is sold and the public API forgets it', async () => {
    const car = await publishedCar('CX-5', 22_990_000, 30);
    const lead = await leadFrom('facebook', car.id);
    const options = await call('GET', `/admin/api/vehiculos/${car.id}/venta`, ventas);
    const { venta: none, opciones } = options.json() as { venta: null; opciones: SaleOptions };
    expect(none).toBeNull();
    expect(opciones.vendedores.map((v) => v.id)).toEqual(expect.arrayContaining([admin.id, ventas.id]));
    expect(opciones.solicitudes).toEqual([expect.objectContaining({ id: lead, nombre: 'Camila Rojas' })]);

    const response = await call('POST', `/admin/api/vehiculos/${car.id}/venta`, ventas, {
      fecha: today,
      precio: '21.990.000',
      vendedor: ventas.id,
      solicitud: lead,
    });
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json().venta as VehicleSale;
    expect(sale).toMatchObject({
      fecha: today,
      precio: 21_990_000,
      precioPublicado: 22_990_000,
      costo: null,
      vendedor: { id: ventas.id },
      solicitud: { id: lead, nombre: 'Camila Rojas' },
      fuente: 'Facebook',
      diasEnStock: 30,
    });
    expect(await statusOf(car.id)).toBe('sold');
    expect((await t.app.inject({ method: 'GET', url: `/api/vehiculos/${car.id}/` })).statusCode).toBe(404);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'venta_registrada'), eq(auditLog.entityId, String(car.id))));
    expect(entry?.details).toMatchObject({ precio: 21_990_000, solicitud: lead });

    const again = await call('POST', `/admin/api/vehiculos/${car.id}/venta`, admin, {
      fecha: today,
      precio: 1,
      vendedor: admin.id,
    });
    expect(again.statusCode).toBe(409);
    expect(await salesOf(car.id)).toHaveLength(1);
  });

  it('refuses, naming the field, and stores nothing: a future day, a day before publication, an inactive or unknown salesperson, an unknown request, a cost from a salesperson', async () => {
    const car = await publishedCar('Mazda3', 14_000_000, 10);
    const [inactive] = await t.database.db
      .insert(staffUsers)
      .values({
        email: `baja-${Date.now()}@automotora.cl`,
        name: 'De baja',
        passwordHash: 'x',
        role: 'ventas',
        active: false,
      })
      .returning({ id: staffUsers.id });
    const base = { fecha: today, precio: 13_500_000, vendedor: ventas.id };
    const cases: [SignedInStaff, Record<string, unknown>, string, RegExp][] = [
      [ventas, { fecha: chileDayKey(Date.now() + 3 * 86_400_000) }, 'fecha', /posterior a hoy/],
      [ventas, { fecha: daysAgo(20) }, 'fecha', /anterior a su publicación/],
      [ventas, { fecha: '2026-02-30' }, 'fecha', /no es una fecha válida/],
      [ventas, { vendedor: inactive?.id }, 'vendedor', /cuenta activa/],
      [ventas, { vendedor: 2_000_000_000 }, 'vendedor', /cuenta activa/],
      [ventas, { solicitud: 2_000_000_000 }, 'solicitud', /no existe/],
      [ventas, { costo: 10_000_000 }, 'costo', /Solo un administrador/],
      [admin, { precio: 0 }, 'precio', /mayor que cero/],
      [admin, { costo: -5 }, 'costo', /costo/],
    ];
    for (const [who, change, field, message] of cases) {
      const response = await call('POST', `/admin/api/vehiculos/${car.id}/venta`, who, {
        ...base,
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().campos[field], JSON.stringify(change)).toMatch(message);
    }
    expect(await salesOf(car.id)).toHaveLength(0);
    expect(await statusOf(car.id)).toBe('published');
    // Without a session (and so without a CSRF token) the call is refused before it reaches the sale.
    expect((await call('POST', `/admin/api/vehiculos/${car.id}/venta`, null, base)).statusCode).toBe(403);
    expect((await call('GET', `/admin/api/vehiculos/${car.id}/venta`, null)).statusCode).toBe(401);
    expect(await salesOf(car.id)).toHaveLength(0);
    expect((await call('POST', '/admin/api/vehiculos/999999/venta', admin, base)).statusCode).toBe(404);
  });
});

describe('undoing a sale', () => {
  it('is for an admin or whoever recorded it; the car is back on sale, the sale kept as undone, both audited', async () => {
    const car = await publishedCar('BT-50', 19_000_000, 15);
    const before = (await t.database.db.select().from(vehicles).where(eq(vehicles.id, car.id)))[0];
    const sold = await call('POST', `/admin/api/vehiculos/${car.id}/venta`, ventas, {
      fecha: today,
      precio: 18_500_000,
      vendedor: ventas.id,
    });
    expect(sold.statusCode).toBe(201);
    const form = await call('PATCH', `/admin/api/vehiculos/${car.id}`, ventas, { estado: 'publicado' });
    expect(form.statusCode).toBe(400);
    expect(form.json().campos.estado).toMatch(/Deshacer venta/);

    const stranger = await call('POST', `/admin/api/vehiculos/${car.id}/venta/deshacer`, otherSeller, {});
    expect(stranger.statusCode).toBe(403);
    expect(await statusOf(car.id)).toBe('sold');

    const undone = await call('POST', `/admin/api/vehiculos/${car.id}/venta/deshacer`, ventas, {
      motivo: 'El crédito no fue aprobado',
    });
    expect(undone.statusCode, undone.body).toBe(200);
    const after = (await t.database.db.select().from(vehicles).where(eq(vehicles.id, car.id)))[0];
    expect(after).toMatchObject({ status: 'published', soldAt: null, publishedAt: before?.publishedAt });
    const [sale] = await salesOf(car.id);
    expect(sale).toMatchObject({ undoneBy: ventas.id, undoReason: 'El crédito no fue aprobado' });
    expect(sale?.undoneAt).toBeInstanceOf(Date);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'venta_deshecha'), eq(auditLog.entityId, String(car.id))))
      .orderBy(desc(auditLog.id));
    expect(entry?.details).toMatchObject({ venta: sale?.id, motivo: 'El crédito no fue aprobado' });
    expect((await call('POST', `/admin/api/vehiculos/${car.id}/venta/deshacer`, admin, {})).statusCode).toBe(
      409,
    );

    // Sold again later: a second live sale is allowed once the first is undone; the car cannot be deleted.
    const resold = await call('POST', `/admin/api/vehiculos/${car.id}/venta`, admin, {
      fecha: today,
      precio: 18_000_000,
      vendedor: otherSeller.id,
    });
    expect(resold.statusCode).toBe(201);
    expect(await salesOf(car.id)).toHaveLength(2);
    const deleted = await call('DELETE', `/admin/api/vehiculos/${car.id}`, admin);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error).toMatch(/venta registrada/);
  });

  it('puts back a car sold before sales were recorded (no sale row), audited', async () => {
    const car = await createVehicle(t.database.db, { lookups, model: 'Antiguo vendido', status: 'sold' });
    const response = await call('POST', `/admin/api/vehiculos/${car.id}/venta/deshacer`, admin, {});
    expect(response.statusCode).toBe(200);
    expect(await statusOf(car.id)).toBe('published');
  });
});

describe('the sales report', () => {
  it('groups per month, salesperson and source with days in stock; margins for admins; a salesperson sees their own', async () => {
    const a = await publishedCar('CX-30', 20_000_000, 50);
    const b = await publishedCar('CX-9', 35_000_000, 12);
    const lead = await leadFrom('google', b.id);
    const lastMonth = `${monthsBefore(today.slice(0, 7), 1)}-15`;
    // `a` published 50 days ago, sold in the middle of last month.
    expect(
      (
        await call('POST', `/admin/api/vehiculos/${a.id}/venta`, admin, {
          fecha: lastMonth,
          precio: 19_500_000,
          vendedor: otherSeller.id,
          costo: 16_000_000,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await call('POST', `/admin/api/vehiculos/${b.id}/venta`, admin, {
          fecha: today,
          precio: 34_000_000,
          vendedor: ventas.id,
          solicitud: lead,
          costo: 30_000_000,
        })
      ).statusCode,
    ).toBe(201);

    const report = (await call('GET', '/admin/api/ventas', admin)).json() as SalesReport;
    expect(report.todas).toBe(true);
    expect(report.porMes).toHaveLength(12);
    const rowA = report.ventas.find((v) => v.vehiculoId === a.id);
    const rowB = report.ventas.find((v) => v.vehiculoId === b.id);
    expect(rowA).toMatchObject({
      precio: 19_500_000,
      costo: 16_000_000,
      margen: 3_500_000,
      fuente: 'Sin solicitud',
    });
    expect(rowB).toMatchObject({ margen: 4_000_000, fuente: 'Google', solicitudId: lead, diasEnStock: 12 });
    // Undone sales are not counted; every live one is.
    const live = await t.database.db.select({ n: count() }).from(vehicleSales).where(isLive());
    expect(report.totales.ventas).toBe(live[0]?.n);
    const thisMonth = report.porMes[0];
    expect(thisMonth?.clave).toBe(today.slice(0, 7));
    expect(report.porMes[1]?.clave).toBe(monthsBefore(today.slice(0, 7), 1));
    expect(report.porMes[1]?.ventas).toBeGreaterThanOrEqual(1);
    expect(report.porFuente.find((g) => g.nombre === 'Google')).toMatchObject({
      ventas: 1,
      total: 34_000_000,
      margen: 4_000_000,
    });
    const sellerLine = report.porVendedor.find((g) => g.ventas > 0 && g.total === 19_500_000 + 18_000_000);
    expect(sellerLine?.conCosto).toBe(1);

    const own = (await call('GET', '/admin/api/ventas', ventas)).json() as SalesReport;
    expect(own.todas).toBe(false);
    expect(own.ventas.length).toBeGreaterThan(0);
    expect(
      own.ventas.every((v) => v.vendedor.startsWith('Vendedor') && v.costo === null && v.margen === null),
    ).toBe(true);
    expect(own.ventas.some((v) => v.vehiculoId === a.id)).toBe(false);
    expect(own.totales.margen).toBeNull();

    // An earlier period holds only last month's sale.
    const month = monthsBefore(today.slice(0, 7), 1);
    const earlier = (
      await call('GET', `/admin/api/ventas?desde=${month}&hasta=${month}`, admin)
    ).json() as SalesReport;
    expect(earlier.ventas.map((v) => v.vehiculoId)).toContain(a.id);
    expect(earlier.ventas.map((v) => v.vehiculoId)).not.toContain(b.id);
  });

  it('exports the report as CSV for Excel, without costs for a salesperson', async () => {
    const csv = await call('GET', '/admin/api/ventas.csv', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...lines] = csv.body.slice(1).split('\r\n').filter(Boolean);
    expect(header).toBe(
      'Fecha;REF;Vehículo;Precio final;Precio publicado;Costo;Margen;Vendedor;Fuente;N° de solicitud;Días en stock',
    );
    expect(lines.some((l) => l.includes('Mazda CX-9 2020;34000000;35000000;30000000;4000000'))).toBe(true);
    const own = await call('GET', '/admin/api/ventas.csv', ventas);
    expect(own.body).not.toContain('Costo');
    expect((await call('GET', '/admin/api/ventas.csv', null)).statusCode).toBe(401);
  });
});

function isLive() {
  return isNull(vehicleSales.undoneAt);
}
