import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  appState,
  bodyTypes,
  brands,
  features,
  fuels,
  transmissions,
  vehicleFeatures,
  vehicleImages,
  vehicles,
} from '../schema.ts';
import type { BodyType, PhotoView } from './car-photo/index.ts';
import { buildDemoVehicles, DEMO_MODELS } from './demo-catalogue.ts';

export const DEMO_PHOTOS_KEY = 'demo_photos_pending';
const BODY_TYPES: BodyType[] = ['Sedán', 'Hatchback', 'SUV', 'Camioneta', 'Furgón', 'Coupé', 'Station Wagon'];
const FUELS = ['Bencina', 'Diésel', 'Híbrido', 'Eléctrico'];
const TRANSMISSIONS = ['Transmisión Automática', 'Transmisión Manual'];
export const PHOTO_VIEWS: PhotoView[] = [
  'front-left',
  'side',
  'rear-right',
  'interior',
  'dashboard',
  'front',
  'rear',
  'wheel',
];

export interface PendingPhotos {
  vehicleId: number;
  bodyType: BodyType;
  color: string;
  count: number;
  seed: number;
}

export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(vehicles);
  return (row?.n ?? 0) === 0;
}

/** Deletes every row of every table (stock, leads, staff, outbox): `db:seed -- --reset`. */
export async function resetDatabase(db: Db): Promise<void> {
  await db.execute(sql`
    truncate table lead_notes, lead_photos, email_outbox, idempotency_keys, leads, vehicle_features,
      vehicle_images, image_variants, images, vehicles, features, brands, body_types, fuels, transmissions,
      sessions, audit_log, staff_users, rate_limits, app_state restart identity cascade`);
}

/**
 * Inserts the demo stock rows in one transaction (fast: no images). The photos are rendered afterwards
 * by `renderDemoPhotos`, which works through the list stored under DEMO_PHOTOS_KEY, featured first.
 */
export async function seedDemoCatalogue(db: Db): Promise<{ vehicles: number }> {
  const demo = buildDemoVehicles();
  return db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL: the second waits here, then sees the stock.
    await tx.execute(sql`lock table brands in exclusive mode`);
    const [existing] = await tx.select({ n: count() }).from(vehicles);
    if ((existing?.n ?? 0) > 0) return { vehicles: 0 };
    const brandNames = [...new Set(DEMO_MODELS.map((m) => m.brand))].sort();
    const idsOf = async <T extends { id: number }>(rows: Promise<T[]>, key: (row: T) => string) =>
      new Map((await rows).map((row) => [key(row), row.id]));
    const brandIds = await idsOf(
      tx
        .insert(brands)
        .values(brandNames.map((nombre) => ({ nombre })))
        .returning(),
      (r) => r.nombre,
    );
    const bodyIds = await idsOf(
      tx
        .insert(bodyTypes)
        .values(BODY_TYPES.map((nombre) => ({ nombre })))
        .returning(),
      (r) => r.nombre,
    );
    const fuelIds = await idsOf(
      tx
        .insert(fuels)
        .values(FUELS.map((tipo) => ({ tipo })))
        .returning(),
      (r) => r.tipo,
    );
    const transmissionIds = await idsOf(
      tx
        .insert(transmissions)
        .values(TRANSMISSIONS.map((tipo) => ({ tipo })))
        .returning(),
      (r) => r.tipo,
    );
    const featureNames = [...new Set(demo.flatMap((v) => v.features))].sort();
    const featureIds = await idsOf(
      tx
        .insert(features)
        .values(featureNames.map((nombre) => ({ nombre })))
        .returning(),
      (r) => r.nombre,
    );

    const need = (map: Map<string, number>, key: string) => {
      const id = map.get(key);
      if (id === undefined) throw new Error(`demo seed: unknown lookup ${key}`);
      return id;
    };
    const inserted = await tx
      .insert(vehicles)
      .values(
        demo.map((v, index) => ({
          brandId: need(brandIds, v.brand),
          modelName: v.model,
          version: v.version,
          year: v.year,
          price: v.price,
          mileage: v.mileage,
          condition: v.condition,
          transmissionId: need(transmissionIds, v.transmission),
          fuelId: need(fuelIds, v.fuel),
          bodyTypeId: need(bodyIds, v.bodyType),
          engine: v.engine,
          color: v.color,
          featured: v.featured,
          vin: v.vin,
          externalRef: v.externalRef,
          status: 'published' as const,
          sortOrder: index,
          publishedAt: new Date(),
        })),
      )
      .returning({ id: vehicles.id });

    await tx.insert(vehicleFeatures).values(
      demo.flatMap((v, i) =>
        v.features.map((name, position) => ({
          vehicleId: inserted[i]?.id ?? 0,
          featureId: need(featureIds, name),
          position,
        })),
      ),
    );

    const pending: PendingPhotos[] = demo
      .map((v, i) => ({
        vehicleId: inserted[i]?.id ?? 0,
        bodyType: v.bodyType,
        color: v.color,
        count: v.photoCount,
        seed: v.photoSeed,
        featured: v.featured,
      }))
      .sort((a, b) => Number(b.featured) - Number(a.featured))
      .map(({ featured: _featured, ...rest }) => rest);
    await tx.insert(appState).values({ key: DEMO_PHOTOS_KEY, value: pending });
    return { vehicles: inserted.length };
  });
}

export async function pendingDemoPhotos(db: Db): Promise<PendingPhotos[]> {
  const [row] = await db.select().from(appState).where(eq(appState.key, DEMO_PHOTOS_KEY));
  return (row?.value as PendingPhotos[] | undefined) ?? [];
}

/** Records that one vehicle's photos are done, so a restart resumes where this one stopped. */
export async function completeDemoPhotos(db: Db, vehicleId: number, imageIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(vehicleImages).where(eq(vehicleImages.vehicleId, vehicleId));
    if (imageIds.length > 0) {
      await tx
        .insert(vehicleImages)
        .values(imageIds.map((imageId, position) => ({ vehicleId, imageId, position })));
    }
    const [row] = await tx.select().from(appState).where(eq(appState.key, DEMO_PHOTOS_KEY)).for('update');
    const rest = ((row?.value as PendingPhotos[] | undefined) ?? []).filter((p) => p.vehicleId !== vehicleId);
    await tx
      .update(appState)
      .set({ value: rest, updatedAt: new Date() })
      .where(eq(appState.key, DEMO_PHOTOS_KEY));
  });
}
