import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import {
  STATUS_FROM_DB,
  STATUS_TO_DB,
  STOCK_PAGE_SIZE,
  type StockList,
  type StockQuery,
  type StockSort,
  type StockStatus,
  type StockVehicleDetail,
  VEHICLE_FIELD_LABEL,
  type VehicleInput,
} from '../../../contracts/admin-stock.ts';
import type { Db } from '../../../db/client.ts';
import {
  bodyTypes,
  brands,
  features,
  fuels,
  images,
  leads,
  transmissions,
  vehicleFeatures,
  vehicleImages,
  vehicles,
} from '../../../db/schema.ts';
import { recordAudit } from '../audit.ts';
import { imageUrl } from '../catalogue/to-api.ts';
import {
  type Actor,
  deleteOrphanImages,
  lockVehicle,
  plural,
  StockError,
  vehicleNotFound,
} from './stock-support.ts';

// ------------------------------------------------------------------ reading

const ORDER: Record<StockSort, SQL[]> = {
  recientes: [desc(vehicles.updatedAt), desc(vehicles.id)],
  marca: [asc(brands.nombre), asc(vehicles.model), asc(vehicles.year), asc(vehicles.id)],
  'precio-asc': [asc(vehicles.price), asc(vehicles.id)],
  'precio-desc': [desc(vehicles.price), desc(vehicles.id)],
  'anio-desc': [desc(vehicles.year), asc(vehicles.id)],
  'anio-asc': [asc(vehicles.year), asc(vehicles.id)],
  'km-asc': [asc(vehicles.mileage), asc(vehicles.id)],
  'km-desc': [desc(vehicles.mileage), asc(vehicles.id)],
};

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every word must appear in the brand or the model; "REF-0007", "7" or "#7" also find vehicle 7. */
function searchCondition(q: string): SQL | undefined {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  const byText = and(
    ...words.map((word) =>
      or(ilike(brands.nombre, `%${escapeLike(word)}%`), ilike(vehicles.model, `%${escapeLike(word)}%`)),
    ),
  );
  const id = /^(?:ref-?|#)?0*(\d{1,9})$/i.exec(q.trim())?.[1];
  return id ? or(eq(vehicles.id, Number(id)), byText) : byText;
}

/** The back office list: every status, searched, filtered, sorted and paged. */
export async function listStock(db: Db, query: StockQuery): Promise<StockList> {
  const search = searchCondition(query.q);
  const statusRows = await db
    .select({ status: vehicles.status, n: count() })
    .from(vehicles)
    .innerJoin(brands, eq(brands.id, vehicles.brandId))
    .where(search)
    .groupBy(vehicles.status);
  const porEstado: StockList['porEstado'] = { todos: 0, borrador: 0, publicado: 0, vendido: 0 };
  for (const { status, n } of statusRows) {
    porEstado[STATUS_FROM_DB[status]] = n;
    porEstado.todos += n;
  }
  const total = query.estado ? porEstado[query.estado] : porEstado.todos;
  const paginas = Math.max(1, Math.ceil(total / STOCK_PAGE_SIZE));
  const pagina = Math.min(query.pagina, paginas);

  const rows = await db
    .select({
      id: vehicles.id,
      marca: brands.nombre,
      modelo: vehicles.model,
      año: vehicles.year,
      precio: vehicles.price,
      kilometraje: vehicles.mileage,
      condicion: vehicles.condition,
      status: vehicles.status,
      destacado: vehicles.featured,
      updatedAt: vehicles.updatedAt,
    })
    .from(vehicles)
    .innerJoin(brands, eq(brands.id, vehicles.brandId))
    .where(and(search, query.estado ? eq(vehicles.status, STATUS_TO_DB[query.estado]) : undefined))
    .orderBy(...ORDER[query.orden])
    .limit(STOCK_PAGE_SIZE)
    .offset((pagina - 1) * STOCK_PAGE_SIZE);

  const photos = new Map<number, { first: { hash: string; width: number; height: number }; n: number }>();
  if (rows.length > 0) {
    const photoRows = await db
      .select({
        vehicleId: vehicleImages.vehicleId,
        hash: images.hash,
        width: images.width,
        height: images.height,
      })
      .from(vehicleImages)
      .innerJoin(images, eq(images.id, vehicleImages.imageId))
      .where(
        inArray(
          vehicleImages.vehicleId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(vehicleImages.vehicleId), asc(vehicleImages.position));
    for (const { vehicleId, ...photo } of photoRows) {
      const entry = photos.get(vehicleId);
      if (entry) entry.n++;
      else photos.set(vehicleId, { first: photo, n: 1 });
    }
  }

  return {
    items: rows.map(({ status, updatedAt, ...row }) => ({
      ...row,
      estado: STATUS_FROM_DB[status],
      foto: photos.get(row.id)?.first ?? null,
      fotos: photos.get(row.id)?.n ?? 0,
      actualizado: updatedAt.toISOString(),
    })),
    total,
    pagina,
    paginas,
    porEstado,
  };
}

/** One vehicle with every field the form edits, its feature ids and its photos in order; null when missing. */
export async function getStockVehicle(
  db: Db,
  id: number,
  publicUrl: string,
): Promise<StockVehicleDetail | null> {
  const [row] = await db
    .select({ vehicle: vehicles, brand: brands.nombre })
    .from(vehicles)
    .innerJoin(brands, eq(brands.id, vehicles.brandId))
    .where(eq(vehicles.id, id));
  if (!row) return null;
  const { vehicle } = row;
  const [featureRows, photoRows] = await Promise.all([
    db
      .select({ id: vehicleFeatures.featureId })
      .from(vehicleFeatures)
      .where(eq(vehicleFeatures.vehicleId, id))
      .orderBy(asc(vehicleFeatures.position)),
    db
      .select({ id: images.id, hash: images.hash, width: images.width, height: images.height })
      .from(vehicleImages)
      .innerJoin(images, eq(images.id, vehicleImages.imageId))
      .where(eq(vehicleImages.vehicleId, id))
      .orderBy(asc(vehicleImages.position)),
  ]);
  return {
    ...toInput(
      vehicle,
      featureRows.map((f) => f.id),
    ),
    id: vehicle.id,
    fotos: photoRows.map((photo) => ({ ...photo, url: imageUrl(publicUrl, photo) })),
    nombre: `${row.brand} ${vehicle.model}`,
    creado: vehicle.createdAt.toISOString(),
    actualizado: vehicle.updatedAt.toISOString(),
    publicado: vehicle.publishedAt?.toISOString() ?? null,
    vendido: vehicle.soldAt?.toISOString() ?? null,
  };
}

// ------------------------------------------------------------------ writing

type VehicleRow = typeof vehicles.$inferSelect;

function toInput(row: VehicleRow, featureIds: number[]): VehicleInput {
  return {
    marca: row.brandId,
    modelo: row.model,
    año: row.year,
    precio: row.price,
    kilometraje: row.mileage,
    condicion: row.condition,
    transmision: row.transmissionId,
    combustible: row.fuelId,
    tipo: row.bodyTypeId,
    motor: row.engine,
    color: row.color,
    caracteristicas: featureIds,
    destacado: row.featured,
    estado: STATUS_FROM_DB[row.status],
  };
}

function toColumns(input: VehicleInput) {
  return {
    brandId: input.marca,
    model: input.modelo,
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
  };
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
    throw new StockError(400, 'Revisa los datos del vehículo.', campos);
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
function statusDates(before: StockStatus | null, after: StockStatus, now: Date) {
  return {
    ...(after === 'publicado' && before !== 'publicado' ? { publishedAt: now } : {}),
    ...(after === 'vendido' ? (before !== 'vendido' ? { soldAt: now } : {}) : { soldAt: null }),
  };
}

export async function createStockVehicle(db: Db, actor: Actor, input: VehicleInput): Promise<number> {
  return db.transaction(async (tx) => {
    const names = await resolveReferences(tx, input);
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
      details: { vehiculo: `${names.marca} ${input.modelo}`, ...readable(input, names) },
    });
    return row.id;
  });
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
): Promise<string[]> {
  return db.transaction(async (tx) => {
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

    const now = new Date();
    await tx
      .update(vehicles)
      .set({ ...toColumns(after), ...statusDates(before.estado, after.estado, now), updatedAt: now })
      .where(eq(vehicles.id, id));
    if (fields.includes('caracteristicas')) await replaceFeatures(tx, id, after.caracteristicas);

    const [was, is] = [readable(before, namesBefore), readable(after, namesAfter)];
    await recordAudit(tx, {
      actor,
      action: 'vehiculo_editado',
      entity: 'vehiculo',
      entityId: id,
      details: {
        vehiculo: `${namesAfter.marca} ${after.modelo}`,
        cambios: Object.fromEntries(fields.map((f) => [f, { antes: was[f], despues: is[f] }])),
      },
    });
    return fields;
  });
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
    if (n > 0) {
      throw new StockError(
        409,
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
    await deleteOrphanImages(tx, photoIds);
    await recordAudit(tx, {
      actor,
      action: 'vehiculo_eliminado',
      entity: 'vehiculo',
      entityId: id,
      details: { vehiculo: vehicle.nombre, fotos: photoIds.length },
    });
  });
}
