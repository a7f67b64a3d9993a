import {
  canChangeStatus,
  LEAD_STATUS_LABELS,
  type LeadNote,
  type LeadStatus,
} from '@contracts/admin-leads.ts';
import type { Db } from '@db/client.ts';
import { emailOutbox, leadNotes, leads } from '@db/schema.ts';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { claimTestDrivePlace } from '../leads/test-drive-booking.ts';
import { isProcessingBlocked, PROCESSING_BLOCKED_MESSAGE } from '../rights/processing-block.ts';
import { LEAD_AUDIT_ENTITY, STATUS_AUDIT_ACTION } from './leads.ts';

export type WorkflowResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: 400 | 404 | 409; error: string };

const NOT_FOUND = { ok: false, status: 404, error: 'Solicitud no encontrada.' } as const;
/** Art. 8 ter: the person's data are only stored while a block lasts. */
export const BLOCKED = { ok: false, status: 409, error: PROCESSING_BLOCKED_MESSAGE } as const;

function refusal(from: LeadStatus, to: LeadStatus): string {
  if (from === to) return `La solicitud ya está en estado ${LEAD_STATUS_LABELS[to]}.`;
  if (from === 'nuevo' && to === 'cerrado')
    return 'No se puede cerrar una solicitud Nueva: primero márcala como Contactado.';
  return `No se puede pasar de ${LEAD_STATUS_LABELS[from]} a ${LEAD_STATUS_LABELS[to]}.`;
}

/**
 * Moves a lead along the workflow, recording who and when on the lead and in the audit trail, in one transaction.
 * The first contact is stamped when the lead leaves 'nuevo' and cleared if it is sent back there (a mistake: the
 * deadline counts again), so 'nuevo' always means "nobody has answered yet".
 * A discarded test drive has given up its place (ADR 0020): taking it up again claims the place anew, under the same
 * slot lock as a booking, and is refused when the slot has filled since.
 */
export async function changeLeadStatus(
  db: Db,
  input: { id: number; to: LeadStatus; actor: SessionUser; testDriveCapacity: number },
): Promise<WorkflowResult<{ from: LeadStatus; to: LeadStatus; changedAt: string }>> {
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({
        status: leads.status,
        firstContactAt: leads.firstContactAt,
        firstContactBy: leads.firstContactBy,
        kind: leads.kind,
        testDriveAt: leads.testDriveAt,
        vehicleId: leads.vehicleId,
        email: leads.email,
      })
      .from(leads)
      .where(eq(leads.id, input.id))
      .for('update');
    if (!lead) return NOT_FOUND;
    if (await isProcessingBlocked(tx, lead.email)) return BLOCKED;
    const from = lead.status;
    if (!canChangeStatus(from, input.to)) return { ok: false, status: 409, error: refusal(from, input.to) };
    if (lead.kind === 'prueba' && lead.testDriveAt && from === 'descartado' && input.to !== 'descartado') {
      const taken = await claimTestDrivePlace(tx, {
        at: lead.testDriveAt,
        capacity: input.testDriveCapacity,
        vehicleId: lead.vehicleId,
        email: lead.email,
      });
      if (taken)
        return {
          ok: false,
          status: 409,
          error: `No se puede reactivar: el horario de esta prueba de manejo ya no tiene cupo. ${taken}`,
        };
    }
    const now = new Date();
    await tx
      .update(leads)
      .set({
        status: input.to,
        statusChangedAt: now,
        statusChangedBy: input.actor.id,
        firstContactAt: input.to === 'nuevo' ? null : (lead.firstContactAt ?? now),
        // Credited to who made it (issue 31), whoever owns the lead then or later.
        firstContactBy:
          input.to === 'nuevo' ? null : lead.firstContactAt ? lead.firstContactBy : input.actor.id,
      })
      .where(and(eq(leads.id, input.id), eq(leads.status, from)));
    await recordAudit(tx, {
      actor: input.actor,
      action: STATUS_AUDIT_ACTION,
      entity: LEAD_AUDIT_ENTITY,
      entityId: input.id,
      details: { from, to: input.to },
    });
    return { ok: true, value: { from, to: input.to, changedAt: now.toISOString() } };
  });
}

