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
  vehicles,
} from '@db/schema.ts';
import type { VehicleRecord } from '@domain/vehicle.ts';
import { and, asc, eq } from 'drizzle-orm';

/** Every published vehicle in 'Destacados' order, with its features and photos, in three queries. */
export async function loadPublishedVehicles(db: Db): Promise<VehicleRecord[]> {
  const rows = await db
    .select({
      id: vehicles.id,
      brand: { id: brands.id, nombre: brands.nombre },
      model: vehicles.model,
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
    })
    .from(vehicles)
    .innerJoin(brands, eq(brands.id, vehicles.brandId))
    .innerJoin(transmissions, eq(transmissions.id, vehicles.transmissionId))
    .innerJoin(fuels, eq(fuels.id, vehicles.fuelId))
    .innerJoin(bodyTypes, eq(bodyTypes.id, vehicles.bodyTypeId))
    .where(eq(vehicles.status, 'published'))
    .orderBy(asc(vehicles.sortOrder), asc(vehicles.id));

  const byId = new Map<number, VehicleRecord>();
  for (const row of rows) byId.set(row.id, { ...row, features: [], images: [] });
  if (byId.size === 0) return [];

  const featureRows = await db
    .select({ vehicleId: vehicleFeatures.vehicleId, nombre: features.nombre })
    .from(vehicleFeatures)
    .innerJoin(features, eq(features.id, vehicleFeatures.featureId))
    .innerJoin(vehicles, eq(vehicles.id, vehicleFeatures.vehicleId))
    .where(eq(vehicles.status, 'published'))
    .orderBy(asc(vehicleFeatures.vehicleId), asc(vehicleFeatures.position));
  for (const row of featureRows) byId.get(row.vehicleId)?.features.push(row.nombre);

  const imageRows = await selectVehiclePhotos(db)
    .innerJoin(vehicles, and(eq(vehicles.id, vehicleImages.vehicleId), eq(vehicles.status, 'published')))
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
