import type { Db } from '@db/client.ts';
import { emailOutbox, images, leadPhotos, siteImages, vehicleImages } from '@db/schema.ts';
import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';

/**
 * Deletes the images among `ids` that nothing uses any more (their variants go with them, by cascade); returns how
 * many. Images are stored once per content hash, so a photo may be a vehicle's, a lead's, a home slide's and an
 * e-mail's attachment at once, and stays while any of them does.
 *
 * The rows are locked first, in id order: two transactions that each drop one of two uses of a shared image then
 * decide one after the other, and the second sees the first's use gone (checking without the lock, each would see
 * the other's use and keep an image nobody uses). A transaction adding a use waits for the deletion, or is waited for.
 */
export async function deleteUnusedImages(tx: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  await tx
    .select({ id: images.id })
    .from(images)
    .where(inArray(images.id, ids))
    .orderBy(asc(images.id))
    .for('update');
  const deleted = await tx
    .delete(images)
    .where(
      and(
        inArray(images.id, ids),
        notExists(tx.select({ one: sql`1` }).from(vehicleImages).where(eq(vehicleImages.imageId, images.id))),
        notExists(tx.select({ one: sql`1` }).from(leadPhotos).where(eq(leadPhotos.imageId, images.id))),
        notExists(tx.select({ one: sql`1` }).from(siteImages).where(eq(siteImages.imageId, images.id))),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(emailOutbox)
            .where(sql`${emailOutbox.attachments} @> jsonb_build_array(${images.id})`),
        ),
      ),
    )
    .returning({ id: images.id });
  return deleted.length;
}
