import type { Db } from '@db/client.ts';
import { auditLog } from '@db/schema.ts';
import type { SessionUser } from './auth/sessions.ts';

export interface AuditEntry {
  /** Who did it; null for actions of the system itself (e.g. a command-line tool). */
  actor: Pick<SessionUser, 'id' | 'email'> | null;
  /** What was done, a short verb phrase in snake case: `vehiculo_creado`, `estado_solicitud`, ... */
  action: string;
  /** The kind of thing it was done to: `vehiculo`, `solicitud`, `usuario`, `lista`, `datos_personales`. */
  entity: string;
  entityId?: string | number | null;
  /** What changed. Never a password, and personal data only when the action needs it to be understood. */
  details?: Record<string, unknown>;
}

/**
 * Records one entry of the audit trail. Call it with the transaction of the change it describes, so the change and
 * its record commit together or not at all. The actor's e-mail is kept in the details too: it outlives the account.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    details: { ...(entry.details ?? {}), ...(entry.actor ? { actorEmail: entry.actor.email } : {}) },
  });
}
