// A lead's owner as staff set it (take, reassign, release) and the round-robin setting admins switch (issue 21).
import type { LeadAssignmentSettings, LeadOwnerRef } from '@contracts/admin-leads.ts';
import type { Db } from '@db/client.ts';
import { appState, emailOutbox, leads, staffUsers } from '@db/schema.ts';
import { formatChileLongDateTime } from '@domain/chile-time.ts';
import { asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import type { Actor } from '../auth/sessions.ts';
import { ASSIGNMENT_STATE_KEY, OWNER_AUDIT_ACTION } from '../leads/lead-assignment.ts';
import { kindLabel } from '../leads/lead-kinds.ts';
import { isProcessingBlocked } from '../rights/processing-block.ts';
import { LEAD_AUDIT_ENTITY } from './leads.ts';
import { BLOCKED, type WorkflowResult } from './leads-workflow.ts';

/** The audit action of a change of the round-robin setting. */
export const ASSIGNMENT_SETTINGS_AUDIT_ACTION = 'asignacion_configurada';

/** The active staff a lead can be given to, by name. */
export async function assignableStaff(db: Db): Promise<LeadOwnerRef[]> {
  return db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(eq(staffUsers.active, true))
    .orderBy(asc(staffUsers.name), asc(staffUsers.id));
}

/** The e-mail to the person a lead was given to by a colleague (issue 31): what it is, by when, and its page. */
export function assignmentMail(input: {
  lead: { id: number; kind: string; name: string; dueAt: Date; status: string };
  owner: { name: string };
  by: string;
  publicUrl: string;
}): { subject: string; text: string } {
  const { lead } = input;
  const link = `${input.publicUrl}/admin/solicitudes/${lead.id}`;
  const due =
    lead.status === 'nuevo'
      ? `Responder antes de: ${formatChileLongDateTime(lead.dueAt)} (hora de Chile).`
      : 'Ya tuvo un primer contacto: revisa su historial antes de seguir.';
  return {
    subject: `Te asignaron la solicitud #${lead.id}: ${kindLabel(lead.kind)}, ${lead.name}`,
    text: [
      `${input.owner.name}, ${input.by} te asignó la solicitud #${lead.id} (${kindLabel(lead.kind)}, de ${lead.name}).`,
      '',
      due,
      '',
      `Ver la solicitud: ${link}`,
      '',
      'Puedes dejar de recibir estos avisos en «Mi cuenta».',
    ].join('\n'),
  };
}

/**
 * Gives the lead to `ownerId` (or to nobody), recorded in the audit trail in the same transaction. The new owner is
 * e-mailed (when they want lead e-mails, and did not take it themself); `mailed` says whether one was queued. The lead's row is
 * locked, so two members taking it at the same moment are served one after the other and the second is told who has
 * it. Refused, with nothing changed: an unknown account (400), a deactivated one or no change at all (409).
 */
export async function changeLeadOwner(
  db: Db,
  input: { id: number; ownerId: number | null; actor: Actor & { name?: string }; publicUrl?: string },
): Promise<WorkflowResult<{ owner: LeadOwnerRef | null; mailed: boolean }>> {
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({
        ownerId: leads.ownerId,
        email: leads.email,
        kind: leads.kind,
        name: leads.name,
        dueAt: leads.dueAt,
        status: leads.status,
      })
      .from(leads)
      .where(eq(leads.id, input.id))
      .for('update');
    if (!lead) return { ok: false, status: 404, error: 'Solicitud no encontrada.' };
    if (await isProcessingBlocked(tx, lead.email)) return BLOCKED;
    const [current] =
      lead.ownerId === null
        ? []
        : await tx
            .select({ id: staffUsers.id, name: staffUsers.name })
            .from(staffUsers)
            .where(eq(staffUsers.id, lead.ownerId));
    let next: LeadOwnerRef | null = null;
    let nextMail: { email: string; wants: boolean } | null = null;
    if (input.ownerId !== null) {
      const [member] = await tx
        .select({
          id: staffUsers.id,
          name: staffUsers.name,
          active: staffUsers.active,
          email: staffUsers.email,
          leadEmails: staffUsers.leadEmails,
        })
        .from(staffUsers)
        .where(eq(staffUsers.id, input.ownerId));
      if (!member)
        return { ok: false, status: 400, error: 'Esa cuenta no existe. Elige una persona de la lista.' };
      if (!member.active)
        return {
          ok: false,
          status: 409,
          error: `La cuenta de ${member.name} está desactivada: elige a otra persona.`,
        };
      next = { id: member.id, name: member.name };
      nextMail = { email: member.email, wants: member.leadEmails };
    }
    if ((current?.id ?? null) === (next?.id ?? null))
      return {
        ok: false,
        status: 409,
        error: next ? `La solicitud ya está asignada a ${next.name}.` : 'La solicitud ya está sin asignar.',
      };
    await tx
      .update(leads)
      .set({ ownerId: next?.id ?? null })
      .where(eq(leads.id, input.id));
    await recordAudit(tx, {
      actor: input.actor,
      action: OWNER_AUDIT_ACTION,
      entity: LEAD_AUDIT_ENTITY,
      entityId: input.id,
      details: {
        de: current ? { id: current.id, nombre: current.name } : null,
        a: next ? { id: next.id, nombre: next.name } : null,
      },
    });
    const mailed = Boolean(next && nextMail?.wants && next.id !== input.actor.id && input.publicUrl);
    if (mailed && next && nextMail && input.publicUrl) {
      const mail = assignmentMail({
        lead: { id: input.id, ...lead },
        owner: next,
        by: input.actor.name ?? input.actor.email,
        publicUrl: input.publicUrl,
      });
      await tx
        .insert(emailOutbox)
        .values({ leadId: input.id, toAddress: nextMail.email, subject: mail.subject, textBody: mail.text });
    }
    return { ok: true, value: { owner: next, mailed } };
  });
}

/**
 * Switches round-robin on or off, recorded in the audit trail. The turn (`ultimo`) is kept across switches, so turning
 * it off and on again does not start over with the same salesperson.
 */
export async function saveAssignmentSettings(
  db: Db,
  actor: Actor,
  settings: LeadAssignmentSettings,
): Promise<LeadAssignmentSettings> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ value: appState.value })
      .from(appState)
      .where(eq(appState.key, ASSIGNMENT_STATE_KEY))
      .for('update');
    const before = (row?.value as { turnos?: unknown } | undefined)?.turnos === true;
    if (before === settings.turnos) return settings;
    const patch = JSON.stringify({ turnos: settings.turnos });
    await tx
      .insert(appState)
      .values({ key: ASSIGNMENT_STATE_KEY, value: { turnos: settings.turnos, ultimo: null } })
      .onConflictDoUpdate({
        target: appState.key,
        set: { value: sql`${appState.value} || ${patch}::jsonb`, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actor,
      action: ASSIGNMENT_SETTINGS_AUDIT_ACTION,
      entity: 'configuracion',
      entityId: ASSIGNMENT_STATE_KEY,
      details: { turnos: settings.turnos },
    });
    return settings;
  });
}
