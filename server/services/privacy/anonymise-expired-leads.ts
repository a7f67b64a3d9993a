// The retention job's work (Ley 19.628 as amended by Ley 21.719, arts. 3 c and 2 k; ADR 0031, decision 7): requests
// whose period ended (retention-rule.ts) are anonymised irreversibly. Nothing is hashed or kept under a key: the
// personal fields are overwritten or emptied, everything else about the person is deleted, and what stays (kind,
// status, dates, vehicle, owner, the enumerated answers) no longer leads back to anyone. Appraisal photos go earlier,
// after their own period, while the request itself is kept.
//
// Work is taken in batches, each one transaction that locks its rows with FOR UPDATE SKIP LOCKED: instances running
// the job together each take other rows, and a row anonymised by one is no longer selected by any. A run that finds
// nothing changes nothing. Each run is recorded in the audit trail with its counts alone.
import type { PrivacySettings } from '@contracts/dealership.ts';
import type { Db } from '@db/client.ts';
import { consentEvents, emailOutbox, idempotencyKeys, leadNotes, leads } from '@db/schema.ts';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { idempotencyOf } from '../admin/personal-data.ts';
import { recordAudit } from '../audit.ts';
import type { OutboxRelay } from '../email/outbox-relay.ts';
import { DETAIL_LABELS, LEAD_KIND_DEFS } from '../leads/lead-kinds.ts';
import { deleteLeadPhotos, deleteMail, scrubLeadAudit } from './lead-traces.ts';
import { expiredAppraisalPhotos, expiredLeads } from './retention-rule.ts';

/** What an anonymised request shows where the person's name was. */
export const ANONYMOUS_NAME = 'Persona anonimizada';

/**
 * Detail fields that reveal the person's socio-economic situation (art. 2 g), as the lead kinds declare them: never
 * kept, even as a category.
 */
const SOCIOECONOMIC_DETAILS = new Set(LEAD_KIND_DEFS.flatMap((def) => def.socioeconomic ?? []));

/**
 * The details an anonymised request keeps: only answers chosen from a list (subject, credit type, term, brand,
 * insurance type…), never free text, amounts, years, kilometres, colours, dates or socio-economic answers.
 */
export function anonymousDetails(details: Record<string, string | number | null>) {
  return Object.fromEntries(
    Object.entries(details).filter(
      ([key, value]) =>
        !SOCIOECONOMIC_DETAILS.has(key) &&
        value !== null &&
        (DETAIL_LABELS[key]?.options?.some((option) => option.value === String(value)) ?? false),
    ),
  );
}

export interface RetentionCounts {
  solicitudes: number;
  fotos: number;
  imagenes: number;
  correos: number;
  notas: number;
  registrosIdempotencia: number;
  consentimientos: number;
  registrosAuditoriaDepurados: number;
  /** Saved searches never confirmed or withdrawn long enough ago, and old e-mails of alerts (ADR 0039). */
  alertas: number;
}

const NONE: RetentionCounts = {
  solicitudes: 0,
  fotos: 0,
  imagenes: 0,
  correos: 0,
  notas: 0,
  registrosIdempotencia: 0,
  consentimientos: 0,
  registrosAuditoriaDepurados: 0,
  alertas: 0,
};

export interface RetentionInput {
  /** The job's clock: what has expired is judged at this instant, and anonymized_at records it. */
  now: Date;
  privacy: PrivacySettings;
  /** This instance's outbox relay: deletes the .eml files of the deleted e-mails once their batch commits. */
  mailFiles?: Pick<OutboxRelay, 'discardCopies'> | undefined;
  /** Requests per transaction. */
  batchSize?: number;
  /** Stops between batches (shutdown); what is done stays done and is recorded. */
  signal?: AbortSignal | undefined;
}

interface Batch {
  counts: Partial<RetentionCounts>;
  mailIds: number[];
}

/** Anonymises every expired request and removes expired appraisal photos; returns (and audits) the counts. */
export async function anonymiseExpiredLeads(db: Db, input: RetentionInput): Promise<RetentionCounts> {
  const total = { ...NONE };
  let failure: unknown = null;
  const drain = async (take: (tx: Db) => Promise<Batch | null>) => {
    while (!input.signal?.aborted) {
      const batch = await db.transaction(take);
      if (!batch) return;
      for (const [key, n] of Object.entries(batch.counts)) total[key as keyof RetentionCounts] += n;
      // After the commit (a file deleted for a row that then stayed would be a message lost); a failure is left to
      // the relays' sweep, which deleteMail announced.
      await input.mailFiles?.discardCopies(batch.mailIds).catch(() => {});
    }
  };
  try {
    await drain((tx) => anonymiseBatch(tx, input));
    await drain((tx) => removePhotoBatch(tx, input));
    await drain((tx) => removeAlertBatch(tx, input));
  } catch (error) {
    failure = error;
  }
  const interrupted = failure !== null || input.signal?.aborted === true;
  const recorded = recordAudit(db, {
    actor: null,
    action: 'retencion_aplicada',
    entity: 'datos_personales',
    details: { ...total, ...(interrupted ? { interrumpida: true } : {}) },
  });
  // The batches done are recorded on their rows (anonymized_at) even when this record cannot be written.
  if (failure !== null) {
    await recorded.catch(() => {});
    throw failure;
  }
  await recorded;
  return total;
}

