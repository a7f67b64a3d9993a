// What erasing a person (admin/personal-data-erase.ts) and anonymising an expired request (anonymise-expired-leads.ts)
// both remove besides the request's own row: its photos, the e-mails about it and the audit details that may quote
// the person. Each call belongs in the caller's transaction.
//
// An e-mail has one more copy outside the database: its .eml file in DATA_DIR/outbox when there is no SMTP_URL
// (mail-transport.ts), named after the outbox row. Deleting rows here announces it (announceErasedMail), so every
// instance's outbox relay deletes its files whose row is gone at its next pass; the caller deletes this instance's
// files at once, after its commit, with the relay's discardCopies.
import type { Db } from '@db/client.ts';
import { auditLog, emailOutbox, leadPhotos } from '@db/schema.ts';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { auditAbout } from '../admin/personal-data.ts';
import { announceErasedMail } from '../email/outbox-relay.ts';
import { deleteUnusedImages } from '../images/delete-unused-images.ts';

/** Deletes the outbox rows `where` selects and announces it; returns their ids, for their .eml files. */
export async function deleteMail(tx: Db, where: SQL): Promise<number[]> {
  const rows = await tx.delete(emailOutbox).where(where).returning({ id: emailOutbox.id });
  if (rows.length > 0) await announceErasedMail(tx);
  return rows.map((row) => row.id);
}

/**
 * Deletes the leads' photos, and the images no one else uses; returns how many of each. An e-mail still holding
 * one as an attachment keeps the image: the caller deletes such e-mails first.
 */
export async function deleteLeadPhotos(
  tx: Db,
  leadIds: number[],
): Promise<{ photos: number; images: number }> {
  if (leadIds.length === 0) return { photos: 0, images: 0 };
  const photos = await tx
    .delete(leadPhotos)
    .where(inArray(leadPhotos.leadId, leadIds))
    .returning({ imageId: leadPhotos.imageId });
  const imageIds = [...new Set(photos.map((photo) => photo.imageId))];
  return { photos: photos.length, images: await deleteUnusedImages(tx, imageIds) };
}

/**
 * The audit rows about the leads keep who did what and when; their details, which may quote the person (a name, a
 * changed field), are cleared. Returns how many rows.
 */
export async function scrubLeadAudit(tx: Db, leadIds: number[]): Promise<number> {
  if (leadIds.length === 0) return 0;
  const rows = await tx
    .update(auditLog)
    .set({
      details: sql`jsonb_strip_nulls(jsonb_build_object('actorEmail', ${auditLog.details}->'actorEmail', 'datosDepurados', true))`,
    })
    .where(auditAbout(leadIds))
    .returning({ id: auditLog.id });
  return rows.length;
}
