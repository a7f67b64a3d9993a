import {
  AUDIT_PAGE_SIZE,
  type AuditEntryView,
  type AuditPage,
  type AuditQuery,
  AuditQuerySchema,
} from '@contracts/admin-staff.ts';
import type { Db } from '@db/client.ts';
import { auditLog, leads, staffUsers, vehicles } from '@db/schema.ts';
import { chileDayStart, nextDayKey } from '@domain/chile-time.ts';
import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';

/** The query string as sent by the page's filter form: an untouched filter arrives as an empty string. */
export function parseAuditQuery(raw: unknown) {
  const entries = Object.entries(raw && typeof raw === 'object' ? raw : {}).filter(
    ([, value]) => typeof value === 'string' && value.trim() !== '',
  );
  return AuditQuerySchema.safeParse(Object.fromEntries(entries));
}

/** Newest first, filtered by entity, actor and Chilean calendar days (both ends included). */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const conditions: SQL[] = [];
  if (query.entidad) conditions.push(eq(auditLog.entity, query.entidad));
  if (query.usuario) conditions.push(eq(auditLog.actorId, query.usuario));
  if (query.desde) conditions.push(gte(auditLog.createdAt, chileDayStart(query.desde)));
  if (query.hasta) conditions.push(lt(auditLog.createdAt, chileDayStart(nextDayKey(query.hasta))));
  const where = conditions.length ? and(...conditions) : undefined;

  const [totalRow] = await db.select({ n: count() }).from(auditLog).where(where);
  const total = totalRow?.n ?? 0;
  const paginas = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const pagina = Math.min(query.pagina, paginas);
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      details: auditLog.details,
      actorId: auditLog.actorId,
      actorName: staffUsers.name,
      actorEmail: staffUsers.email,
      actorActive: staffUsers.active,
    })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((pagina - 1) * AUDIT_PAGE_SIZE);

  const links = await existingEntityLinks(db, rows);
  const entradas: AuditEntryView[] = rows.map((row) => {
    const { actorEmail: recordedEmail, ...details } = row.details;
    const email = typeof recordedEmail === 'string' ? recordedEmail : (row.actorEmail ?? null);
    const hasActor = row.actorId !== null || email !== null;
    return {
      id: row.id,
      fecha: row.createdAt.toISOString(),
      accion: row.action,
      entidad: row.entity,
      entidadId: row.entityId,
      enlace: links.get(`${row.entity}:${row.entityId}`) ?? null,
      actor: hasActor ? { id: row.actorId, nombre: row.actorName, email, activo: row.actorActive } : null,
      detalles: details,
    };
  });
  return { entradas, total, pagina, paginas };
}

/** Links only to vehicles and leads that still exist: a deleted one has no page to go to. */
async function existingEntityLinks(
  db: Db,
  rows: Array<{ entity: string; entityId: string | null }>,
): Promise<Map<string, string>> {
  const idsOf = (entity: string) => [
    ...new Set(
      rows
        .filter((row) => row.entity === entity && row.entityId && /^\d{1,15}$/.test(row.entityId))
        .map((row) => Number(row.entityId)),
    ),
  ];
  const links = new Map<string, string>();
  const vehicleIds = idsOf('vehiculo');
  if (vehicleIds.length) {
    const found = await db.select({ id: vehicles.id }).from(vehicles).where(inArray(vehicles.id, vehicleIds));
    for (const { id } of found) links.set(`vehiculo:${id}`, `/admin/vehiculos/${id}`);
  }
  const leadIds = idsOf('solicitud');
  if (leadIds.length) {
    const found = await db.select({ id: leads.id }).from(leads).where(inArray(leads.id, leadIds));
    for (const { id } of found) links.set(`solicitud:${id}`, `/admin/solicitudes/${id}`);
  }
  const userIds = idsOf('usuario');
  if (userIds.length) {
    const found = await db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(inArray(staffUsers.id, userIds));
    for (const { id } of found) links.set(`usuario:${id}`, '/admin/usuarios');
  }
  return links;
}

/** The choices of the page's filters: every entity recorded so far and every account (deactivated ones too). */
export async function auditFilterOptions(db: Db) {
  const entities = await db
    .selectDistinct({ entity: auditLog.entity })
    .from(auditLog)
    .orderBy(auditLog.entity);
  const people = await db
    .select({
      id: staffUsers.id,
      nombre: staffUsers.name,
      email: staffUsers.email,
      activo: staffUsers.active,
    })
    .from(staffUsers)
    .orderBy(staffUsers.name);
  return { entidades: entities.map((e) => e.entity), usuarios: people };
}
