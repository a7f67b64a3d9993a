// Large stock for the benches: the demo catalogue's generator scaled to any number of published vehicles.
import type { Db } from '@db/client.ts';
import { bodyTypes, brands, fuels, transmissions, vehicles } from '@db/schema.ts';
import { buildDemoVehicles } from '@db/seed/demo-catalogue.ts';

/** Lookup rows for the names used by `rows`, returning name → id. */
async function insertLookups<T extends { id: number }>(
  insert: (names: string[]) => Promise<T[]>,
  names: string[],
  key: (row: T) => string,
): Promise<Map<string, number>> {
  return new Map((await insert([...new Set(names)].sort())).map((row) => [key(row), row.id]));
}

/** The demo catalogue's generator, scaled up; rows go in 1,000 at a time. No photos or features. */
export async function seedManyVehicles(db: Db, count: number): Promise<void> {
  const demo = buildDemoVehicles(count);
  const brandIds = await insertLookups(
    (n) =>
      db
        .insert(brands)
        .values(n.map((nombre) => ({ nombre })))
        .returning(),
    demo.map((v) => v.brand),
    (r) => r.nombre,
  );
  const bodyIds = await insertLookups(
    (n) =>
      db
        .insert(bodyTypes)
        .values(n.map((nombre) => ({ nombre })))
        .returning(),
    demo.map((v) => v.bodyType),
    (r) => r.nombre,
  );
  const fuelIds = await insertLookups(
    (n) =>
      db
        .insert(fuels)
        .values(n.map((tipo) => ({ tipo })))
        .returning(),
    demo.map((v) => v.fuel),
    (r) => r.tipo,
  );
  const transmissionIds = await insertLookups(
    (n) =>
      db
        .insert(transmissions)
        .values(n.map((tipo) => ({ tipo })))
        .returning(),
    demo.map((v) => v.transmission),
    (r) => r.tipo,
  );
  const id = (map: Map<string, number>, name: string) => map.get(name) ?? 0;
  for (let start = 0; start < demo.length; start += 1_000) {
    await db.insert(vehicles).values(
      demo.slice(start, start + 1_000).map((v, i) => ({
        brandId: id(brandIds, v.brand),
        bodyTypeId: id(bodyIds, v.bodyType),
        fuelId: id(fuelIds, v.fuel),
        transmissionId: id(transmissionIds, v.transmission),
        modelName: v.model,
        version: v.version,
        year: v.year,
        price: v.price,
        mileage: v.mileage,
        condition: v.condition,
        engine: v.engine,
        color: v.color,
        featured: v.featured,
        status: 'published' as const,
        sortOrder: start + i,
      })),
    );
  }
}
