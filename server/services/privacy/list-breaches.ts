// The breach register as the admins read it: every incident, newest first, and one incident with its history (the
// audit trail's entries for it) and the notices prepared from it.
import {
  BREACH_FIELD_LABELS,
  type BreachCategory,
  type BreachHistoryEntry,
  type BreachNoticeView,
  type BreachView,
} from '@contracts/admin-registers.ts';
import type { Db } from '@db/client.ts';
import { auditLog, breachNotices, emailOutbox, securityBreaches, staffUsers } from '@db/schema.ts';
import { dayKeyToChile } from '@domain/chile-time.ts';
import { and, asc, count, desc, eq } from 'drizzle-orm';

type BreachRow = typeof securityBreaches.$inferSelect;

function toView(row: BreachRow, avisos: number): BreachView {
  return {
    id: row.id,
    descripcion: row.summary,
    ocurrida: row.occurredAt.toISOString(),
    detectada: row.detectedAt.toISOString(),
    categorias: row.categories as BreachCategory[],
    personas: row.affectedPeople,
    consecuencias: row.consequences,
    medidas: row.measures,
    agencia: row.agencyNotifiedAt?.toISOString() ?? null,
    registrada: row.createdAt.toISOString(),
    actualizada: row.updatedAt.toISOString(),
    avisos,
  };
}

async function noticeCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ breachId: breachNotices.breachId, n: count() })
    .from(breachNotices)
    .groupBy(breachNotices.breachId);
  return new Map(rows.map((row) => [row.breachId, row.n]));
}

export async function listBreaches(db: Db): Promise<BreachView[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(securityBreaches).orderBy(desc(securityBreaches.detectedAt), desc(securityBreaches.id)),
    noticeCounts(db),
  ]);
  return rows.map((row) => toView(row, counts.get(row.id) ?? 0));
}

const ACTIONS: Record<string, string> = {
  vulneracion_registrada: 'Registrada',
  vulneracion_editada: 'Corregida',
  avisos_preparados: 'Avisos preparados',
};

const label = (field: string) => BREACH_FIELD_LABELS[field] ?? field;

/** One audit entry of the incident, as lines "field: before → after". */
function historyEntry(row: {
  id: number;
  createdAt: Date;
  action: string;
  details: Record<string, unknown>;
  name: string | null;
}): BreachHistoryEntry {
  const { details } = row;
  const lines: BreachHistoryEntry['detalles'] = [];
  // In the form's order: jsonb keeps an object's keys in an order of its own.
  const changes = (details.cambios ?? {}) as Record<string, { antes: string; despues: string } | undefined>;
  for (const field of Object.keys(BREACH_FIELD_LABELS)) {
    const change = changes[field];
    if (change) lines.push({ campo: label(field), antes: change.antes, despues: change.despues });
  }
  if (row.action === 'vulneracion_registrada')
    for (const field of Object.keys(BREACH_FIELD_LABELS)) {
      const value = details[field];
      if (typeof value === 'string') lines.push({ campo: label(field), despues: value });
    }
  if (row.action === 'avisos_preparados')
    lines.push(
      {
        campo: 'Solicitudes recibidas',
        despues: `del ${dayKeyToChile(String(details.desde))} al ${dayKeyToChile(String(details.hasta))}`,
      },
      { campo: 'Tipos', despues: String(details.tiposEtiquetas ?? '') },
      { campo: 'Avisos nuevos', despues: String(details.nuevos ?? 0) },
    );
  const email = typeof details.actorEmail === 'string' ? details.actorEmail : null;
  return {
    id: row.id,
    fecha: row.createdAt.toISOString(),
    accion: ACTIONS[row.action] ?? row.action,
    por: row.name ?? email,
    detalles: lines,
  };
}

/** The page lists the first notices; the count says how many there are. */
export const NOTICES_SHOWN = 500;

export interface BreachPage {
  breach: BreachView;
  history: BreachHistoryEntry[];
  notices: BreachNoticeView[];
}

export async function loadBreach(db: Db, id: number): Promise<BreachPage | null> {
  const [row] = await db.select().from(securityBreaches).where(eq(securityBreaches.id, id));
  if (!row) return null;
  const [history, notices, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        action: auditLog.action,
        details: auditLog.details,
        name: staffUsers.name,
      })
      .from(auditLog)
      .leftJoin(staffUsers, eq(staffUsers.id, auditLog.actorId))
      .where(and(eq(auditLog.entity, 'vulneracion'), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
    db
      .select({
        id: breachNotices.id,
        correo: emailOutbox.toAddress,
        estado: emailOutbox.status,
        fecha: breachNotices.createdAt,
      })
      .from(breachNotices)
      .leftJoin(emailOutbox, eq(emailOutbox.id, breachNotices.outboxId))
      .where(eq(breachNotices.breachId, id))
      .orderBy(asc(breachNotices.id))
      .limit(NOTICES_SHOWN),
    db.select({ n: count() }).from(breachNotices).where(eq(breachNotices.breachId, id)),
  ]);
  return {
    breach: toView(row, total?.n ?? 0),
    history: history.map(historyEntry),
    notices: notices.map((notice) => ({ ...notice, fecha: notice.fecha.toISOString() })),
  };
}