async function anonymiseBatch(tx: Db, input: RetentionInput): Promise<Batch | null> {
  const rows = await tx
    .select({ id: leads.id, details: leads.details })
    .from(leads)
    .where(expiredLeads(input.now, input.privacy))
    .orderBy(asc(leads.id))
    .limit(input.batchSize ?? 100)
    .for('update', { skipLocked: true });
  if (rows.length === 0) return null;
  const ids = rows.map((row) => row.id);

  const mailIds = await deleteMail(tx, inArray(emailOutbox.leadId, ids));
  const photos = await deleteLeadPhotos(tx, ids);
  const replays = await tx
    .delete(idempotencyKeys)
    .where(idempotencyOf(ids))
    .returning({ key: idempotencyKeys.key });
  const notes = await tx
    .delete(leadNotes)
    .where(inArray(leadNotes.leadId, ids))
    .returning({ id: leadNotes.id });
  // The consents given with the request go with it; a marketing consent is the person's, not the request's, and
  // stays as the evidence of their choice, no longer pointing at the request (it would name who sent it).
  const consents = await tx
    .delete(consentEvents)
    .where(and(inArray(consentEvents.leadId, ids), ne(consentEvents.purpose, 'marketing')))
    .returning({ id: consentEvents.id });
  await tx
    .update(consentEvents)
    .set({ leadId: null })
    .where(and(inArray(consentEvents.leadId, ids), eq(consentEvents.purpose, 'marketing')));
  const scrubbed = await scrubLeadAudit(tx, ids);

  for (const row of rows) {
    await tx
      .update(leads)
      .set({
        name: ANONYMOUS_NAME,
        email: '',
        phone: null,
        message: null,
        details: anonymousDetails(row.details),
        simulation: null,
        // The calendar link of a test drive answers only while the request has a slot.
        testDriveAt: null,
        sourcePage: null,
        landingPage: null,
        referrerHost: null,
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        ipHash: null,
        anonymizedAt: input.now,
      })
      .where(eq(leads.id, row.id));
  }
  return {
    counts: {
      solicitudes: rows.length,
      fotos: photos.photos,
      imagenes: photos.images,
      correos: mailIds.length,
      notas: notes.length,
      registrosIdempotencia: replays.length,
      consentimientos: consents.length,
      registrosAuditoriaDepurados: scrubbed,
    },
    mailIds,
  };
}

/** The photos of kept appraisals past their period, with the staff e-mail that carried them (its .eml holds them). */
async function removePhotoBatch(tx: Db, input: RetentionInput): Promise<Batch | null> {
  const rows = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(expiredAppraisalPhotos(input.now, input.privacy))
    .orderBy(asc(leads.id))
    .limit(input.batchSize ?? 100)
    .for('update', { skipLocked: true });
  if (rows.length === 0) return null;
  const ids = rows.map((row) => row.id);
  const mailIds = await deleteMail(
    tx,
    and(inArray(emailOutbox.leadId, ids), sql`${emailOutbox.attachments} <> '[]'::jsonb`) as SQL,
  );
  const photos = await deleteLeadPhotos(tx, ids);
  return { counts: { fotos: photos.photos, imagenes: photos.images, correos: mailIds.length }, mailIds };
}

/**
 * ADR 0039: a search whose confirmation link expired a week ago was never consented to, and a removed one has no
 * purpose left: both are deleted (the consent events stay, the evidence of the choice). The record of an e-mail of
 * alerts (address and day) serves the once-a-day rule and the dashboard's figure of the last 90 days: it goes after.
 */
async function removeAlertBatch(tx: Db, input: RetentionInput): Promise<Batch | null> {
  const day = 24 * 3_600_000;
  const limit = input.batchSize ?? 100;
  const searches = await tx.execute(sql`
    delete from saved_searches where id in (
      select id from saved_searches
       where (status = 'pending' and token_expires_at < ${new Date(input.now.getTime() - 7 * day).toISOString()}::timestamptz)
          or (status = 'withdrawn' and coalesce(withdrawn_at, created_at) < ${new Date(input.now.getTime() - 30 * day).toISOString()}::timestamptz)
       order by id limit ${limit} for update skip locked)
    returning id`);
  const digests = await tx.execute(sql`
    delete from alert_digests where id in (
      select id from alert_digests where created_at < ${new Date(input.now.getTime() - 90 * day).toISOString()}::timestamptz
       order by id limit ${limit} for update skip locked)
    returning id`);
  const n = (result: unknown) => (result as { rows: unknown[] }).rows.length;
  const removed = n(searches) + n(digests);
  return removed === 0 ? null : { counts: { alertas: removed }, mailIds: [] };
}
