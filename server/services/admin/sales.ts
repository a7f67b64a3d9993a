// Sales (issue 31, ADR 0038): recording one marks the vehicle sold in the same transaction, undoing one puts it back
// on sale; both are audited. The report reads live sales only and groups them with domain/sales.ts.

import type {
  SaleInput,
  SaleOptions,
  SaleRow,
  SalesQuery,
  SalesReport,
  SalesScope,
  VehicleSale,
} from '@contracts/admin-sales.ts';
import type { Db } from '@db/client.ts';
import { brands, leads, staffUsers, vehicleSales, vehicles } from '@db/schema.ts';
import { leadSourceLabel } from '@domain/attribution.ts';
import { chileDayKey, dayKeyToChile, formatChileDateTime } from '@domain/chile-time.ts';
import { csvSafe } from '@domain/csv-safe.ts';
import { stockReference } from '@domain/format.ts';
import {
  daysBetween,
  groupSales,
  monthLabel,
  monthsBefore,
  monthsBetween,
  NO_LEAD_SOURCE,
  summarise,
} from '@domain/sales.ts';
import { stringify } from 'csv-stringify/sync';
import { aliasedTable, and, asc, desc, eq, getTableColumns, gte, isNull, lt, sql } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { Refusal } from '../refusal.ts';
import { lockVehicle, pgErrorCode } from './stock-support.ts';

type Staff = Pick<SessionUser, 'id' | 'email' | 'role'>;

const REVIEW_SALE = 'Revisa los datos de la venta.';

/** The staff who can be named as the salesperson: active accounts, by name. */
async function activeStaff(db: Db) {
  return db
    .select({ id: staffUsers.id, nombre: staffUsers.name })
    .from(staffUsers)
    .where(eq(staffUsers.active, true))
    .orderBy(asc(staffUsers.name), asc(staffUsers.id));
}

/** What the sale dialog offers: the active staff, and the requests about this vehicle (newest first, at most 50). */
export async function saleOptions(db: Db, vehicleId: number): Promise<SaleOptions> {
  const [vendedores, requests] = await Promise.all([
    activeStaff(db),
    db
      .select({ id: leads.id, nombre: leads.name, fecha: leads.createdAt, anonymized: leads.anonymizedAt })
      .from(leads)
      .where(eq(leads.vehicleId, vehicleId))
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(50),
  ]);
  return {
    vendedores,
    solicitudes: requests.map((r) => ({
      id: r.id,
      nombre: r.anonymized ? 'Solicitud anonimizada' : r.nombre,
      fecha: formatChileDateTime(r.fecha),
    })),
  };
}

/**
 * Records the sale of a vehicle and marks it sold, in one transaction with its audit entry. Refused: a vehicle already
 * sold, a day in the future or before its publication, a salesperson who is not an active account, an unknown request,
 * and a cost sent by someone who is not an admin (ADR 0038).
 */
export async function recordSale(db: Db, actor: Staff, vehicleId: number, input: SaleInput): Promise<number> {
  return db
    .transaction(async (tx) => {
      const vehicle = await lockVehicle(tx, vehicleId);
      const [row] = await tx
        .select({ status: vehicles.status, price: vehicles.price, publishedAt: vehicles.publishedAt })
        .from(vehicles)
        .where(eq(vehicles.id, vehicleId));
      if (!row) throw new Error('locked vehicle vanished');
      if (row.status === 'sold')
        throw new Refusal('conflict', 'Este vehículo ya está vendido. Recarga la página para ver su venta.');

      const campos: Record<string, string> = {};
      const today = chileDayKey(new Date());
      if (input.fecha > today) campos.fecha = 'La fecha de la venta no puede ser posterior a hoy.';
      const publishedDay = row.publishedAt ? chileDayKey(row.publishedAt) : null;
      if (publishedDay && input.fecha < publishedDay)
        campos.fecha = `La fecha de la venta no puede ser anterior a su publicación (${dayKeyToChile(publishedDay)}).`;
      if (input.costo !== null && actor.role !== 'admin')
        campos.costo = 'Solo un administrador puede registrar el costo del vehículo.';
      const [seller] = await tx
        .select({ id: staffUsers.id, name: staffUsers.name, active: staffUsers.active })
        .from(staffUsers)
        .where(eq(staffUsers.id, input.vendedor));
      if (!seller?.active)
        campos.vendedor = 'Esa persona no tiene una cuenta activa. Recarga la página y elige de la lista.';
      let source: string | null = null;
      if (input.solicitud !== null) {
        const [lead] = await tx
          .select({
            utmSource: leads.utmSource,
            referrerHost: leads.referrerHost,
            anonymizedAt: leads.anonymizedAt,
          })
          .from(leads)
          .where(eq(leads.id, input.solicitud));
        if (!lead) campos.solicitud = 'Esa solicitud no existe. Recarga la página y elige de la lista.';
        // An anonymised request no longer knows where it came from.
        else source = lead.anonymizedAt ? null : leadSourceLabel(lead.utmSource, lead.referrerHost);
      }
      if (Object.keys(campos).length > 0) throw new Refusal('invalid', REVIEW_SALE, campos);

      const now = new Date();
      const [sale] = await tx
        .insert(vehicleSales)
        .values({
          vehicleId,
          soldOn: input.fecha,
          price: input.precio,
          listPrice: row.price,
          cost: input.costo,
          salespersonId: input.vendedor,
          leadId: input.solicitud,
          source,
          publishedAt: row.publishedAt,
          recordedBy: actor.id,
          recordedAt: now,
        })
        .returning({ id: vehicleSales.id });
      if (!sale) throw new Error('sale insert returned nothing');
      await tx
        .update(vehicles)
        // Its revision goes up: a spreadsheet exported before the sale is older than this vehicle (ADR 0040).
        .set({ status: 'sold', soldAt: now, updatedAt: now, revision: sql`${vehicles.revision} + 1` })
        .where(eq(vehicles.id, vehicleId));
      await recordAudit(tx, {
        actor,
        action: 'venta_registrada',
        entity: 'vehiculo',
        entityId: vehicleId,
        details: {
          vehiculo: vehicle.nombre,
          venta: sale.id,
          fecha: dayKeyToChile(input.fecha),
          precio: input.precio,
          vendedor: seller?.name,
          solicitud: input.solicitud,
          ...(input.costo === null ? {} : { costo: input.costo }),
        },
      });
      return sale.id;
    })
    .catch((error: unknown) => {
      // Two people recording the same sale at once: the unique index keeps one.
      if (pgErrorCode(error) === '23505')
        throw new Refusal(
          'conflict',
          'Otra persona acaba de registrar la venta de este vehículo. Recarga la página.',
        );
      throw error;
    });
}

