import type { Database } from '@db/client.ts';
import { images } from '@db/schema.ts';
import { ImageRejectedError, ingestImage } from '@server/services/images/ingest-image.ts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../support/factories.ts';
import { openTestDatabase } from '../support/test-database.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function imageCount(): Promise<number> {
  return (await database.db.select({ id: images.id }).from(images)).length;
}

describe('ingestImage', () => {
  it('strips EXIF and GPS metadata and applies the orientation', async () => {
    const withGps = await sharp(await makeJpeg(600, 400))
      .withExif({ IFD0: { Make: 'Telefono' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 26/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const stored = await ingestImage(database.db, withGps);
    // Orientation 6 means "rotate 90°": the stored master is upright, 400 wide and 600 tall.
    expect([stored.width, stored.height]).toEqual([400, 600]);
    const [row] = await database.db.select().from(images).where(eq(images.id, stored.id));
    const meta = await sharp(row?.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('stores identical pictures once', async () => {
    const jpeg = await makeJpeg(300, 200, '#112233');
    const a = await ingestImage(database.db, jpeg);
    const b = await ingestImage(database.db, jpeg);
    expect(b.id).toBe(a.id);
  });

  it.each([
    ['a PDF named like a photo', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')],
    [
      'an SVG',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
    ],
    ['random bytes', Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256))],
    ['an empty file', Buffer.alloc(0)],
  ])('rejects %s in Spanish and stores nothing', async (_name, bytes) => {
    const before = await imageCount();
    await expect(ingestImage(database.db, bytes)).rejects.toThrow(ImageRejectedError);
    expect(await imageCount()).toBe(before);
  });

  it('rejects a picture of more than 40 megapixels without decoding it', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#888' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const before = await imageCount();
    await expect(ingestImage(database.db, huge)).rejects.toThrow(/40 megapíxeles/);
    expect(await imageCount()).toBe(before);
  });
});
