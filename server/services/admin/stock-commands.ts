// The stock's changes, each in one transaction with its audit entry. Routes reach them through stock-service.ts,
// which empties the public catalogue once a change has committed.

import {
  NO_PHOTOS_REFUSAL,
  STATUS_TO_DB,
  type StockStatus,
  VEHICLE_FIELD_LABEL,
  type VehicleInput,
} from '@contracts/admin-stock.ts';
import type { Db } from '@db/client.ts';
import {
  bodyTypes,
  brands,
  features,
  fuels,
  leads,
  transmissions,
  vehicleFeatures,
  vehicleImages,
  vehiclePriceChanges,
  vehicleSales,
  vehicles,
} from '@db/schema.ts';
import { modelWithVersion, stockReference } from '@domain/format.ts';
import { saleStatusRule } from '@domain/sales.ts';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import type { Actor } from '../auth/sessions.ts';
import { deleteUnusedImages } from '../images/delete-unused-images.ts';
import type { PreparedImage } from '../images/ingest-image.ts';
import { Refusal } from '../refusal.ts';
import { addStockPhotos } from './stock-photos.ts';
import { toInput } from './stock-queries.ts';
import { lockVehicle, pgErrorCode, plural, vehicleNotFound } from './stock-support.ts';

function toColumns(input: VehicleInput) {
  return {
    brandId: input.marca,
    modelName: input.modelo,
    version: input.version,
    year: input.año,
    price: input.precio,
    mileage: input.kilometraje,
    condition: input.condicion,
    transmissionId: input.transmision,
    fuelId: input.combustible,
    bodyTypeId: input.tipo,
    engine: input.motor,
    color: input.color,
    featured: input.destacado,
    status: STATUS_TO_DB[input.estado],
    vin: input.vin,
    externalRef: input.referencia,
    plate: input.patente,
    doors: input.puertas,
    previousOwners: input.duenosAnteriores,
    description: input.descripcion,
  };
}

/**
 * A VIN, external reference or patente another vehicle already has is a field error naming that vehicle. Checked in
 * the transaction before writing; the unique indexes catch the race of two saves at once (identifierTaken below).
 */
async function checkIdentifiers(tx: Db, input: VehicleInput, exceptId: number | null): Promise<void> {
  const campos: Record<string, string> = {};
  const holder = async (
    column: typeof vehicles.vin | typeof vehicles.externalRef | typeof vehicles.plate,
    value: string | null,
  ) => {
    if (value === null) return undefined;
    const [row] = await tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(column, value), exceptId === null ? undefined : ne(vehicles.id, exceptId)))
      .limit(1);
    return row?.id;
  };
  const vinHolder = await holder(vehicles.vin, input.vin);
  if (vinHolder !== undefined)
    campos.vin = `Este VIN ya está registrado en el vehículo ${stockReference(vinHolder)}.`;
  const refHolder = await holder(vehicles.externalRef, input.referencia);
  if (refHolder !== undefined)
    campos.referencia = `Esta referencia externa ya la usa el vehículo ${stockReference(refHolder)}.`;
  const plateHolder = await holder(vehicles.plate, input.patente);
  if (plateHolder !== undefined)
    campos.patente = `Esta patente ya está registrada en el vehículo ${stockReference(plateHolder)}.`;
  if (Object.keys(campos).length > 0)
    throw new Refusal(
      'conflict',
      'Otro vehículo ya tiene ese VIN, esa referencia externa o esa patente.',
      campos,
    );
}

/** Turns the unique index's refusal (a concurrent save took the identifier first) into the same conflict. */
function identifierTaken(error: unknown): never {
  if (pgErrorCode(error) === '23505') {
    throw new Refusal(
      'conflict',
      'Otro vehículo acaba de guardar ese VIN, esa referencia externa o esa patente.',
      {
        vin: 'Revisa el VIN: otro vehículo acaba de registrarlo.',
        referencia: 'Revisa la referencia externa: otro vehículo acaba de registrarla.',
        patente: 'Revisa la patente: otro vehículo acaba de registrarla.',
      },
    );
  }
  throw error;
}

/**
 * The names behind the ids of a form, read in the transaction; an id that no longer exists is a field error.
 * One after the other: a transaction is one connection, which runs one statement at a time anyway.
 */
