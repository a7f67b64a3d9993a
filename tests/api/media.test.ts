import { ApiErrorSchema } from '@contracts/vehicle.ts';
import { vehicleImages } from '@db/schema.ts';
import { ingestImage } from '@server/services/images/ingest-image.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookups, createVehicle, makeJpeg } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let hash: string;

beforeAll(async () => {
  t = await createTestApp();
  const vehicle = await createVehicle(t.database.db, {
    lookups: await createLookups(t.database.db),
    photos: 1,
  });
  hash = vehicle.images[0]?.hash ?? '';
});
afterAll(() => t.close());

describe('GET /media/{hash}/{width}.{ext}', () => {
  it.each([
    ['avif', 'image/avif', 'heif'],
    ['webp', 'image/webp', 'webp'],
    ['jpg', 'image/jpeg', 'jpeg'],
  ])('encodes the %s variant at the asked width and caches it forever', async (ext, mime, format) => {
    const response = await t.app.inject({ method: 'GET', url: `/media/${hash}/640.${ext}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(mime);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta.format).toBe(format);
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(427);
  });

  it('keeps an encoded variant, so the second answer is the same bytes', async () => {
    const first = await t.app.inject({ method: 'GET', url: `/media/${hash}/480.webp` });
    const second = await t.app.inject({ method: 'GET', url: `/media/${hash}/480.webp` });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it.each([
    `/media/${'0'.repeat(32)}/640.jpg`,
    '/media/not-a-hash/640.jpg',
    'HASH/641.jpg',
    'HASH/1600.jpg',
    'HASH/640.gif',
    'HASH/..%2F..%2Fetc%2Fpasswd',
  ])('answers 404 JSON for %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url: url.replace('HASH', `/media/${hash}`) });
    expect(response.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(response.json()).error).toBe('Imagen no encontrada.');
  });

  it('never serves a photo that belongs to no vehicle (appraisal photos are for staff only)', async () => {
    const loose = await ingestImage(t.database.db, await makeJpeg(800, 600, '#7a3b1f'));
    const response = await t.app.inject({ method: 'GET', url: `/media/${loose.hash}/640.jpg` });
    expect(response.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(response.json()).error).toBe('Imagen no encontrada.');
    // The same image becomes public once it is a vehicle's photo.
    const vehicle = await createVehicle(t.database.db, { lookups: await createLookups(t.database.db) });
    await t.database.db
      .insert(vehicleImages)
      .values({ vehicleId: vehicle.id, imageId: loose.id, position: 0 });
    expect((await t.app.inject({ method: 'GET', url: `/media/${loose.hash}/640.jpg` })).statusCode).toBe(200);
  });
});
