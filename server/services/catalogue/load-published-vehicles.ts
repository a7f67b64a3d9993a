import type { Db } from '@db/client.ts';
import {
  bodyTypes,
  brands,
  features,
  fuels,
  images,
  transmissions,
  vehicleFeatures,
  vehicleImages,
  vehiclePriceChanges,
  vehicles,
} from '@db/schema.ts';
import { currentPriceDrop, type PriceChangeRecord, priceDropWindowStart } from '@domain/price-drop.ts';
import type { VehicleRecord } from '@domain/vehicle.ts';
import { and, asc, desc, eq, gte, type SQL } from 'drizzle-orm';

/**
 * Every published vehicle in 'Destacados' order, with its features, photos and the price decrease it may announce,
 * in four queries.
 */
export async function loadPublishedVehicles(db: Db): Promise<VehicleRecord[]> {
  const published = eq(vehicles.status, 'published');
  const records = await loadVehicles(db, published);
  if (records.length === 0) return [];

  // Only the changes still shown: a vehicle's newest change in the window is its newest change if it shows at all.
  const changeRows = await db
    .select({
      vehicleId: vehiclePriceChanges.vehicleId,
      previousPrice: vehiclePriceChanges.previousPrice,
      price: vehiclePriceChanges.price,
      at: vehiclePriceChanges.changedAt,
    })
    .from(vehiclePriceChanges)
    .innerJoin(vehicles, and(eq(vehicles.id, vehiclePriceChanges.vehicleId), published))
    .where(gte(vehiclePriceChanges.changedAt, priceDropWindowStart(Date.now())))
    .orderBy(
      asc(vehiclePriceChanges.vehicleId),
      desc(vehiclePriceChanges.changedAt),
      desc(vehiclePriceChanges.id),
    );
  const changes = new Map<number, PriceChangeRecord[]>();
  for (const { vehicleId, at, ...change } of changeRows) {
    const list = changes.get(vehicleId) ?? [];
    list.push({ ...change, at: at.toISOString() });
    changes.set(vehicleId, list);
  }
  for (const record of records) {
    const list = changes.get(record.id);
    if (list) record.priceDrop = currentPriceDrop(record.price, list);
  }
  return records;
}

/** One sold vehicle as its page shows it (ADR 0018), or null when it is not sold (any more). */
export async function loadSoldVehicle(db: Db, id: number): Promise<VehicleRecord | null> {
  const [record] = await loadVehicles(db, and(eq(vehicles.id, id), eq(vehicles.status, 'sold')) as SQL);
  return record ?? null;
}

/** The vehicles `scope` picks, in 'Destacados' order, with their features and photos, in three queries. */
async function loadVehicles(db: Db, scope: SQL): Promise<VehicleRecord[]> {
  const rows = await db
    .select({
      id: vehicles.id,
      brand: { id: brands.id, nombre: brands.nombre },
      model: vehicles.model,
      modelName: vehicles.modelName,
      version: vehicles.version,
      year: vehicles.year,
      price: vehicles.price,
      mileage: vehicles.mileage,
      condition: vehicles.condition,
      transmission: { id: transmissions.id, tipo: transmissions.tipo },
      fuel: { id: fuels.id, tipo: fuels.tipo },
      bodyType: { id: bodyTypes.id, nombre: bodyTypes.nombre },
      engine: vehicles.engine,
      color: vehicles.color,
      featured: vehicles.featured,
      vin: vehicles.vin,
      doors: vehicles.doors,
      previousOwners: vehicles.previousOwners,
      description: vehicles.description,
    })
    .from(vehicles)
    .innerJoin(brands, eq(brands.id, vehicles.brandId))
    .innerJoin(transmissions, eq(transmissions.id, vehicles.transmissionId))
    .innerJoin(fuels, eq(fuels.id, vehicles.fuelId))
    .innerJoin(bodyTypes, eq(bodyTypes.id, vehicles.bodyTypeId))
    .where(scope)
    .orderBy(asc(vehicles.sortOrder), asc(vehicles.id));

  const byId = new Map<number, VehicleRecord>();
  for (const row of rows) byId.set(row.id, { ...row, features: [], images: [] });
  if (byId.size === 0) return [];

  const featureRows = await db
    .select({ vehicleId: vehicleFeatures.vehicleId, nombre: features.nombre })
    .from(vehicleFeatures)
    .innerJoin(features, eq(features.id, vehicleFeatures.featureId))
    .innerJoin(vehicles, eq(vehicles.id, vehicleFeatures.vehicleId))
    .where(scope)
    .orderBy(asc(vehicleFeatures.vehicleId), asc(vehicleFeatures.position));
  for (const row of featureRows) byId.get(row.vehicleId)?.features.push(row.nombre);

  const imageRows = await selectVehiclePhotos(db)
    .innerJoin(vehicles, and(eq(vehicles.id, vehicleImages.vehicleId), scope))
    .orderBy(asc(vehicleImages.vehicleId), asc(vehicleImages.position));
  for (const { vehicleId, ...image } of imageRows) byId.get(vehicleId)?.images.push(image);

  return [...byId.values()];
}

/** Each photo of the vehicles a query picks: its vehicle, and what a page needs to lay it out. */
export function selectVehiclePhotos(db: Db) {
  return db
    .select({
      vehicleId: vehicleImages.vehicleId,
      hash: images.hash,
      width: images.width,
      height: images.height,
    })
    .from(vehicleImages)
    .innerJoin(images, eq(images.id, vehicleImages.imageId));
}