async function resolveReferences(tx: Db, input: VehicleInput) {
  const one = async <T>(rows: Promise<T[]>) => (await rows)[0];
  const brand = await one(tx.select({ name: brands.nombre }).from(brands).where(eq(brands.id, input.marca)));
  const transmission = await one(
    tx
      .select({ name: transmissions.tipo })
      .from(transmissions)
      .where(eq(transmissions.id, input.transmision)),
  );
  const fuel = await one(tx.select({ name: fuels.tipo }).from(fuels).where(eq(fuels.id, input.combustible)));
  const bodyType = await one(
    tx.select({ name: bodyTypes.nombre }).from(bodyTypes).where(eq(bodyTypes.id, input.tipo)),
  );
  const featureRows =
    input.caracteristicas.length === 0
      ? []
      : await tx
          .select({ id: features.id, name: features.nombre })
          .from(features)
          .where(inArray(features.id, input.caracteristicas));
  const campos: Record<string, string> = {};
  const gone = 'ya no existe en la lista. Recarga la página y elige otra opción.';
  if (!brand) campos.marca = `La marca elegida ${gone}`;
  if (!transmission) campos.transmision = `La transmisión elegida ${gone}`;
  if (!fuel) campos.combustible = `El combustible elegido ${gone}`;
  if (!bodyType) campos.tipo = `El tipo de carrocería elegido ${gone}`;
  if (featureRows.length !== input.caracteristicas.length)
    campos.caracteristicas = 'Una de las características elegidas ya no existe. Recarga la página.';
  if (!brand || !transmission || !fuel || !bodyType || campos.caracteristicas)
    throw new Refusal('invalid', 'Revisa los datos del vehículo.', campos);
  const featureName = new Map(featureRows.map((f) => [f.id, f.name]));
  return {
    marca: brand.name,
    transmision: transmission.name,
    combustible: fuel.name,
    tipo: bodyType.name,
    caracteristicas: input.caracteristicas.map((id) => featureName.get(id) ?? String(id)),
  };
}

type Names = Awaited<ReturnType<typeof resolveReferences>>;

/** What a person reads in the audit trail: names instead of ids. */
function readable(input: VehicleInput, names: Names): Record<keyof VehicleInput, unknown> {
  return { ...input, ...names };
}

async function replaceFeatures(tx: Db, vehicleId: number, featureIds: number[]): Promise<void> {
  await tx.delete(vehicleFeatures).where(eq(vehicleFeatures.vehicleId, vehicleId));
  if (featureIds.length > 0) {
    await tx
      .insert(vehicleFeatures)
      .values(featureIds.map((featureId, position) => ({ vehicleId, featureId, position })));
  }
}

/** Publication and sale dates follow the status: set when it is entered, the sale date cleared when it is left. */
/** Entering or leaving 'vendido' goes through the sale's own dialog (sales.ts, ADR 0038), never as a plain field. */
function checkSaleStatus(before: StockStatus | null, after: StockStatus): void {
  const rule = saleStatusRule(before, after);
  if (rule) throw new Refusal('invalid', rule, { estado: rule });
}

function statusDates(before: StockStatus | null, after: StockStatus, now: Date) {
  return {
    ...(after === 'publicado' && before !== 'publicado' ? { publishedAt: now } : {}),
    ...(after === 'vendido' ? (before !== 'vendido' ? { soldAt: now } : {}) : { soldAt: null }),
  };
}

/** What a save may carry besides the vehicle's fields. */
export interface SaveOptions {
  /** The person said to publish it even without a photo (ADR 0040). */
  publishWithoutPhotos?: boolean;
}

/**
 * A vehicle enters 'publicado' only with a photo, or when the person said to publish it without one (ADR 0040): a
 * car never goes live without photos unnoticed. Leaving it published, or a sale undone, is not entering.
 */
function checkPhotosToPublish(
  before: StockStatus | null,
  after: StockStatus,
  photos: number,
  options: SaveOptions,
): void {
  if (after !== 'publicado' || before === 'publicado' || photos > 0 || options.publishWithoutPhotos) return;
  throw new Refusal('invalid', NO_PHOTOS_REFUSAL, { estado: NO_PHOTOS_REFUSAL });
}

/**
 * Creates a vehicle, with the photos of its creation step (already judged) in the same transaction: a refused photo
 * stores no vehicle, and a vehicle published with them is never without them.
 */
export async function createStockVehicle(
  db: Db,
  actor: Actor,
  input: VehicleInput,
  options: SaveOptions & { photos?: PreparedImage[] } = {},
): Promise<number> {
  const photos = options.photos ?? [];
  return db
    .transaction(async (tx) => {
      checkSaleStatus(null, input.estado);
      const names = await resolveReferences(tx, input);
      await checkIdentifiers(tx, input, null);
      checkPhotosToPublish(null, input.estado, photos.length, options);
      const now = new Date();
      const [row] = await tx
        .insert(vehicles)
        .values({
          ...toColumns(input),
          ...statusDates(null, input.estado, now),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: vehicles.id });
      if (!row) throw new Error('vehicle insert returned nothing');
      await replaceFeatures(tx, row.id, input.caracteristicas);
      await recordAudit(tx, {
        actor,
        action: 'vehiculo_creado',
        entity: 'vehiculo',
        entityId: row.id,
        details: {
          vehiculo: `${names.marca} ${modelWithVersion(input.modelo, input.version)}`,
          ...readable(input, names),
        },
      });
      if (photos.length > 0) await addStockPhotos(tx, actor, row.id, photos);
      return row.id;
    })
    .catch(identifierTaken);
}

