import { createHash } from 'node:crypto';
import type { Db } from '@db/client.ts';
import { images } from '@db/schema.ts';
import { eq } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';

/** About 40 megapixels: a large phone photo passes, a decompression bomb does not. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Masters are kept at most this wide or tall: more than any variant needs. */
const MASTER_MAX_SIDE = 2560;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError';
}

export interface StoredImage {
  id: number;
  hash: string;
  width: number;
  height: number;
}

export interface PreparedImage {
  hash: string;
  format: 'jpeg' | 'png';
  width: number;
  height: number;
  data: Buffer;
}

/**
 * The one entry point for every image (demo, staff upload, visitor upload): judged by its content,
 * decoded with a pixel limit, auto-oriented, stripped of metadata (EXIF, GPS) and re-encoded.
 * Throws ImageRejectedError (Spanish message) for anything that is not an acceptable picture.
 */
export async function prepareImage(input: Buffer): Promise<PreparedImage> {
  const master = await normalize(input);
  const hash = createHash('sha256').update(master.data).digest('hex').slice(0, 32);
  return { hash, ...master };
}

/** Stores a prepared master (once per content hash) and returns its row id. */
export async function storeImage(db: Db, image: PreparedImage): Promise<StoredImage> {
  const { hash, format, width, height, data } = image;
  const inserted = await db
    .insert(images)
    .values({ hash, format, width, height, byteSize: data.length, data })
    .onConflictDoNothing({ target: images.hash })
    .returning({ id: images.id });
  const id =
    inserted[0]?.id ?? (await db.select({ id: images.id }).from(images).where(eq(images.hash, hash)))[0]?.id;
  if (id === undefined) throw new Error('image row vanished after insert');
  return { id, hash, width, height };
}

export async function ingestImage(db: Db, input: Buffer): Promise<StoredImage> {
  return storeImage(db, await prepareImage(input));
}

async function normalize(
  input: Buffer,
): Promise<{ data: Buffer; format: 'jpeg' | 'png'; width: number; height: number }> {
  let metadata: Metadata;
  try {
    // Reading the header only: the pixel limit is checked below, before anything is decoded.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError('El archivo no es una imagen válida.');
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new ImageRejectedError('Formato de imagen no admitido. Usa JPG, PNG, WebP o AVIF.');
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new ImageRejectedError('La imagen es demasiado grande: máximo 40 megapíxeles.');
  }
  const format = metadata.hasAlpha ? 'png' : 'jpeg';
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MASTER_MAX_SIDE, height: MASTER_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      format === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : // Visitors get the variants (encoded with mozjpeg); masters go only to staff and e-mail attachments.
          // mozjpeg here took 6× the time (317 vs 50 ms for a 1600 px photo) for 10% fewer bytes.
          pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, format, width: info.width, height: info.height };
  } catch {
    throw new ImageRejectedError('El archivo no es una imagen válida.');
  }
}
