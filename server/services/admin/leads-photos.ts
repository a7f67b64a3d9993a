import type { Db } from '@db/client.ts';
import { images, leadPhotos } from '@db/schema.ts';
import { variantWidths } from '@domain/media.ts';
import { and, eq } from 'drizzle-orm';
import type { VariantStore } from '../images/get-variant.ts';

export interface LeadPhotoFile {
  data: Buffer;
  mime: string;
}

/**
 * A photo attached to a lead (appraisals): the master, or a JPEG variant of one of its standard widths. Only a photo
 * of that very lead is served, so an id cannot be used to read another lead's pictures.
 */
export async function loadLeadPhoto(
  db: Db,
  variants: VariantStore,
  input: { leadId: number; imageId: number; width?: number },
): Promise<LeadPhotoFile | 'bad-width' | null> {
  const [photo] = await db
    .select({ hash: images.hash, width: images.width, format: images.format })
    .from(leadPhotos)
    .innerJoin(images, eq(images.id, leadPhotos.imageId))
    .where(and(eq(leadPhotos.leadId, input.leadId), eq(leadPhotos.imageId, input.imageId)));
  if (!photo) return null;
  if (input.width === undefined) {
    const [master] = await db.select({ data: images.data }).from(images).where(eq(images.id, input.imageId));
    return master ? { data: master.data, mime: photo.format === 'png' ? 'image/png' : 'image/jpeg' } : null;
  }
  if (!variantWidths(photo.width).includes(input.width)) return 'bad-width';
  return variants.get(photo.hash, input.width, 'jpeg');
}
