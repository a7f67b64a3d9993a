import { ApiErrorSchema } from '@contracts/vehicle.ts';
import { emailOutbox, images, leadPhotos, leads } from '@db/schema.ts';
import { promiseDueAt } from '@domain/opening-hours.ts';
import { chileHolidays } from '@server/services/rights/chile-holidays.ts';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrfHeaders, csrfHeaders, multipartBody } from '../support/csrf-client.ts';
import { makeJpeg } from '../support/factories.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let headers: CsrfHeaders;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000' });
  headers = await csrfHeaders(t.app);
  photo = await sharp(await makeJpeg(1600, 1200))
    .withExif({ IFD0: { Make: 'Telefono' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 26/1 0/1' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

const fields = VALID_PAYLOADS['/api/vendeauto/'] as Record<string, string>;
type File = Parameters<typeof multipartBody>[1][number];

function send(files: File[], extraFields: Record<string, string> = {}) {
  const { payload, contentType } = multipartBody({ ...fields, ...extraFields }, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/vendeauto/',
    payload,
    headers: { ...headers, 'content-type': contentType },
  });
}

async function counts() {
  const db = t.database.db;
  const n = async (table: typeof leads | typeof images | typeof emailOutbox) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return { leads: await n(leads), images: await n(images), outbox: await n(emailOutbox) };
}

describe('POST /api/vendeauto/', () => {
  it('stores the appraisal with its photos re-encoded without metadata, promising 48 hours', async () => {
    const second = await makeJpeg(800, 600, '#aa2222');
    const response = await send([
      { filename: 'frente.jpg', contentType: 'image/jpeg', data: photo },
      { filename: '../../../etc/passwd', contentType: 'image/jpeg', data: second },
    ]);
    expect(response.statusCode).toBe(201);
    const { id, mensaje } = response.json() as { id: number; mensaje: string };
    expect(mensaje).toMatch(/48 horas/);
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.id, id));
    expect(lead?.kind).toBe('vendeauto');
    expect(lead?.details).toMatchObject({
      vehicle_km: 87_000,
      vehicle_condition: 'bueno',
      vehicle_brand: 'toyota',
    });
    // 48 hours counted on the days the dealership opens (ADR 0036).
    const due = promiseDueAt(
      lead?.createdAt as Date,
      48,
      t.config.dealership.schedule,
      await chileHolidays(),
    );
    expect(lead?.dueAt.getTime()).toBe(due.getTime());
    const stored = await t.database.db
      .select({ data: images.data, position: leadPhotos.position })
      .from(leadPhotos)
      .innerJoin(images, eq(images.id, leadPhotos.imageId))
      .where(eq(leadPhotos.leadId, id))
      .orderBy(leadPhotos.position);
    expect(stored).toHaveLength(2);
    const meta = await sharp(stored[0]?.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(1600);
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, id));
    expect(mail?.attachments).toHaveLength(2);
    expect(mail?.textBody).toContain('48 horas');
  });

  it('accepts an appraisal without photos', async () => {
    expect((await send([])).statusCode).toBe(201);
  });

  it.each([
    [
      'a PDF named .jpg',
      { filename: 'auto.jpg', contentType: 'image/jpeg', data: Buffer.from('%PDF-1.7\n%%EOF') },
    ],
    [
      'an SVG',
      {
        filename: 'auto.svg',
        contentType: 'image/svg+xml',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
    ],
    ['a text file', { filename: 'notas.png', contentType: 'image/png', data: Buffer.from('hola') }],
  ])('refuses %s with a Spanish field error and stores nothing', async (_case, bad) => {
    const before = await counts();
    const response = await send([{ filename: 'ok.jpg', contentType: 'image/jpeg', data: photo }, bad]);
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).campos?.images).toMatch(/^Foto 2: /);
    expect(await counts()).toEqual(before);
  });

  it('refuses six photos and stores nothing', async () => {
    const before = await counts();
    const six = Array.from({ length: 6 }, (_, i) => ({
      filename: `f${i}.jpg`,
      contentType: 'image/jpeg',
      data: photo,
    }));
    const response = await send(six);
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).campos?.images).toBe('Puedes adjuntar hasta 5 fotos.');
    expect(await counts()).toEqual(before);
  });

  it('refuses a photo of 5 MB + 1 byte with 413 and stores nothing', async () => {
    const before = await counts();
    const big = Buffer.concat([photo, Buffer.alloc(5 * 1024 * 1024 + 1 - photo.length)]);
    const response = await send([{ filename: 'grande.jpg', contentType: 'image/jpeg', data: big }]);
    expect(response.statusCode).toBe(413);
    expect(ApiErrorSchema.parse(response.json()).error).toBe('Cada foto puede pesar hasta 5 MB.');
    expect(await counts()).toEqual(before);
  });

  it('refuses a picture of more than 40 megapixels and stores nothing', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#777' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const before = await counts();
    const response = await send([{ filename: 'enorme.png', contentType: 'image/png', data: huge }]);
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).campos?.images).toMatch(/40 megapíxeles/);
    expect(await counts()).toEqual(before);
  });

  it('refuses invalid fields with field errors even when the photos are fine', async () => {
    const before = await counts();
    const response = await send([{ filename: 'ok.jpg', contentType: 'image/jpeg', data: photo }], {
      vehicle_km: 'muchos',
      vehicle_condition: 'impecable',
    });
    expect(response.statusCode).toBe(400);
    const { campos } = ApiErrorSchema.parse(response.json());
    expect(Object.keys(campos ?? {}).sort()).toEqual(['vehicle_condition', 'vehicle_km']);
    expect(await counts()).toEqual(before);
  });

  it('refuses JSON with 415', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/vendeauto/', payload: fields, headers });
    expect(response.statusCode).toBe(415);
  });
});
