// Erasure of everything stored about one address, with proof of it (see personal-data.ts). The photos, the e-mails
// (and their .eml files) and the audit details go as privacy/lead-traces.ts removes them for the retention job too.
// An e-mail already handed to an SMTP server is in the recipients' mailboxes, outside the product.

import type { PersonalDataErasure } from '@contracts/admin-staff.ts';
import type { Db } from '@db/client.ts';
import {
  alertDigests,
  auditLog,
  idempotencyKeys,
  leadNotes,
  leads,
  rateLimits,
  savedSearches,
} from '@db/schema.ts';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import type { Actor } from '../auth/sessions.ts';
import type { OutboxRelay } from '../email/outbox-relay.ts';
import { deleteLeadPhotos, deleteMail, scrubLeadAudit } from '../privacy/lead-traces.ts';
import { emailProof, idempotencyOf, leadIdsOf, outboxOf } from './personal-data.ts';

/**
 * Erases everything stored about the address in ONE transaction (all of it or nothing) and records the erasure;
 * then deletes this instance's .eml files of the erased e-mails (`mailFiles`, the outbox relay).
 * Images are deleted only when nothing else uses them (another lead, a vehicle, a pending e-mail's attachments):
 * images are stored once per content hash and may be shared.
 */
export async function erasePersonalData(
  db: Db,
  actor: Actor,
  email: string,
  mailFiles?: Pick<OutboxRelay, 'discardCopies'>,
): Promise<PersonalDataErasure['eliminados']> {
  const { erased, mailIds } = await eraseRows(db, actor, email);
  // After the commit: a file deleted for a row that then stayed would be a message lost. A failure here leaves
  // the files to the relays' sweep, which the erasure announced.
  await mailFiles?.discardCopies(mailIds).catch(() => {});
  return erased;
}

async function eraseRows(db: Db, actor: Actor, email: string) {
  return db.transaction(async (tx) => {
    const leadIds = await leadIdsOf(tx, email);
    const has = leadIds.length > 0;
    // The lead rate limit counts submissions by the keyed hash of the sender's IP address, as the lead stores it.
    const ipHashes = has
      ? (
          await tx
            .selectDistinct({ ipHash: leads.ipHash })
            .from(leads)
            .where(and(inArray(leads.id, leadIds), isNotNull(leads.ipHash)))
        ).map((row) => `lead:${row.ipHash}`)
      : [];

    const mailIds = await deleteMail(tx, outboxOf(email, leadIds));
    if (ipHashes.length > 0) await tx.delete(rateLimits).where(inArray(rateLimits.key, ipHashes));
    const replays = has
      ? await tx.delete(idempotencyKeys).where(idempotencyOf(leadIds)).returning({ key: idempotencyKeys.key })
      : [];
    const notes = has
      ? await tx.delete(leadNotes).where(inArray(leadNotes.leadId, leadIds)).returning({ id: leadNotes.id })
      : [];
    // After the e-mails: an image still attached to one of them would stay.
    const photos = await deleteLeadPhotos(tx, leadIds);
    if (has) await tx.delete(leads).where(inArray(leads.id, leadIds));
    // The e-mail alerts (issue 33) go whole: their matches with them (ON DELETE CASCADE), and the record of the
    // days an e-mail of alerts went to the address. The consent events stay, as for every consent.
    const alerts = await tx
      .delete(savedSearches)
      .where(eq(savedSearches.email, email))
      .returning({ id: savedSearches.id });
    await tx.delete(alertDigests).where(eq(alertDigests.email, email));

    const proof = emailProof(email);
    const scrubbed = await scrubLeadAudit(tx, leadIds);
    // Earlier exports named the address in clear: from now on they name it like the erasure does.
    await tx
      .update(auditLog)
      .set({
        details: sql`(${auditLog.details} - 'correo') || jsonb_build_object('correoHash', ${proof}::text)`,
      })
      .where(and(eq(auditLog.action, 'datos_exportados'), sql`${auditLog.details}->>'correo' = ${email}`));

    const erased = {
      solicitudes: leadIds.length,
      fotos: photos.photos,
      imagenes: photos.images,
      notas: notes.length,
      correos: mailIds.length,
      registrosIdempotencia: replays.length,
      alertas: alerts.length,
      registrosAuditoriaDepurados: scrubbed,
    };
    await recordAudit(tx, {
      actor,
      action: 'datos_eliminados',
      entity: 'datos_personales',
      details: { correoHash: proof, ...erased },
    });
    return { erased, mailIds };
  });
}
