import {
  LEADS_PAGE_SIZE,
  type LeadListItem,
  type LeadListPage,
  type LeadOrigin,
  type LeadStatus,
  type LeadVehicleRef,
} from '@contracts/admin-leads.ts';
import type { Db } from '@db/client.ts';
import { brands, leads, staffUsers, vehicles } from '@db/schema.ts';
import { sourceLabel } from '@domain/attribution.ts';
import { formatMileage } from '@domain/format.ts';
import { count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DETAIL_LABELS, describeDetail, kindLabel, WITHHELD_DETAIL } from '../leads/lead-kinds.ts';
import { processingBlockedSql } from '../rights/processing-block.ts';
import type { LeadCsvRecord } from './leads-csv.ts';
import { type LeadFilters, leadFiltersWhere } from './leads-filters.ts';

/** The audit action of a status change (also read back as the lead's history). */
export const STATUS_AUDIT_ACTION = 'estado_solicitud';
export const LEAD_AUDIT_ENTITY = 'solicitud';

/** The lead's owner, joined as `leftJoin(leadOwner, eq(leadOwner.id, leads.ownerId))` wherever listColumns is read. */
export const leadOwner = alias(staffUsers, 'lead_owner');

export const listColumns = {
  id: leads.id,
  kind: leads.kind,
  status: leads.status,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  createdAt: leads.createdAt,
  dueAt: leads.dueAt,
  firstContactAt: leads.firstContactAt,
  testDriveAt: leads.testDriveAt,
  vehicleId: vehicles.id,
  vehicleModel: vehicles.model,
  vehicleYear: vehicles.year,
  vehicleBrand: brands.nombre,
  ownerId: leadOwner.id,
  ownerName: leadOwner.name,
  ownerActive: leadOwner.active,
  processingBlocked: processingBlockedSql(leads.email),
};

type ListRow = {
  id: number;
  kind: string;
  status: LeadStatus;
  name: string;
  email: string;
  phone: string | null;
  createdAt: Date;
  dueAt: Date;
  firstContactAt: Date | null;
  testDriveAt: Date | null;
  vehicleId: number | null;
  vehicleModel: string | null;
  vehicleYear: number | null;
  vehicleBrand: string | null;
  ownerId: number | null;
  ownerName: string | null;
  ownerActive: boolean | null;
  /** Absent where a query reads the list columns without it (the CSV). */
  processingBlocked?: boolean;
};

function vehicleRef(row: Pick<ListRow, 'vehicleId' | 'vehicleModel' | 'vehicleYear' | 'vehicleBrand'>) {
  if (row.vehicleId === null) return null;
  const ref: LeadVehicleRef = {
    id: row.vehicleId,
    name: [row.vehicleBrand, row.vehicleModel, row.vehicleYear].filter(Boolean).join(' '),
    url: `/vehicles/${row.vehicleId}`,
    adminUrl: `/admin/vehiculos/${row.vehicleId}`,
  };
  return ref;
}

export function toListItem(row: ListRow): LeadListItem {
  return {
    id: row.id,
    kind: row.kind,
    kindLabel: kindLabel(row.kind),
    status: row.status,
    name: row.name,
    email: row.email,
    phone: row.phone,
    vehicle: vehicleRef(row),
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    firstContactAt: row.firstContactAt?.toISOString() ?? null,
    testDriveAt: row.testDriveAt?.toISOString() ?? null,
    owner:
      row.ownerId !== null && row.ownerName !== null
        ? { id: row.ownerId, name: row.ownerName, ...(row.ownerActive === false ? { inactive: true } : {}) }
        : null,
    processingBlocked: row.processingBlocked === true,
  };
}

