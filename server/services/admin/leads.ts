import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatMileage } from '../../../app/lib/format.ts';
import { variantWidths } from '../../../app/lib/media.ts';
import {
  LEADS_PAGE_SIZE,
  type LeadDetail,
  type LeadHistoryEntry,
  type LeadListItem,
  type LeadListPage,
  type LeadStatus,
  type LeadVehicleRef,
} from '../../../contracts/admin-leads.ts';
import type { Db } from '../../../db/client.ts';
import {
  auditLog,
  brands,
  emailOutbox,
  images,
  leadNotes,
  leadPhotos,
  leads,
  staffUsers,
  vehicles,
} from '../../../db/schema.ts';
import { DETAIL_LABELS, describeDetail, LEAD_KIND_BY_KIND } from '../leads/lead-kinds.ts';
import type { LeadCsvRecord } from './leads-csv.ts';
import { type LeadFilters, leadFiltersWhere } from './leads-filters.ts';

/** The audit action of a status change (also read back as the lead's history). */
export const STATUS_AUDIT_ACTION = 'estado_solicitud';
export const LEAD_AUDIT_ENTITY = 'solicitud';

const listColumns = {
  id: leads.id,
  kind: leads.kind,
  status: leads.status,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  createdAt: leads.createdAt,
  dueAt: leads.dueAt,
  firstContactAt: leads.firstContactAt,
  vehicleId: vehicles.id,
  vehicleModel: vehicles.model,
  vehicleYear: vehicles.year,
  vehicleBrand: brands.nombre,
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
  vehicleId: number | null;
  vehicleModel: string | null;
  vehicleYear: number | null;
  vehicleBrand: string | null;
};

export const kindLabel = (kind: string) => LEAD_KIND_BY_KIND.get(kind as never)?.label ?? kind;

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

function toListItem(row: ListRow): LeadListItem {
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
  };
}

/** One page of the inbox: newest first, filtered. */
export async function listLeads(db: Db, filters: LeadFilters, now = new Date()): Promise<LeadListPage> {
  const where = leadFiltersWhere(filters, now);
  const [totalRow] = await db.select({ n: count() }).from(leads).where(where);
  const total = totalRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE));
  const page = Math.min(filters.pagina, pageCount);
  const rows = await db
    .select(listColumns)
    .from(leads)
    .leftJoin(vehicles, eq(vehicles.id, leads.vehicleId))
    .leftJoin(brands, eq(brands.id, vehicles.brandId))
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
function describedDetails(details: Record<string, string | number | null>) {
  const known = Object.keys(DETAIL_LABELS).filter((key) => key in details);
  const unknown = Object.keys(details).filter((key) => !(key in DETAIL_LABELS));
  return [...known, ...unknown].map((key) => {
    const value = details[key] ?? null;
    // The appraisal form stores the mileage as a number: shown as people write it, '87.000 km'.
    if (key === 'vehicle_km' && typeof value === 'number')
      return { key, label: describeDetail(key, value).label, value: formatMileage(value) };
    return { key, ...describeDetail(key, value) };
  });
}

const EXPORT_BATCH = 1000;

/**
 * Every lead the filters match, newest first, in batches ready for the CSV. The matching ids are read first (a cheap
 * index walk), then the rows batch by batch, so a large export never holds every row in memory at once.
 */
export async function* leadsForExport(
  db: Db,
  filters: LeadFilters,
  now = new Date(),
): AsyncGenerator<LeadCsvRecord[]> {
  const ids = await db
    .select({ id: leads.id })
    .from(leads)
    .where(leadFiltersWhere(filters, now))
    .orderBy(desc(leads.createdAt), desc(leads.id));
  for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
    const batch = ids.slice(start, start + EXPORT_BATCH).map((row) => row.id);
    const rows = await db
      .select({
        ...listColumns,
        message: leads.message,
        details: leads.details,
        sourcePage: leads.sourcePage,
      })
      .from(leads)
      .leftJoin(vehicles, eq(vehicles.id, leads.vehicleId))
      .leftJoin(brands, eq(brands.id, vehicles.brandId))
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
          details: describedDetails(row.details),
        },
      ];
    });
  }
}

