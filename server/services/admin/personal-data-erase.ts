// Erasure of everything stored about one address, with proof of it (see personal-data.ts).
//
// Besides the database, the product keeps one more copy of an e-mail: its .eml file in DATA_DIR/outbox, written when
// there is no SMTP_URL (mail-transport.ts), named after the outbox row. The files of the erased rows are deleted
// after the commit on the instance that erased them; the erasure also bumps a counter every instance's outbox relay
// reads at each pass, so each one (its DATA_DIR may be another) deletes its files whose row is gone within a pass, and
// again at start-up in case it stopped between a commit and the deletion. An e-mail already handed to an SMTP server
// is in the recipients' mailboxes, outside the product.

import type { PersonalDataErasure } from '@contracts/admin-staff.ts';
import type { Db } from '@db/client.ts';
import {
  auditLog,
  emailOutbox,
  idempotencyKeys,
  images,
  leadNotes,
  leadPhotos,
  leads,
  rateLimits,
  vehicleImages,
} from '@db/schema.ts';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import type { Actor } from '../auth/sessions.ts';
import { announceErasedMail, type OutboxRelay } from '../email/outbox-relay.ts';
import { auditAbout, emailProof, idempotencyOf, leadIdsOf, outboxOf } from './personal-data.ts';

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
    const photoImages = has
      ? await tx
          .selectDistinct({ id: leadPhotos.imageId })
          .from(leadPhotos)
          .where(inArray(leadPhotos.leadId, leadIds))
      : [];

    const mails = await tx
      .delete(emailOutbox)
      .where(outboxOf(email, leadIds))
      .returning({ id: emailOutbox.id });
    if (mails.length > 0) await announceErasedMail(tx);
    if (ipHashes.length > 0) await tx.delete(rateLimits).where(inArray(rateLimits.key, ipHashes));
    const replays = has
      ? await tx.delete(idempotencyKeys).where(idempotencyOf(leadIds)).returning({ key: idempotencyKeys.key })
      : [];
    const notes = has
      ? await tx.delete(leadNotes).where(inArray(leadNotes.leadId, leadIds)).returning({ id: leadNotes.id })
      : [];
    const photos = has
      ? await tx
          .delete(leadPhotos)
          .where(inArray(leadPhotos.leadId, leadIds))
          .returning({ id: leadPhotos.imageId })
      : [];
    if (has) await tx.delete(leads).where(inArray(leads.id, leadIds));

    const orphans = photoImages.length
      ? await tx
          .delete(images)
          .where(
            and(
              inArray(
                images.id,
                photoImages.map((row) => row.id),
              ),
              sql`not exists (select 1 from ${leadPhotos} where ${leadPhotos.imageId} = ${images.id})`,
              sql`not exists (select 1 from ${vehicleImages} where ${vehicleImages.imageId} = ${images.id})`,
              sql`not exists (select 1 from ${emailOutbox} where ${emailOutbox.attachments} @> jsonb_build_array(${images.id}))`,
            ),
          )
          .returning({ id: images.id })
      : [];

    const proof = emailProof(email);
    const scrubbed = has
      ? await tx
          .update(auditLog)
          .set({
            details: sql`jsonb_strip_nulls(jsonb_build_object('actorEmail', ${auditLog.details}->'actorEmail', 'datosDepurados', true))`,
          })
          .where(auditAbout(leadIds))
          .returning({ id: auditLog.id })
      : [];
    // Earlier exports named the address in clear: from now on they name it like the erasure does.
    await tx
      .update(auditLog)
      .set({
        details: sql`(${auditLog.details} - 'correo') || jsonb_build_object('correoHash', ${proof}::text)`,
      })
      .where(and(eq(auditLog.action, 'datos_exportados'), sql`${auditLog.details}->>'correo' = ${email}`));

    const erased = {
      solicitudes: leadIds.length,
      fotos: photos.length,
      imagenes: orphans.length,
      notas: notes.length,
      correos: mails.length,
      registrosIdempotencia: replays.length,
      registrosAuditoriaDepurados: scrubbed.length,
    };
    await recordAudit(tx, {
      actor,
      action: 'datos_eliminados',
      entity: 'datos_personales',
      details: { correoHash: proof, ...erased },
    });
    return { erased, mailIds: mails.map((mail) => mail.id) };
  });
}
