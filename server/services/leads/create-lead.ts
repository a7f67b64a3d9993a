import { createHash } from 'node:crypto';
import { type Attribution, NO_ATTRIBUTION } from '@contracts/attribution.ts';
import type { LeadCreated } from '@contracts/leads.ts';
import type { OpeningSchedule } from '@contracts/opening-schedule.ts';
import type { Db } from '@db/client.ts';
import { emailOutbox, idempotencyKeys, leadPhotos, leads } from '@db/schema.ts';
import type { ConsentPurpose } from '@domain/consent.ts';
import type { StoredSimulation } from '@domain/credit-quotation.ts';
import { type IsHoliday, promiseDueAt } from '@domain/opening-hours.ts';
import { eq } from 'drizzle-orm';
import { type PreparedImage, storeImage } from '../images/ingest-image.ts';
import { queueConsentReceipt } from '../privacy/queue-consent-receipt.ts';
import { recordConsents } from '../privacy/record-consents.ts';
import { assignInTurn, noticeRecipients } from './lead-assignment.ts';
import type { LeadEmail, LeadNotice } from './lead-email.ts';
import type { LeadFields, LeadKindDef } from './lead-kinds.ts';
import { claimTestDrivePlace } from './test-drive-booking.ts';

export interface CreateLeadInput {
  def: LeadKindDef;
  fields: LeadFields;
  /** The simulation computed from `fields.simulationRequest`, stored with the lead; null without one. */
  simulation: StoredSimulation | null;
  photos: PreparedImage[];
  sourcePage: string | null;
  /** Where the visit began, as the browser sent it and the contract kept it; not part of the request's hash. */
  attribution?: Attribution;
  ipHash: string | null;
  idempotencyKey: string | null;
  /** When the request arrived (the lead service's clock); now by default. */
  now?: () => Date;
  /** The opening hours the promise of first contact runs in, and the public holidays (ADR 0036). */
  hours: { schedule: OpeningSchedule; isHoliday: IsHoliday };
  /** A test drive's checked slot and the places it has: a place is claimed inside the lead's transaction. */
  testDrive?: { at: Date; capacity: number };
  /** Fields the 201 answer adds for this lead, once its id is known (a test drive's slot and calendar file). */
  answer?: (id: number) => Partial<LeadCreated>;
  /** The sentence each ticked box showed (`fields.consents`), for the consent's evidence row. */
  consentWording?: (purpose: ConsentPurpose) => string;
  /** Builds the staff e-mail once the lead's id and deadline are known. */
  email: (lead: { id: number; createdAt: Date; dueAt: Date }) => LeadEmail;
  /** Builds the e-mail to the lead's owner, or to the salespeople when nobody owns it (issue 21); none without it. */
  notice?: (lead: { id: number; createdAt: Date; dueAt: Date }, owner: { name: string } | null) => LeadNotice;
  /** What the person's receipt of their consents needs (ADR 0031); it is sent only when the request has consents. */
  receipt?: { dealershipName: string; publicUrl: string; secret: string };
}

/** Stored (or, for a replayed key, stored before), or refused: the key was used with another submission. */
export type CreateLeadResult =
  | { outcome: 'created'; body: LeadCreated; replayed: boolean }
  | { outcome: 'key_reused' }
  /** A test drive's slot has no place left for it (or the visitor already has that slot): nothing was stored. */
  | { outcome: 'slot_taken'; message: string };

class IdempotencyConflict extends Error {}
class SlotTaken extends Error {}

/** Identifies a submission's content, so a replayed key can tell "same request" from "another request". */
export function requestHash(def: LeadKindDef, fields: LeadFields, photos: PreparedImage[]): string {
  const canonical = JSON.stringify([def.kind, fields, photos.map((p) => p.hash)]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** Whether a submission was already stored under `key` (whatever its content). */
export async function hasIdempotencyKey(db: Db, key: string): Promise<boolean> {
  const rows = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, key))
    .limit(1);
  return rows.length > 0;
}

export async function findIdempotentReply(
  db: Db,
  key: string,
  hash: string,
): Promise<CreateLeadResult | null> {
  const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  if (!row) return null;
  if (row.requestHash !== hash) {
    return { outcome: 'key_reused' };
  }
  return { outcome: 'created', body: row.response as LeadCreated, replayed: true };
}