/** One page of the inbox: newest first, filtered. */
export async function listLeads(
  db: Db,
  filters: LeadFilters,
  viewerId: number | null,
  now = new Date(),
): Promise<LeadListPage> {
  const where = leadFiltersWhere(filters, now, viewerId);
  const [totalRow] = await db.select({ n: count() }).from(leads).where(where);
  const total = totalRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE));
  const page = Math.min(filters.pagina, pageCount);
  const rows = await db
    .select(listColumns)
    .from(leads)
    .leftJoin(vehicles, eq(vehicles.id, leads.vehicleId))
    .leftJoin(brands, eq(brands.id, vehicles.brandId))
    .leftJoin(leadOwner, eq(leadOwner.id, leads.ownerId))
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(LEADS_PAGE_SIZE)
    .offset((page - 1) * LEADS_PAGE_SIZE);
  return {
    items: rows.map(toListItem),
    total,
    page,
    pageSize: LEADS_PAGE_SIZE,
    pageCount,
    now: now.toISOString(),
  };
}

/** The kind-specific fields in the order of DETAIL_LABELS (jsonb does not keep the order they were written in). */
export function describedDetails(
  details: Record<string, string | number | null>,
  /** Socio-economic fields sent without their express consent (ADR 0031): shown as not kept. */
  withheld: readonly string[] = [],
) {
  const known = Object.keys(DETAIL_LABELS).filter((key) => key in details);
  const unknown = Object.keys(details).filter((key) => !(key in DETAIL_LABELS));
  return [...known, ...unknown].map((key) => {
    const value = details[key] ?? null;
    if (withheld.includes(key))
      return { key, label: describeDetail(key, null).label, value: WITHHELD_DETAIL };
    // The appraisal form stores the mileage as a number: shown as people write it, '87.000 km'.
    if (key === 'vehicle_km' && typeof value === 'number')
      return { key, label: describeDetail(key, value).label, value: formatMileage(value) };
    return { key, ...describeDetail(key, value) };
  });
}

/** A lead's stored origin columns as staff read them ('Origen'). */
export function leadOrigin(row: {
  landingPage: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}): LeadOrigin {
  return {
    source: row.utmSource ? sourceLabel(row.utmSource) : null,
    medium: row.utmMedium,
    campaign: row.utmCampaign,
    landingPage: row.landingPage,
    referrerHost: row.referrerHost,
  };
}

const EXPORT_BATCH = 1000;

/**
 * Every lead the filters match, newest first, in batches ready for the CSV. The matching ids are read first (a cheap
 * index walk), then the rows batch by batch, so a large export never holds every row in memory at once.
 */
export async function* leadsForExport(
  db: Db,
  filters: LeadFilters,
  viewerId: number | null,
  now = new Date(),
): AsyncGenerator<LeadCsvRecord[]> {
  const ids = await db
    .select({ id: leads.id })
    .from(leads)
    .where(leadFiltersWhere(filters, now, viewerId))
    .orderBy(desc(leads.createdAt), desc(leads.id));
  for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
    const batch = ids.slice(start, start + EXPORT_BATCH).map((row) => row.id);
    const rows = await db
      .select({
        ...listColumns,
        message: leads.message,
        details: leads.details,
        withheldDetails: leads.withheldDetails,
        sourcePage: leads.sourcePage,
        landingPage: leads.landingPage,
        referrerHost: leads.referrerHost,
        utmSource: leads.utmSource,
        utmMedium: leads.utmMedium,
        utmCampaign: leads.utmCampaign,
      })
      .from(leads)
      .leftJoin(vehicles, eq(vehicles.id, leads.vehicleId))
      .leftJoin(brands, eq(brands.id, vehicles.brandId))
      .leftJoin(leadOwner, eq(leadOwner.id, leads.ownerId))
      .where(inArray(leads.id, batch));
    const byId = new Map(rows.map((row) => [row.id, row]));
    yield batch.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return []; // erased meanwhile
      return [
        {
          id: row.id,
          kindLabel: kindLabel(row.kind),
          status: row.status,
          createdAt: row.createdAt,
          dueAt: row.dueAt,
          firstContactAt: row.firstContactAt,
          name: row.name,
          email: row.email,
          phone: row.phone,
          vehicle: vehicleRef(row)?.name ?? null,
          message: row.message,
          details: describedDetails(row.details, row.withheldDetails),
          origin: leadOrigin(row),
          owner: row.ownerName,
        },
      ];
    });
  }
}
