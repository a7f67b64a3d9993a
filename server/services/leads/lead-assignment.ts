// Who owns a new lead (issue 21): with round-robin on, the next active 'ventas' account in turn (ADR 0023).
import type { LeadAssignmentSettings } from '@contracts/admin-leads.ts';
import type { Db } from '@db/client.ts';
import { appState, leads, staffUsers } from '@db/schema.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';

/** The app_state row of the setting and of the turn: `{ turnos: boolean, ultimo: staff id | null }`. */
export const ASSIGNMENT_STATE_KEY = 'asignacion_solicitudes';
/** The audit action of a change of owner, read back as the lead's history. */
export const OWNER_AUDIT_ACTION = 'responsable_solicitud';

interface AssignmentState {
  turnos: boolean;
  /** The last account given a lead in turn. */
  ultimo: number | null;
}

function readState(value: unknown): AssignmentState {
  const record = (value ?? {}) as Record<string, unknown>;
  return {
    turnos: record.turnos === true,
    ultimo: typeof record.ultimo === 'number' ? record.ultimo : null,
  };
}

export async function readAssignmentSettings(db: Db): Promise<LeadAssignmentSettings> {
  const [row] = await db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, ASSIGNMENT_STATE_KEY));
  return { turnos: readState(row?.value).turnos };
}

/**
 * The next account after `last` in id order among `candidates` (sorted by id), wrapping around: strict rotation, so
 * over any run of leads no account gets more than one lead more than another while the team stays the same.
 */
export function nextInTurn<T extends { id: number }>(
  candidates: readonly T[],
  last: number | null,
): T | null {
  if (candidates.length === 0) return null;
  return candidates.find((c) => last !== null && c.id > last) ?? candidates[0] ?? null;
}

export interface AssignedOwner {
  id: number;
  name: string;
  email: string;
  /** Wants e-mails about the leads given to them ('Mi cuenta'). */
  leadEmails: boolean;
}

/**
 * Gives the lead `leadId`, inside the transaction `tx` that creates it, to the next active 'ventas' account, when
 * round-robin is on. The turn is kept in one app_state row locked FOR UPDATE, so concurrent leads on any number of
 * instances take their turns one after the other (ADR 0023). The lock is taken last in the lead's transaction, so it
 * is held only until the commit. Returns the owner, or null (off, or nobody to give it to).
 */
export async function assignInTurn(tx: Db, leadId: number): Promise<AssignedOwner | null> {
  // A cheap look first: with round-robin off (the default) leads never wait on the lock.
  const [peek] = await tx
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, ASSIGNMENT_STATE_KEY));
  if (!readState(peek?.value).turnos) return null;
  const [locked] = await tx
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, ASSIGNMENT_STATE_KEY))
    .for('update');
  const state = readState(locked?.value);
  if (!state.turnos) return null; // switched off meanwhile
  const team = await tx
    .select({
      id: staffUsers.id,
      name: staffUsers.name,
      email: staffUsers.email,
      leadEmails: staffUsers.leadEmails,
    })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'ventas'), eq(staffUsers.active, true)))
    .orderBy(asc(staffUsers.id));
  const owner = nextInTurn(team, state.ultimo);
  if (!owner) return null;
  await tx
    .update(appState)
    .set({
      value: sql`${appState.value} || ${JSON.stringify({ ultimo: owner.id })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(appState.key, ASSIGNMENT_STATE_KEY));
  await tx.update(leads).set({ ownerId: owner.id }).where(eq(leads.id, leadId));
  await recordAudit(tx, {
    actor: null,
    action: OWNER_AUDIT_ACTION,
    entity: 'solicitud',
    entityId: leadId,
    details: { de: null, a: { id: owner.id, nombre: owner.name }, automatica: true },
  });
  return owner;
}

/**
 * Who is told of a new lead by e-mail (issue 21, item 2): its owner, if they want it; a lead nobody owns goes to every
 * active 'ventas' account that wants these e-mails.
 */
export async function noticeRecipients(tx: Db, owner: AssignedOwner | null): Promise<string[]> {
  if (owner) return owner.leadEmails ? [owner.email] : [];
  const rows = await tx
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'ventas'), eq(staffUsers.active, true), eq(staffUsers.leadEmails, true)))
    .orderBy(asc(staffUsers.id));
  return rows.map((row) => row.email);
}
