// Item 5 of the issue: every price change by staff is recorded with the change itself (history table), the back office
// shows it, and for 30 days after a decrease the site's cards carry the previous price.

import type { StockVehicleDetail } from '@contracts/admin-stock.ts';
import { staffUsers, vehiclePriceChanges, vehicles } from '@db/schema.ts';
import { resolveListing } from '@server/services/catalogue/listing.ts';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookups, type LookupIds } from '../support/factories.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let ventas: SignedInStaff;
let admin: SignedInStaff;
let lookups: LookupIds;

beforeAll(async () => {
  t = await createTestApp();
  ventas = await signedInStaff(t.app, 'ventas');
  admin = await signedInStaff(t.app, 'admin');
  lookups = await createLookups(t.database.db);
});
afterAll(() => t.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  marca: lookups.brandId,
  modelo: 'Tucson',
  año: 2021,
  precio: 19_990_000,
  kilometraje: 40_000,
  condicion: 'Usado',
  transmision: lookups.transmissionId,
  combustible: lookups.fuelId,
  tipo: lookups.bodyTypeId,
  motor: '2.0',
  color: 'Blanco',
  caracteristicas: [],
  destacado: false,
  estado: 'publicado',
  publicarSinFotos: true,
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}) {
  const response = await callAs(t.app, 'POST', '/admin/api/vehiculos', ventas, form(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { vehiculo: StockVehicleDetail }).vehiculo;
}

async function save(id: number, staff: SignedInStaff, overrides: Record<string, unknown>) {
  const response = await callAs(t.app, 'PUT', `/admin/api/vehiculos/${id}`, staff, form(overrides));
  return { status: response.statusCode, body: response.json() as { vehiculo: StockVehicleDetail } };
}

const changesOf = async (id: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(vehiclePriceChanges)
      .where(eq(vehiclePriceChanges.vehicleId, id))
  )[0]?.n;

describe('price history', () => {
  it('records each change of price with who and when, and the back office reads it newest first', async () => {
    const vehicle = await create();
    expect(vehicle.historialPrecios).toEqual([]);

    const before = Date.now();
    const first = await save(vehicle.id, ventas, { precio: 18_490_000 });
    expect(first.status).toBe(200);
    const second = await save(vehicle.id, admin, { precio: 18_990_000 });
    const history = second.body.vehiculo.historialPrecios;

    const [adminName, ventasName] = await Promise.all(
      [admin.id, ventas.id].map(
        async (id) =>
          (
            await t.database.db
              .select({ name: staffUsers.name })
              .from(staffUsers)
              .where(eq(staffUsers.id, id))
          )[0]?.name,
      ),
    );
    expect(history.map(({ de, a, por }) => ({ de, a, por }))).toEqual([
      { de: 18_490_000, a: 18_990_000, por: adminName },
      { de: 19_990_000, a: 18_490_000, por: ventasName },
    ]);
    for (const change of history) {
      expect(Date.parse(change.fecha)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(change.fecha)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    // The GET of the back office says the same.
    const detail = await callAs(t.app, 'GET', `/admin/api/vehiculos/${vehicle.id}`, ventas);
    expect((detail.json() as { vehiculo: StockVehicleDetail }).vehiculo.historialPrecios).toEqual(history);
  });

  it('records nothing when the price stays, or when the change is refused', async () => {
    const vehicle = await create();
    expect((await save(vehicle.id, ventas, { color: 'Negro' })).status).toBe(200);
    expect(await changesOf(vehicle.id)).toBe(0);

    // A dangling reference refuses the whole change: neither the price nor its history is written.
    const refused = await save(vehicle.id, ventas, { precio: 9_990_000, marca: 2_000_000_000 });
    expect(refused.status).toBe(400);
    expect(await changesOf(vehicle.id)).toBe(0);
    const [row] = await t.database.db
      .select({ price: vehicles.price })
      .from(vehicles)
      .where(eq(vehicles.id, vehicle.id));
    expect(row?.price).toBe(19_990_000);
  });

  it('goes with the vehicle when it is deleted', async () => {
    const vehicle = await create();
    await save(vehicle.id, ventas, { precio: 15_000_000 });
    expect(await changesOf(vehicle.id)).toBe(1);
    const deleted = await callAs(t.app, 'DELETE', `/admin/api/vehiculos/${vehicle.id}`, ventas);
    expect(deleted.statusCode).toBe(204);
    expect(await changesOf(vehicle.id)).toBe(0);
  });
});

describe('"Bajó de precio" on the site', () => {
  /** The card the listing shows for `id` (the listing page, its island and the home page build cards alike). */
  async function card(id: number) {
    const snapshot = await t.app.services.catalogue.snapshot();
    const { data } = resolveListing(snapshot, new URLSearchParams(), t.config.dealership);
    const all = [data, ...(await otherPages(data.pageCount))].flatMap((page) => page.vehicles);
    return all.find((v) => v.id === id);
  }
  async function otherPages(pageCount: number) {
    const snapshot = await t.app.services.catalogue.snapshot();
    return Array.from(
      { length: pageCount - 1 },
      (_, i) =>
        resolveListing(snapshot, new URLSearchParams({ pagina: String(i + 2) }), t.config.dealership).data,
    );
  }

  it('carries the previous price after a decrease, and none after a rise', async () => {
    const vehicle = await create({ precio: 12_990_000 });
    expect((await card(vehicle.id))?.previousPrice).toBeNull();

    await save(vehicle.id, ventas, { precio: 11_990_000 });
    expect(await card(vehicle.id)).toMatchObject({ price: 11_990_000, previousPrice: 12_990_000 });

    await save(vehicle.id, ventas, { precio: 10_990_000 });
    expect(await card(vehicle.id)).toMatchObject({ price: 10_990_000, previousPrice: 11_990_000 });

    await save(vehicle.id, ventas, { precio: 11_490_000 });
    expect(await card(vehicle.id)).toMatchObject({ price: 11_490_000, previousPrice: null });
  });

  it('stops showing a decrease 30 days after it', async () => {
    const vehicle = await create({ precio: 25_000_000 });
    await save(vehicle.id, ventas, { precio: 23_000_000 });
    await t.database.db
      .update(vehiclePriceChanges)
      .set({ changedAt: sql`now() - interval '29 days'` })
      .where(eq(vehiclePriceChanges.vehicleId, vehicle.id));
    t.app.services.catalogue.invalidate();
    expect((await card(vehicle.id))?.previousPrice).toBe(25_000_000);

    await t.database.db
      .update(vehiclePriceChanges)
      .set({ changedAt: sql`now() - interval '31 days'` })
      .where(eq(vehiclePriceChanges.vehicleId, vehicle.id));
    t.app.services.catalogue.invalidate();
    expect((await card(vehicle.id))?.previousPrice).toBeNull();
  });

  it('leaves the public API as it was: no new field', async () => {
    const vehicle = await create({ precio: 30_000_000 });
    await save(vehicle.id, ventas, { precio: 28_000_000 });
    const detail = (await t.app.inject({ method: 'GET', url: `/api/vehiculos/${vehicle.id}/` })).json();
    expect(detail).toMatchObject({ precio: '28000000.00' });
    expect(Object.keys(detail as object)).not.toContain('previousPrice');
  });
});
