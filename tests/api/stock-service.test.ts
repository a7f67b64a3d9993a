import { VehicleInputSchema } from '@contracts/admin-stock.ts';
import type { Actor } from '@server/services/auth/sessions.ts';
import { prepareImage } from '@server/services/images/ingest-image.ts';
import { Refusal } from '@server/services/refusal.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookups, type LookupIds, makeJpeg } from '../support/factories.ts';
import { testStaffUser } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The stock service owns the catalogue's freshness: every change it commits is on the public catalogue at the next
// read, called here without any route in between. A refusal, or a change that changes nothing, keeps the cache.
let t: TestApp;
let actor: Actor;
let lookups: LookupIds;

beforeAll(async () => {
  t = await createTestApp();
  actor = await testStaffUser(t.app.services.db, {
    email: 'servicio@automotora.cl',
    name: 'Servicio',
    password: 'una-clave-larga-2026',
    role: 'ventas',
  });
  lookups = await createLookups(t.app.services.db, { brand: 'Subaru' });
});

afterAll(async () => {
  await t?.close();
});

const input = (model: string) =>
  VehicleInputSchema.parse({
    marca: lookups.brandId,
    modelo: model,
    año: 2023,
    precio: 18_990_000,
    kilometraje: 12_000,
    condicion: 'Usado',
    transmision: lookups.transmissionId,
    combustible: lookups.fuelId,
    tipo: lookups.bodyTypeId,
    motor: '2.0',
    color: 'Azul',
    estado: 'publicado',
  });

async function published(id: number) {
  return (await t.app.services.catalogue.snapshot()).byId.get(id);
}

describe('stock service', () => {
  it('puts each committed vehicle change on the public catalogue at once', async () => {
    const { stock } = t.app.services;
    await t.app.services.catalogue.snapshot(); // a cached snapshot that must not be served after the change
    const id = await stock.createVehicle(actor, input('Forester'), { publishWithoutPhotos: true });
    expect((await published(id))?.model).toBe('Forester');

    await stock.updateVehicle(actor, id, { precio: 17_490_000 });
    expect((await published(id))?.price).toBe(17_490_000);

    const [photo] = await stock.addPhotos(actor, id, [await prepareImage(await makeJpeg(800, 600))]);
    expect((await published(id))?.images).toHaveLength(1);
    const second = await stock.addPhotos(actor, id, [
      await prepareImage(await makeJpeg(800, 600, '#a82525')),
    ]);
    const order = [second[0], photo].map(Number);
    await stock.reorderPhotos(actor, id, order);
    const hashes = (await published(id))?.images.map((image) => image.hash);
    await stock.deletePhoto(actor, id, Number(photo));
    expect((await published(id))?.images.map((image) => image.hash)).toEqual(hashes?.slice(0, 1));

    await stock.updateVehicle(actor, id, { estado: 'borrador' });
    expect(await published(id)).toBeUndefined();
    await stock.updateVehicle(actor, id, { estado: 'publicado' });
    await stock.deleteVehicle(actor, id);
    expect(await published(id)).toBeUndefined();
  });

  it('puts each list change on the public catalogue at once', async () => {
    const { stock, catalogue } = t.app.services;
    const item = await stock.createLookup(actor, 'marcas', 'Lancia');
    expect((await catalogue.snapshot()).lookups.brands.map((b) => b.nombre)).toContain('Lancia');
    await stock.renameLookup(actor, 'marcas', item.id, 'Lancia Motors');
    expect((await catalogue.snapshot()).lookups.brands.map((b) => b.nombre)).toContain('Lancia Motors');
    await stock.deleteLookup(actor, 'marcas', item.id);
    expect((await catalogue.snapshot()).lookups.brands.map((b) => b.nombre)).not.toContain('Lancia Motors');
  });

  it('keeps the cache when nothing changed or the change was refused', async () => {
    const { stock, catalogue } = t.app.services;
    const id = await stock.createVehicle(actor, input('Outback'), { publishWithoutPhotos: true });
    const version = catalogue.version;
    expect(await stock.updateVehicle(actor, id, { precio: 18_990_000 })).toEqual([]);
    await expect(stock.updateVehicle(actor, 2_000_000_000, { precio: 1_000_000 })).rejects.toBeInstanceOf(
      Refusal,
    );
    await expect(stock.deleteLookup(actor, 'marcas', lookups.brandId)).rejects.toMatchObject({
      kind: 'conflict',
    });
    expect(catalogue.version).toBe(version);
  });
});