export async function addLeadNote(
  db: Db,
  input: { id: number; body: string; author: SessionUser },
): Promise<WorkflowResult<LeadNote>> {
  const [lead] = await db.select({ email: leads.email }).from(leads).where(eq(leads.id, input.id));
  if (!lead) return NOT_FOUND;
  if (await isProcessingBlocked(db, lead.email)) return BLOCKED;
  const [note] = await db
    .insert(leadNotes)
    .values({ leadId: input.id, authorId: input.author.id, body: input.body })
    .returning();
  if (!note) throw new Error('note insert returned nothing');
  return {
    ok: true,
    value: {
      id: note.id,
      body: note.body,
      authorName: input.author.name,
      createdAt: note.createdAt.toISOString(),
    },
  };
}

/**
 * Puts the lead's failed staff e-mails back in the outbox, due now. The attempts already made are kept: the relay
 * then tries once more and, if the server still refuses, marks it failed again with the new error at once.
 */
export async function retryLeadEmails(
  db: Db,
  input: { id: number; actor: SessionUser },
): Promise<WorkflowResult<{ retried: number }>> {
  return db.transaction(async (tx) => {
    const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, input.id));
    if (!lead) return NOT_FOUND;
    const rows = await tx
      .update(emailOutbox)
      .set({ status: 'pending', nextAttemptAt: new Date() })
      .where(and(eq(emailOutbox.leadId, input.id), eq(emailOutbox.status, 'failed')))
      .returning({ id: emailOutbox.id });
    if (rows.length === 0) {
      return { ok: false, status: 409, error: 'Esta solicitud no tiene correos fallidos para reenviar.' };
    }
    await recordAudit(tx, {
      actor: input.actor,
      action: 'correo_reenviado',
      entity: LEAD_AUDIT_ENTITY,
      entityId: input.id,
      details: { correos: rows.map((row) => row.id) },
    });
    return { ok: true, value: { retried: rows.length } };
  });
}

/** The audit action of an e-mail written to the person from the request, read back as the request's history. */
export const REPLY_AUDIT_ACTION = 'correo_respondido';

/**
 * «Escribir correo» (issue 31 item 8, ADR 0041): the e-mail goes to the person through the outbox, from the
 * dealership's address with Reply-To the staff member, and is recorded on the request (the outbox row names who
 * wrote it; the audit trail says when). A request nobody had answered is then Contactado, its first contact credited
 * to the writer, as when the status is changed by hand. An anonymised request has no address to write to; a blocked
 * person's data are not processed (art. 8 ter).
 */
export async function replyToLead(
  db: Db,
  input: { id: number; actor: SessionUser; subject: string; body: string },
): Promise<WorkflowResult<{ correo: number; contactada: boolean }>> {
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ email: leads.email, status: leads.status, anonymizedAt: leads.anonymizedAt })
      .from(leads)
      .where(eq(leads.id, input.id))
      .for('update');
    if (!lead) return NOT_FOUND;
    if (lead.anonymizedAt !== null || lead.email === '')
      return {
        ok: false,
        status: 409,
        error: 'Esta solicitud ya no guarda el correo de la persona: no se le puede escribir.',
      };
    if (await isProcessingBlocked(tx, lead.email)) return BLOCKED;
    const [mail] = await tx
      .insert(emailOutbox)
      .values({
        leadId: input.id,
        toAddress: lead.email,
        replyTo: input.actor.email,
        subject: input.subject,
        textBody: input.body,
        writtenBy: input.actor.id,
      })
      .returning({ id: emailOutbox.id });
    if (!mail) throw new Error('the reply was not queued');
    await recordAudit(tx, {
      actor: input.actor,
      action: REPLY_AUDIT_ACTION,
      entity: LEAD_AUDIT_ENTITY,
      entityId: input.id,
      details: { asunto: input.subject, envio: mail.id },
    });
    const contactada = lead.status === 'nuevo';
    if (contactada) {
      const now = new Date();
      await tx
        .update(leads)
        .set({
          status: 'contactado',
          statusChangedAt: now,
          statusChangedBy: input.actor.id,
          firstContactAt: now,
          firstContactBy: input.actor.id,
        })
        .where(and(eq(leads.id, input.id), eq(leads.status, 'nuevo')));
      await recordAudit(tx, {
        actor: input.actor,
        action: STATUS_AUDIT_ACTION,
        entity: LEAD_AUDIT_ENTITY,
        entityId: input.id,
        details: { from: 'nuevo', to: 'contactado' },
      });
    }
    return { ok: true, value: { correo: mail.id, contactada } };
  });
}
