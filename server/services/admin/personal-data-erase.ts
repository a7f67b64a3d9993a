// Erasure of everything stored about one address, with proof of it (see personal-data.ts).

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
  vehicleImages,
} from '@db/schema.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import type { Actor } from '../auth/sessions.ts';
import { auditAbout, emailProof, idempotencyOf, leadIdsOf, outboxOf } from './personal-data.ts';

/**
 * Erases everything stored about the address in ONE transaction (all of it or nothing) and records the erasure.
 * Images are deleted only when nothing else uses them (another lead, a vehicle, a pending e-mail's attachments):
 * images are stored once per content hash and may be shared.
 */
export async function erasePersonalData(
  db: Db,
  actor: Actor,
  email: string,
): Promise<PersonalDataErasure['eliminados']> {
  return db.transaction(async (tx) => {
    const leadIds = await leadIdsOf(tx, email);
    const has = leadIds.length > 0;
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
    return erased;
  });
}
