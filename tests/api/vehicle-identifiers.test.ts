// The VIN and the external reference of a vehicle through the back office API (migration 0005): stored as the
// contract normalises them, unique when present, and anything refused leaves the database as it was.
import type { StockList, StockVehicleDetail } from '@contracts/admin-stock.ts';
import { ApiErrorSchema } from '@contracts/vehicle.ts';
import { auditLog, vehicles } from '@db/schema.ts';
import { stockReference } from '@domain/format.ts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookups, type LookupIds } from '../support/factories.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let ventas: SignedInStaff;
let lookups: LookupIds;

beforeAll(async () => {
  t = await createTestApp();
  ventas = await signedInStaff(t.app, 'ventas');
  lookups = await createLookups(t.database.db, { brand: 'Mitsubishi' });
});
afterAll(() => t.close());

const valid = (overrides: Record<string, unknown> = {}) => ({
  marca: lookups.brandId,
  modelo: 'Outlander',
  año: 2016,
  precio: 13_990_000,
  kilometraje: 90_000,
  condicion: 'Usado',
  transmision: lookups.transmissionId,
  combustible: lookups.fuelId,
  tipo: lookups.bodyTypeId,
  motor: '2.4',
  color: 'Plata',
  estado: 'publicado',
  publicarSinFotos: true,
  ...overrides,
});

const post = (body: unknown) => callAs(t.app, 'POST', '/admin/api/vehiculos', ventas, body);
const put = (id: number, body: unknown) => callAs(t.app, 'PUT', `/admin/api/vehiculos/${id}`, ventas, body);