/**
 * Undoes the live sale of a vehicle and puts it back on sale ('publicado', its first publication date kept). The sale
 * stays in the trail, marked undone with who and why. An admin may undo any sale, a salesperson one they recorded. A
 * vehicle sold before sales were recorded has no sale: undoing only puts it back, audited all the same.
 */
export async function undoSale(
  db: Db,
  actor: Staff,
  vehicleId: number,
  reason: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const vehicle = await lockVehicle(tx, vehicleId);
    const [row] = await tx
      .select({ status: vehicles.status, publishedAt: vehicles.publishedAt })
      .from(vehicles)
      .where(eq(vehicles.id, vehicleId));
    if (row?.status !== 'sold') throw new Refusal('conflict', 'Este vehículo no está vendido.');
    const [sale] = await tx
      .select({ id: vehicleSales.id, recordedBy: vehicleSales.recordedBy, price: vehicleSales.price })
      .from(vehicleSales)
      .where(and(eq(vehicleSales.vehicleId, vehicleId), isNull(vehicleSales.undoneAt)));
    if (actor.role !== 'admin' && sale?.recordedBy !== actor.id)
      throw new Refusal('forbidden', 'Solo un administrador, o quien registró la venta, puede deshacerla.');
    const now = new Date();
    if (sale) {
      await tx
        .update(vehicleSales)
        .set({ undoneAt: now, undoneBy: actor.id, undoReason: reason })
        .where(eq(vehicleSales.id, sale.id));
    }
    await tx
      .update(vehicles)
      .set({
        status: 'published',
        soldAt: null,
        publishedAt: row.publishedAt ?? now,
        updatedAt: now,
        // The spreadsheet's Estado changed: a file exported before is older than this vehicle (ADR 0040).
        revision: sql`${vehicles.revision} + 1`,
      })
      .where(eq(vehicles.id, vehicleId));
    await recordAudit(tx, {
      actor,
      action: 'venta_deshecha',
      entity: 'vehiculo',
      entityId: vehicleId,
      details: { vehiculo: vehicle.nombre, venta: sale?.id ?? null, motivo: reason },
    });
  });
}

const seller = aliasedTable(staffUsers, 'seller');

/** The live sale of a vehicle, or null; the cost only for admins. */
export async function vehicleSale(
  db: Db,
  vehicleId: number,
  viewer: Pick<Staff, 'id' | 'role'>,
): Promise<VehicleSale | null> {
  const [sale] = await db
    .select({ ...getTableColumns(vehicleSales), seller: seller.name })
    .from(vehicleSales)
    .innerJoin(seller, eq(seller.id, vehicleSales.salespersonId))
    .where(and(eq(vehicleSales.vehicleId, vehicleId), isNull(vehicleSales.undoneAt)));
  if (!sale) return null;
  const name = async (id: number | null) =>
    id === null
      ? null
      : ((await db.select({ name: staffUsers.name }).from(staffUsers).where(eq(staffUsers.id, id)))[0]
          ?.name ?? null);
  const [lead] =
    sale.leadId === null
      ? []
      : await db
          .select({ name: leads.name, anonymizedAt: leads.anonymizedAt })
          .from(leads)
          .where(eq(leads.id, sale.leadId));
  return {
    id: sale.id,
    fecha: sale.soldOn,
    precio: sale.price,
    precioPublicado: sale.listPrice,
    costo: viewer.role === 'admin' ? sale.cost : null,
    vendedor: { id: sale.salespersonId, nombre: sale.seller },
    solicitud:
      sale.leadId === null
        ? null
        : { id: sale.leadId, nombre: !lead || lead.anonymizedAt ? 'Solicitud anonimizada' : lead.name },
    fuente: sale.source,
    diasEnStock: sale.publishedAt ? daysBetween(chileDayKey(sale.publishedAt), sale.soldOn) : null,
    registradaPor: await name(sale.recordedBy),
    registrada: sale.recordedAt.toISOString(),
    puedeDeshacer: viewer.role === 'admin' || sale.recordedBy === viewer.id,
  };
}