const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && [...a].sort().join() === [...b].sort().join()
    : a === b;

/**
 * Applies a full form (PUT) or a quick change (PATCH) to a vehicle. Returns the names of the fields that changed;
 * nothing changed means nothing is written, not even an audit entry.
 */
export async function updateStockVehicle(
  db: Db,
  actor: Actor,
  id: number,
  change: Partial<VehicleInput>,
  options: SaveOptions = {},
): Promise<string[]> {
  return db
    .transaction(async (tx) => {
      const [row] = await tx.select().from(vehicles).where(eq(vehicles.id, id)).for('update');
      if (!row) throw vehicleNotFound();
      const featureIds = (
        await tx
          .select({ id: vehicleFeatures.featureId })
          .from(vehicleFeatures)
          .where(eq(vehicleFeatures.vehicleId, id))
          .orderBy(asc(vehicleFeatures.position))
      ).map((f) => f.id);
      const before = toInput(row, featureIds);
      const after: VehicleInput = { ...before, ...change };
      const fields = (Object.keys(VEHICLE_FIELD_LABEL) as (keyof VehicleInput)[]).filter(
        (field) => !sameValue(before[field], after[field]),
      );
      // The new references are checked even when unchanged: cheap, and a form never saves a dangling id.
      const [namesBefore, namesAfter] = [
        await resolveReferences(tx, before),
        await resolveReferences(tx, after),
      ];
      if (fields.length === 0) return [];
      checkSaleStatus(before.estado, after.estado);
      if (after.estado === 'publicado' && before.estado !== 'publicado') {
        const [photos] = await tx
          .select({ n: count() })
          .from(vehicleImages)
          .where(eq(vehicleImages.vehicleId, id));
        checkPhotosToPublish(before.estado, after.estado, photos?.n ?? 0, options);
      }
      if (fields.includes('vin') || fields.includes('referencia') || fields.includes('patente'))
        await checkIdentifiers(tx, after, id);

      const now = new Date();
      await tx
        .update(vehicles)
        .set({
          ...toColumns(after),
          ...statusDates(before.estado, after.estado, now),
          updatedAt: now,
          revision: sql`${vehicles.revision} + 1`,
        })
        .where(eq(vehicles.id, id));
      if (fields.includes('caracteristicas')) await replaceFeatures(tx, id, after.caracteristicas);
      // The price history (the back office's, and the site's "Bajó de precio") commits with the price itself.
      if (fields.includes('precio')) {
        await tx.insert(vehiclePriceChanges).values({
          vehicleId: id,
          previousPrice: before.precio,
          price: after.precio,
          changedBy: actor.id,
          changedAt: now,
        });
      }

      const [was, is] = [readable(before, namesBefore), readable(after, namesAfter)];
      await recordAudit(tx, {
        actor,
        action: 'vehiculo_editado',
        entity: 'vehiculo',
        entityId: id,
        details: {
          vehiculo: `${namesAfter.marca} ${modelWithVersion(after.modelo, after.version)}`,
          cambios: Object.fromEntries(fields.map((f) => [f, { antes: was[f], despues: is[f] }])),
        },
      });
      return fields;
    })
    .catch(identifierTaken);
}

/**
 * Deletes a vehicle with its photos and features. A vehicle that leads ask about is refused: the leads would keep
 * their data but lose which car they were about (the foreign key is ON DELETE SET NULL, a safety net only), and a
 * dealership needs that history. Such a vehicle is marked 'vendido' instead, which takes it off the public site.
 */
export async function deleteStockVehicle(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const vehicle = await lockVehicle(tx, id);
    const [usage] = await tx.select({ n: count() }).from(leads).where(eq(leads.vehicleId, id));
    const n = usage?.n ?? 0;
    const [sales] = await tx.select({ n: count() }).from(vehicleSales).where(eq(vehicleSales.vehicleId, id));
    if ((sales?.n ?? 0) > 0) {
      throw new Refusal(
        'conflict',
        'No se puede eliminar: tiene una venta registrada (o deshecha), que los informes de ventas necesitan.',
      );
    }
    if (n > 0) {
      throw new Refusal(
        'conflict',
        `No se puede eliminar: ${plural(n, 'solicitud se refiere', 'solicitudes se refieren')} a este vehículo y perderían ese dato. Márcalo como vendido para retirarlo del sitio.`,
      );
    }
    const photoIds = (
      await tx
        .select({ id: vehicleImages.imageId })
        .from(vehicleImages)
        .where(eq(vehicleImages.vehicleId, id))
    ).map((p) => p.id);
    await tx.delete(vehicles).where(eq(vehicles.id, id));
    await deleteUnusedImages(tx, photoIds);
    await recordAudit(tx, {
      actor,
      action: 'vehiculo_eliminado',
      entity: 'vehiculo',
      entityId: id,
      details: { vehiculo: vehicle.nombre, fotos: photoIds.length },
    });
  });
}