async function create(overrides: Record<string, unknown>) {
  const response = await post(valid(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { vehiculo: StockVehicleDetail }).vehiculo;
}

const counts = async () => ({
  vehicles: (await t.database.db.select({ n: count() }).from(vehicles))[0]?.n,
  audit: (await t.database.db.select({ n: count() }).from(auditLog))[0]?.n,
});

let serial = 100;
/** A fresh VIN-shaped value for each test (the check digit is not required). */
const nextVin = () => `JA4AR3AW8GZ${String(++serial).padStart(6, '0')}`;

describe('the VIN and external reference of a vehicle', () => {
  it('stores the VIN upper-cased and without separators, and shows both in the detail', async () => {
    const vin = nextVin();
    const created = await create({
      vin: ` ${vin.toLowerCase().slice(0, 8)}-${vin.slice(8).toLowerCase()} `,
      referencia: ' STK-1601 ',
    });
    expect(created.vin).toBe(vin);
    expect(created.referencia).toBe('STK-1601');
    const [row] = await t.database.db.select().from(vehicles).where(eq(vehicles.id, created.id));
    expect(row?.vin).toBe(vin);
    expect(row?.externalRef).toBe('STK-1601');
  });

  it('finds a vehicle in the stock list by its whole external reference (any case) or VIN', async () => {
    const vin = nextVin();
    const created = await create({ modelo: 'Buscado por código', vin, referencia: 'Stk_9%01' });
    const search = async (q: string) =>
      (
        (
          await callAs(t.app, 'GET', `/admin/api/vehiculos?q=${encodeURIComponent(q)}`, ventas, undefined)
        ).json() as {
          items: { id: number }[];
        }
      ).items.map((i) => i.id);
    expect(await search('stk_9%01')).toEqual([created.id]);
    expect(await search(` ${vin.toLowerCase()} `)).toEqual([created.id]);
    // Only the whole reference: a part of it, or its LIKE wildcards, find nothing.
    expect(await search('Stk_9')).not.toContain(created.id);
    expect(await search('Stk_9_01')).not.toContain(created.id);
  });

  it('lets any number of vehicles have none', async () => {
    const a = await create({ vin: '', referencia: '' });
    const b = await create({});
    expect([a.vin, a.referencia, b.vin, b.referencia]).toEqual([null, null, null, null]);
  });

  it('keeps them through a quick status change, and clears them when the form sends them blank', async () => {
    const created = await create({ vin: nextVin(), referencia: 'STK-QUICK' });
    const patch = await callAs(t.app, 'PATCH', `/admin/api/vehiculos/${created.id}`, ventas, {
      destacado: true,
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect((patch.json() as { vehiculo: StockVehicleDetail }).vehiculo.vin).toBe(created.vin);
    const cleared = await put(created.id, valid({ vin: '', referencia: '' }));
    expect(cleared.statusCode, cleared.body).toBe(200);
    const body = cleared.json() as { vehiculo: StockVehicleDetail; cambios: string[] };
    expect(body.vehiculo.vin).toBeNull();
    expect(body.cambios).toEqual(expect.arrayContaining(['vin', 'referencia']));
  });

  it('says in the list which vehicles have no VIN', async () => {
    const created = await create({ modelo: 'SinVinListado' });
    const list = (
      await callAs(t.app, 'GET', '/admin/api/vehiculos?q=SinVinListado', ventas, undefined)
    ).json() as StockList;
    expect(list.items.find((v) => v.id === created.id)?.vin).toBeNull();
  });

  it('refuses a VIN another vehicle has with 409 naming that vehicle, and stores nothing', async () => {
    const vin = nextVin();
    const first = await create({ vin, referencia: 'STK-DUP-1' });
    const before = await counts();
    const again = await post(valid({ vin: vin.toLowerCase(), referencia: 'STK-DUP-1' }));
    expect(again.statusCode).toBe(409);
    const body = ApiErrorSchema.parse(again.json());
    expect(body.campos?.vin).toBe(`Este VIN ya está registrado en el vehículo ${stockReference(first.id)}.`);
    expect(body.campos?.referencia).toBe(
      `Esta referencia externa ya la usa el vehículo ${stockReference(first.id)}.`,
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses, on an edit, the VIN of another vehicle and leaves the edited one as it was', async () => {
    const vin = nextVin();
    const holder = await create({ vin });
    const other = await create({ vin: nextVin(), referencia: 'STK-EDIT' });
    const before = await counts();
    const response = await put(other.id, valid({ vin, referencia: 'STK-EDIT', precio: 1_000_000 }));
    expect(response.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(response.json()).campos?.vin).toContain(stockReference(holder.id));
    const [row] = await t.database.db.select().from(vehicles).where(eq(vehicles.id, other.id));
    expect(row?.vin).toBe(other.vin);
    expect(row?.price).toBe(13_990_000);
    expect(await counts()).toEqual(before);
  });

  it('gives one of two saves of the same VIN at once a 409, never a 500 (the unique index backs the check)', async () => {
    const vin = nextVin();
    const before = await counts();
    const responses = await Promise.all([post(valid({ vin })), post(valid({ vin }))]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await counts()).vehicles).toBe((before.vehicles ?? 0) + 1);
  });

  it('lets a vehicle be saved again with its own VIN and reference', async () => {
    const created = await create({ vin: nextVin(), referencia: 'STK-SELF' });
    const response = await put(
      created.id,
      valid({ vin: created.vin, referencia: 'STK-SELF', color: 'Negro' }),
    );
    expect(response.statusCode, response.body).toBe(200);
  });

  it.each([
    ['a short VIN', { vin: 'JA4AR3AW8GZ05777' }, 'vin'],
    ['a VIN with O', { vin: 'JA4AR3AW8GZO57772' }, 'vin'],
    ['a VIN with markup', { vin: '<b>JA4AR3AW8GZ</b>' }, 'vin'],
    ['a VIN with a NUL', { vin: 'JA4AR3AW8GZ05777\u0000' }, 'vin'],
    ['a VIN as a number', { vin: 1234567890123456 }, 'vin'],
    ['a VIN of 1 MB', { vin: 'A'.repeat(1_000_000) }, 'vin'],
    ['a reference of 41 characters', { referencia: 'R'.repeat(41) }, 'referencia'],
    ['a reference with a lone surrogate', { referencia: 'STK-\uDC00' }, 'referencia'],
    ['a reference with a control character', { referencia: 'STK\u0007' }, 'referencia'],
    ['a reference as an object', { referencia: { $ne: null } }, 'referencia'],
  ])('refuses %s with a Spanish field error and stores nothing', async (_label, overrides, field) => {
    const before = await counts();
    const response = await post(valid(overrides));
    expect(response.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(response.json());
    expect(body.campos?.[field]).toMatch(/[a-záéíóúñ]/i);
    expect(await counts()).toEqual(before);
  });
});
