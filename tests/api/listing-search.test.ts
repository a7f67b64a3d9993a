// The listing's search (`q`) on stock read from the database, PGlite or PostgreSQL alike: the words people type
// ("diésel", "yaris 2024", "camioneta 4x4") find the cars in stock, and the address keeps the text as typed.
import { resolveListing } from '@server/services/catalogue/listing.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookups, createVehicle } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const toyota = await createLookups(db, {
    brand: 'Toyota',
    bodyType: 'Sedán',
    fuel: 'Bencina',
    transmission: 'Transmisión Manual',
  });
  const ford = await createLookups(db, {
    brand: 'Ford',
    bodyType: 'Camioneta',
    fuel: 'Diésel',
    transmission: 'Transmisión Automática',
  });
  await createVehicle(db, { lookups: toyota, model: 'Yaris', version: 'GLi', year: 2024 });
  await createVehicle(db, { lookups: toyota, model: 'Yaris', version: 'Sport', year: 2019 });
  await createVehicle(db, { lookups: ford, model: 'Ranger', version: 'XLT 4x4', year: 2022 });
  await createVehicle(db, { lookups: ford, model: 'Ranger', version: 'XL', year: 2024, condition: 'Nuevo' });
  await createVehicle(db, { lookups: ford, model: 'Maverick', year: 2024, status: 'draft' });
});
afterAll(() => t.close());

async function search(q: string) {
  const snapshot = await t.app.services.catalogue.snapshot();
  const { data, search } = resolveListing(snapshot, new URLSearchParams({ q }), t.config.dealership);
  return { names: data.vehicles.map((v) => `${v.name} ${v.year}`).sort(), total: data.total, search };
}

describe('/vehicles?q=', () => {
  it('finds "diésel" and "diesel" in the fuel of the cars in stock (a draft is not in stock)', async () => {
    const diesel = ['Ford Ranger XL 2024', 'Ford Ranger XLT 4x4 2022'];
    expect((await search('diésel')).names).toEqual(diesel);
    expect((await search('DIESEL')).names).toEqual(diesel);
  });

  it('finds "yaris 2024" by model and year, and keeps the text in the address', async () => {
    const found = await search('yaris 2024');
    expect(found.names).toEqual(['Toyota Yaris GLi 2024']);
    expect(new URLSearchParams(found.search).get('q')).toBe('yaris 2024');
  });

  it('finds "camioneta 4x4" by body type and version, and "2024" by year alone', async () => {
    expect((await search('camioneta 4x4')).names).toEqual(['Ford Ranger XLT 4x4 2022']);
    expect((await search('2024')).names).toEqual(['Ford Ranger XL 2024', 'Toyota Yaris GLi 2024']);
    expect((await search('ranger nueva')).names).toEqual(['Ford Ranger XL 2024']);
  });

  it('finds nothing for a word no car in stock has', async () => {
    expect((await search('maverick')).total).toBe(0);
    expect((await search('yaris 2023')).total).toBe(0);
  });
});
