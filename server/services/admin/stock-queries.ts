// The stock as the back office reads it: the searched, filtered list and one vehicle as its form edits it.

import {
  STATUS_FROM_DB,
  STATUS_TO_DB,
  STOCK_PAGE_SIZE,
  type StockList,
  type StockQuery,
  type StockSort,
  type StockVehicleDetail,
  type VehicleInput,
} from '@contracts/admin-stock.ts';
import { normalizePatente } from '@contracts/patente.ts';
import type { Db } from '@db/client.ts';
import {
  brands,
  images,
  staffUsers,
  vehicleFeatures,
  vehicleImages,
  vehiclePriceChanges,
  vehicles,
} from '@db/schema.ts';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { selectVehiclePhotos } from '../catalogue/load-published-vehicles.ts';
import { imageUrl } from '../catalogue/to-api.ts';
import { NO_PERFORMANCE, vehiclePerformance } from './vehicle-performance.ts';

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

/**
 * Every word must appear in the brand or the model; "REF-0007", "7" or "#7" also find vehicle 7; the whole search
 * equal to a vehicle's external reference (any case), VIN or patente (typed with or without its dots, dashes or
 * spaces, any case) finds it too (issue 31 item 7).
 */
function searchCondition(q: string): SQL | undefined {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  const byText = and(
    ...words.map((word) =>
      or(ilike(brands.nombre, `%${escapeLike(word)}%`), ilike(vehicles.model, `%${escapeLike(word)}%`)),
    ),
  );
  const whole = q.trim();
  const byIdentifier = or(
    ilike(vehicles.externalRef, escapeLike(whole)),
    eq(vehicles.vin, whole.replace(/[\s-]+/g, '').toUpperCase()),
    eq(vehicles.plate, normalizePatente(whole)),
  );
  const id = /^(?:ref-?|#)?0*(\d{1,9})$/i.exec(whole)?.[1];
  return id ? or(eq(vehicles.id, Number(id)), byIdentifier, byText) : or(byIdentifier, byText);
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
      vin: vehicles.vin,
      patente: vehicles.plate,
      referencia: vehicles.externalRef,
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
    const photoRows = await selectVehiclePhotos(db)
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

  const performance = await vehiclePerformance(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map(({ status, updatedAt, ...row }) => ({
      ...row,
      estado: STATUS_FROM_DB[status],
      foto: photos.get(row.id)?.first ?? null,
      fotos: photos.get(row.id)?.n ?? 0,
      actualizado: updatedAt.toISOString(),
      rendimiento: performance.get(row.id) ?? NO_PERFORMANCE,
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
  const [featureRows, photoRows, priceRows, performance] = await Promise.all([
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
    db
      .select({
        de: vehiclePriceChanges.previousPrice,
        a: vehiclePriceChanges.price,
        fecha: vehiclePriceChanges.changedAt,
        por: staffUsers.name,
      })
      .from(vehiclePriceChanges)
      .leftJoin(staffUsers, eq(staffUsers.id, vehiclePriceChanges.changedBy))
      .where(eq(vehiclePriceChanges.vehicleId, id))
      .orderBy(desc(vehiclePriceChanges.changedAt), desc(vehiclePriceChanges.id)),
    vehiclePerformance(db, [id]),
  ]);
  return {
    ...toInput(
      vehicle,
      featureRows.map((f) => f.id),
    ),
    id: vehicle.id,
    revision: vehicle.revision,
    fotos: photoRows.map((photo) => ({ ...photo, url: imageUrl(publicUrl, photo) })),
    nombre: `${row.brand} ${vehicle.model}`,
    creado: vehicle.createdAt.toISOString(),
    actualizado: vehicle.updatedAt.toISOString(),
    publicado: vehicle.publishedAt?.toISOString() ?? null,
    vendido: vehicle.soldAt?.toISOString() ?? null,
    historialPrecios: priceRows.map((change) => ({ ...change, fecha: change.fecha.toISOString() })),
    rendimiento: performance.get(id) ?? NO_PERFORMANCE,
  };
}

type VehicleRow = typeof vehicles.$inferSelect;

export function toInput(row: VehicleRow, featureIds: number[]): VehicleInput {
  return {
    marca: row.brandId,
    modelo: row.modelName,
    version: row.version,
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
    vin: row.vin,
    referencia: row.externalRef,
    patente: row.plate,
    puertas: row.doors,
    duenosAnteriores: row.previousOwners,
    descripcion: row.description,
  };
}