/** Admins see every sale with its cost and margin; a salesperson, their own sales without them (ADR 0038). */
export function salesScope(staff: { id: number; role: string }): SalesScope {
  return staff.role === 'admin' ? { kind: 'all' } : { kind: 'own', staffId: staff.id };
}

/** The report's period: the months asked for, else the last twelve up to this one (Chile), at most ten years. */
export function salesPeriod(query: SalesQuery, now = new Date()): { desde: string; hasta: string } {
  const thisMonth = chileDayKey(now).slice(0, 7);
  let hasta = query.hasta ?? thisMonth;
  let desde = query.desde ?? monthsBefore(hasta, 11);
  if (desde > hasta) [desde, hasta] = [hasta, desde];
  if (monthsBetween(desde, hasta).length >= 120) desde = monthsBefore(hasta, 119);
  return { desde, hasta };
}

/** The live sales of a period for a scope, oldest first. */
async function saleRows(db: Db, desde: string, hasta: string, scope: SalesScope): Promise<SaleRow[]> {
  const rows = await db
    .select({
      ...getTableColumns(vehicleSales),
      seller: seller.name,
      brand: brands.nombre,
      model: vehicles.model,
      year: vehicles.year,
    })
    .from(vehicleSales)
    .innerJoin(seller, eq(seller.id, vehicleSales.salespersonId))
    .innerJoin(vehicles, eq(vehicles.id, vehicleSales.vehicleId))
    .innerJoin(brands, eq(brands.id, vehicles.brandId))
    .where(
      and(
        isNull(vehicleSales.undoneAt),
        gte(vehicleSales.soldOn, `${desde}-01`),
        lt(vehicleSales.soldOn, `${monthsBefore(hasta, -1)}-01`),
        scope.kind === 'own' ? eq(vehicleSales.salespersonId, scope.staffId) : undefined,
      ),
    )
    .orderBy(asc(vehicleSales.soldOn), asc(vehicleSales.id));
  const costs = scope.kind === 'all';
  return rows.map((sale) => {
    const r = sale;
    const cost = costs ? sale.cost : null;
    return {
      id: sale.id,
      fecha: sale.soldOn,
      vehiculoId: sale.vehicleId,
      vehiculo: `${r.brand} ${r.model} ${r.year}`,
      precio: sale.price,
      precioPublicado: sale.listPrice,
      costo: cost,
      margen: cost === null ? null : sale.price - cost,
      vendedor: r.seller,
      fuente:
        sale.leadId === null && sale.source === null
          ? NO_LEAD_SOURCE
          : (sale.source ?? 'Solicitud anonimizada'),
      solicitudId: sale.leadId,
      diasEnStock: sale.publishedAt ? daysBetween(chileDayKey(sale.publishedAt), sale.soldOn) : null,
    };
  });
}

/** The sales report of a period: totals, per month (every month of it), per salesperson, per source, and the list. */
export async function salesReport(db: Db, query: SalesQuery, scope: SalesScope): Promise<SalesReport> {
  const { desde, hasta } = salesPeriod(query);
  const ventas = await saleRows(db, desde, hasta, scope);
  return {
    desde,
    hasta,
    todas: scope.kind === 'all',
    totales: summarise('total', 'Total', ventas),
    porMes: groupSales(ventas, (r) => r.fecha.slice(0, 7), monthLabel, monthsBetween(desde, hasta)).reverse(),
    porVendedor: groupSales(ventas, (r) => r.vendedor),
    porFuente: groupSales(ventas, (r) => r.fuente),
    ventas: [...ventas].reverse(),
  };
}

/** The report's sales as a CSV for Excel in Chile: UTF-8 with BOM, ';', CRLF, formula-like text neutralised. */
export function salesCsv(report: SalesReport): Buffer {
  const header = [
    'Fecha',
    'REF',
    'Vehículo',
    'Precio final',
    'Precio publicado',
    ...(report.todas ? ['Costo', 'Margen'] : []),
    'Vendedor',
    'Fuente',
    'N° de solicitud',
    'Días en stock',
  ];
  const rows = report.ventas.map((v) => [
    dayKeyToChile(v.fecha),
    stockReference(v.vehiculoId),
    v.vehiculo,
    v.precio,
    v.precioPublicado,
    ...(report.todas ? [v.costo ?? '', v.margen ?? ''] : []),
    v.vendedor,
    v.fuente,
    v.solicitudId ?? '',
    v.diasEnStock ?? '',
  ]);
  const body = stringify([header, ...rows.map((row) => row.map(csvSafe))], {
    delimiter: ';',
    record_delimiter: '\r\n',
  });
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body, 'utf8')]);
}
