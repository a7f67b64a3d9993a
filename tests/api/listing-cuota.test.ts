// The listing's cuota máxima (issue 30 item 6) on stock read from the database, PGlite or PostgreSQL alike: a bound
// keeps exactly the vehicles whose advertised cuota — the one their card shows, with its CAE — is at or below it, and
// the address keeps it like the other filters.
import { installmentFrom } from '@domain/vehicle.ts';
import { resolveListing } from '@server/services/catalogue/listing.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookups, createVehicle } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
const PRICES = [1_000_000, 5_990_000, 8_490_000, 12_990_000, 12_990_000, 18_500_000, 27_900_000, 45_000_000];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const lookups = await createLookups(db, {
    brand: 'Kia',
    bodyType: 'Sedán',
    fuel: 'Bencina',
    transmission: 'Transmisión Manual',
  });
  for (const [index, price] of PRICES.entries()) {
    await createVehicle(db, { lookups, model: `Modelo ${index}`, price });
  }
});
afterAll(() => t.close());

async function listing(params: Record<string, string>) {
  const snapshot = await t.app.services.catalogue.snapshot();
  const all = Array.from({ length: 10 }, (_, i) => i + 1);
  const pages = all.map(
    (pagina) =>
      resolveListing(
        snapshot,
        new URLSearchParams({ ...params, pagina: String(pagina) }),
        snapshot.settings.data,
      ).data,
  );
  const vehicles = pages.filter((page, i) => page.page === i + 1).flatMap((page) => page.vehicles);
  return { vehicles, first: resolveListing(snapshot, new URLSearchParams(params), snapshot.settings.data) };
}

describe('/vehicles?cuota_max=', () => {
  it('keeps exactly the vehicles whose advertised cuota is at or below the bound, each shown with its CAE', async () => {
    const settings = (await t.app.services.catalogue.snapshot()).settings.data;
    const cuotas = PRICES.map((price) => installmentFrom(settings, price)?.installment ?? null);
    // A price too small for any credit has no cuota, and no cuota máxima finds it.
    expect(cuotas[0]).toBeNull();
    const known = cuotas.filter((c): c is number => c !== null);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom(...known),
          fc.integer({ min: 1, max: 3_000_000 }),
          fc.constantFrom(...known.map((c) => c - 1)),
        ),
        async (bound) => {
          const { vehicles, first } = await listing({ cuota_max: String(bound) });
          const expected = cuotas.filter((c) => c !== null && c <= bound).length;
          expect(first.data.total).toBe(expected);
          expect(vehicles).toHaveLength(expected);
          for (const vehicle of vehicles) {
            expect(vehicle.installmentFrom?.installment).toBeLessThanOrEqual(bound);
            expect(Number.isFinite(vehicle.installmentFrom?.caePercent)).toBe(true);
          }
          expect(first.search).toBe(`cuota_max=${bound}`);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('advertises the conventional credit, which every buyer can get, and filters by that cuota', async () => {
    const { vehicles } = await listing({ cuota_max: '10000000' });
    expect(vehicles.length).toBe(PRICES.length - 1);
    for (const vehicle of vehicles) {
      expect(vehicle.installmentFrom).toMatchObject({
        type: 'convencional',
        typeLabel: 'Crédito convencional',
        restriction: null,
      });
    }
  });

  it('reads a bound the Chilean way and drops one it cannot read from the canonical address', async () => {
    expect((await listing({ cuota_max: '400.000' })).first.search).toBe('cuota_max=400000');
    for (const bad of ['', '0', '-1', 'abc', '1e6', '<b>1</b>', '9'.repeat(30)]) {
      const { first } = await listing({ cuota_max: bad });
      expect(first.search, bad).toBe('');
      expect(first.data.total, bad).toBe(PRICES.length);
    }
  });
});