/** The URL of a lead photo (staff only) at a width close to `wanted`, or the master when no width is given. */
export function leadPhotoUrl(leadId: number, imageId: number, width?: number): string {
  const base = `/admin/api/solicitudes/${leadId}/fotos/${imageId}`;
  return width ? `${base}?ancho=${width}` : base;
}

/** The variant width for a thumbnail: the widest not above `wanted`, else the narrowest there is. */
export function thumbWidth(masterWidth: number, wanted = 480): number {
  const widths = variantWidths(masterWidth);
  return widths.filter((w) => w <= wanted).pop() ?? widths[0] ?? masterWidth;
}

const changer = alias(staffUsers, 'changer');

/** Everything about one lead, or null. */
export async function getLeadDetail(db: Db, id: number, now = new Date()): Promise<LeadDetail | null> {
  const [row] = await db
    .select({
      ...listColumns,
      message: leads.message,
      details: leads.details,
      sourcePage: leads.sourcePage,
      statusChangedAt: leads.statusChangedAt,
      changerId: changer.id,
      changerName: changer.name,
    })
    .from(leads)
    .leftJoin(vehicles, eq(vehicles.id, leads.vehicleId))
    .leftJoin(brands, eq(brands.id, vehicles.brandId))
    .leftJoin(changer, eq(changer.id, leads.statusChangedBy))
    .where(eq(leads.id, id));
  if (!row) return null;

  const [photos, emails, notes, history] = await Promise.all([
    db
      .select({ id: images.id, width: images.width, height: images.height })
      .from(leadPhotos)
      .innerJoin(images, eq(images.id, leadPhotos.imageId))
      .where(eq(leadPhotos.leadId, id))
      .orderBy(asc(leadPhotos.position)),
    db
      .select({
        id: emailOutbox.id,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        sentAt: emailOutbox.sentAt,
        nextAttemptAt: emailOutbox.nextAttemptAt,
        createdAt: emailOutbox.createdAt,
        toAddress: emailOutbox.toAddress,
        subject: emailOutbox.subject,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.leadId, id))
      .orderBy(asc(emailOutbox.id)),
    db
      .select({
        id: leadNotes.id,
        body: leadNotes.body,
        authorName: staffUsers.name,
        createdAt: leadNotes.createdAt,
      })
      .from(leadNotes)
      .leftJoin(staffUsers, eq(staffUsers.id, leadNotes.authorId))
      .where(eq(leadNotes.leadId, id))
      .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id)),
    leadHistory(db, id),
  ]);

  return {
    ...toListItem(row),
    message: row.message,
    details: describedDetails(row.details),
    sourcePage: row.sourcePage,
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
    statusChangedBy:
      row.changerId !== null && row.changerName !== null
        ? { id: row.changerId, name: row.changerName }
        : null,
    promiseHours: LEAD_KIND_BY_KIND.get(row.kind)?.promiseHours ?? 24,
    photos: photos.map((photo) => ({
      id: photo.id,
      url: leadPhotoUrl(id, photo.id),
      thumbUrl: leadPhotoUrl(id, photo.id, thumbWidth(photo.width)),
      width: photo.width,
      height: photo.height,
    })),
    emails: emails.map((email) => ({
      ...email,
      sentAt: email.sentAt?.toISOString() ?? null,
      nextAttemptAt: email.nextAttemptAt.toISOString(),
      createdAt: email.createdAt.toISOString(),
    })),
    notes: notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
    history,
    now: now.toISOString(),
  };
}

/** Who changed the status and when, oldest first, from the audit trail. */
async function leadHistory(db: Db, id: number): Promise<LeadHistoryEntry[]> {
  const rows = await db
    .select({
      at: auditLog.createdAt,
      details: auditLog.details,
      byName: staffUsers.name,
    })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.entity, LEAD_AUDIT_ENTITY),
        eq(auditLog.entityId, String(id)),
        eq(auditLog.action, STATUS_AUDIT_ACTION),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.map((row) => ({
    at: row.at.toISOString(),
    from: row.details.from as LeadStatus,
    to: row.details.to as LeadStatus,
    byName: row.byName,
    byEmail: typeof row.details.actorEmail === 'string' ? row.details.actorEmail : null,
  }));
}