/**
 * Stores a lead, its consents, its photos, its staff e-mail (outbox) and its idempotency record in ONE transaction:
 * either all of it is committed before the 201 is sent, or nothing is.
 */
export async function createLead(db: Db, input: CreateLeadInput): Promise<CreateLeadResult> {
  const { def, fields } = input;
  // The simulation's inputs are part of the request (its hash), not a column: the computed simulation is stored.
  const {
    simulationRequest: _inputs,
    testDriveAt: _slot,
    consents = [],
    policyVersion: shownPolicyVersion,
    ...columns
  } = fields;
  const { consentWording } = input;
  if (consents.length > 0 && !consentWording) throw new Error('consents without their wording');
  const hash = requestHash(def, fields, input.photos);
  if (input.idempotencyKey) {
    const previous = await findIdempotentReply(db, input.idempotencyKey, hash);
    if (previous) return previous;
  }
  try {
    return await db.transaction(async (tx) => {
      const createdAt = input.now?.() ?? new Date();
      // The one rule of a request's deadline (ADR 0036): the list, the reminders and the dashboard read this column.
      const dueAt = promiseDueAt(createdAt, def.promiseHours, input.hours.schedule, input.hours.isHoliday);
      if (input.testDrive) {
        const taken = await claimTestDrivePlace(tx, {
          ...input.testDrive,
          vehicleId: fields.vehicleId,
          email: fields.email,
        });
        if (taken) throw new SlotTaken(taken);
      }
      const [lead] = await tx
        .insert(leads)
        .values({
          kind: def.kind,
          ...columns,
          simulation: input.simulation,
          testDriveAt: input.testDrive?.at ?? null,
          sourcePage: input.sourcePage,
          ...(input.attribution ?? NO_ATTRIBUTION),
          ipHash: input.ipHash,
          createdAt,
          dueAt,
        })
        .returning({ id: leads.id });
      if (!lead) throw new Error('lead insert returned nothing');
      if (consentWording)
        await recordConsents(tx, {
          leadId: lead.id,
          email: fields.email,
          channel: def.kind,
          purposes: consents,
          wording: consentWording,
          shownPolicyVersion,
        });

      const imageIds: number[] = [];
      for (const [position, photo] of input.photos.entries()) {
        const stored = await storeImage(tx, photo);
        await tx
          .insert(leadPhotos)
          .values({ leadId: lead.id, imageId: stored.id, position })
          .onConflictDoNothing();
        imageIds.push(stored.id);
      }

      // Last before the e-mail: the round-robin turn's row lock is then held only until the commit (ADR 0023).
      const owner = await assignInTurn(tx, lead.id);

      const email = input.email({ id: lead.id, createdAt, dueAt });
      await tx.insert(emailOutbox).values({
        leadId: lead.id,
        toAddress: email.to,
        replyTo: email.replyTo,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html,
        attachments: imageIds,
      });
      if (input.notice) {
        const notice = input.notice({ id: lead.id, createdAt, dueAt }, owner);
        for (const to of await noticeRecipients(tx, owner)) {
          await tx.insert(emailOutbox).values({
            leadId: lead.id,
            toAddress: to,
            replyTo: notice.replyTo,
            subject: notice.subject,
            textBody: notice.text,
            htmlBody: notice.html,
          });
        }
      }

      // Only a request with a ticked box has a receipt: the others skip its query of the consents just written.
      if (input.receipt && consents.length > 0)
        await queueConsentReceipt(tx, {
          ...input.receipt,
          leadId: lead.id,
          email: fields.email,
          name: fields.name,
          formLabel: def.label,
        });

      const body: LeadCreated = { id: lead.id, mensaje: def.accepted, ...input.answer?.(lead.id) };
      if (input.idempotencyKey) {
        const claimed = await tx
          .insert(idempotencyKeys)
          .values({ key: input.idempotencyKey, requestHash: hash, statusCode: 201, response: body })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        // A concurrent request with the same key won the race: undo ours and answer as it did.
        if (claimed.length === 0) throw new IdempotencyConflict();
      }
      return { outcome: 'created' as const, body, replayed: false };
    });
  } catch (error) {
    if (error instanceof SlotTaken) return { outcome: 'slot_taken', message: error.message };
    if (error instanceof IdempotencyConflict && input.idempotencyKey) {
      const winner = await findIdempotentReply(db, input.idempotencyKey, hash);
      if (winner) return winner;
    }
    throw error;
  }
}
