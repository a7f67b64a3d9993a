import type { Db } from '@db/client.ts';
import {
  bodyTypes,
  brands,
  features,
  fuels,
  transmissions,
  vehicleFeatures,
  vehicleImages,
  vehicles,
} from '@db/schema.ts';
import { ingestImage } from '@server/services/images/ingest-image.ts';
import sharp from 'sharp';

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${++sequence}-${Math.random().toString(36).slice(2, 7)}`;

export interface LookupIds {
  brandId: number;
  bodyTypeId: number;
  fuelId: number;
  transmissionId: number;
}

export async function createLookups(
  db: Db,
  names: Partial<{ brand: string; bodyType: string; fuel: string; transmission: string }> = {},
): Promise<LookupIds> {
  const [brand] = await db
    .insert(brands)
    .values({ nombre: names.brand ?? unique('Marca') })
    .returning();
  const [bodyType] = await db
    .insert(bodyTypes)
    .values({ nombre: names.bodyType ?? unique('Tipo') })
    .returning();
  const [fuel] = await db
    .insert(fuels)
    .values({ tipo: names.fuel ?? unique('Combustible') })
    .returning();
  const [transmission] = await db
    .insert(transmissions)
    .values({ tipo: names.transmission ?? unique('Transmisión') })
    .returning();
  if (!brand || !bodyType || !fuel || !transmission) throw new Error('lookup insert failed');
  return { brandId: brand.id, bodyTypeId: bodyType.id, fuelId: fuel.id, transmissionId: transmission.id };
}

/** A real JPEG with a colour gradient, so encoders have something to work on. */
export async function makeJpeg(width = 1200, height = 800, color = '#2545a8'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export interface VehicleInput {
  lookups: LookupIds;
  /** The model without its version (vehicles.model_name); the row's `model` is the two joined. */
  model?: string;
  version?: string | null;
  year?: number;
  price?: number;
  mileage?: number;
  condition?: 'Nuevo' | 'Usado';
  engine?: string;
  color?: string;
  featured?: boolean;
  status?: 'draft' | 'published' | 'sold';
  features?: string[];
  photos?: number;
  vin?: string | null;
}

export async function createVehicle(db: Db, input: VehicleInput) {
  const [vehicle] = await db
    .insert(vehicles)
    .values({
      ...input.lookups,
      modelName: input.model ?? unique('Modelo'),
      version: input.version ?? null,
      year: input.year ?? 2020,
      price: input.price ?? 12_990_000,
      mileage: input.mileage ?? 87_000,
      condition: input.condition ?? 'Usado',
      engine: input.engine ?? '1.6',
      color: input.color ?? 'Rojo',
      featured: input.featured ?? false,
      status: input.status ?? 'published',
      vin: input.vin ?? null,
    })
    .returning();
  if (!vehicle) throw new Error('vehicle insert failed');
  for (const [position, name] of (input.features ?? []).entries()) {
    const [feature] = await db.insert(features).values({ nombre: name }).onConflictDoNothing().returning();
    const featureId =
      feature?.id ?? (await db.query.features.findFirst({ where: (f, { eq }) => eq(f.nombre, name) }))?.id;
    if (featureId === undefined) throw new Error('feature insert failed');
    await db.insert(vehicleFeatures).values({ vehicleId: vehicle.id, featureId, position });
  }
  const images = [];
  for (let position = 0; position < (input.photos ?? 0); position++) {
    const image = await ingestImage(
      db,
      await makeJpeg(1200, 800, `#${(0x203080 + position * 0x101010).toString(16)}`),
    );
    await db.insert(vehicleImages).values({ vehicleId: vehicle.id, imageId: image.id, position });
    images.push(image);
  }
  return { ...vehicle, images };
}
