import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrfHeaders, csrfHeaders, multipartBody } from '../support/csrf-client.ts';
import { makeJpeg } from '../support/factories.ts';
import { expectSpanishRefusal, runs, storedCounts, wellFormed } from '../support/hostile-checks.ts';
import { LEAD_FIELDS, LeadProbe } from '../support/hostile-leads.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { hostileString, NAUGHTY_STRINGS } from '../support/naughty-strings.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// POST /api/vendeauto/ (multipart): hostile text in every field, with and without photos, hostile files and file
// names, and multipart bodies broken on purpose.

const PATH = '/api/vendeauto/';
const VALID = VALID_PAYLOADS[PATH] as Record<string, string>;
const FIELDS = Object.keys(LEAD_FIELDS[PATH]);
type Upload = Parameters<typeof multipartBody>[1][number];

let t: TestApp;
let headers: CsrfHeaders;
let probe: LeadProbe;
let photos: [Buffer, Buffer];
const metricsToken = randomBytes(24).toString('hex');

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '10000', METRICS_TOKEN: metricsToken });
  headers = await csrfHeaders(t.app);
  // Small pictures keep the image pipeline fast; two different ones so each run knows how many rows to expect.
  photos = [await makeJpeg(160, 120), await makeJpeg(120, 160, '#118844')];
  probe = new LeadProbe(t);
  await probe.start();
}, 180_000);
afterAll(async () => {
  console.info(`sell form: ${probe.accepted} accepted, ${probe.refused} refused`);
  await t.close();
});

function send(fields: Record<string, string>, files: Upload[] = []) {
  const { payload, contentType } = multipartBody(fields, files);
  return t.app.inject({
    method: 'POST',
    url: PATH,
    payload,
    headers: { ...headers, 'content-type': contentType },
  });
}

/** Files that are not acceptable pictures, each with a plausible name and type. */
const BAD_FILES: Upload[] = [
  { filename: 'foto.jpg', contentType: 'image/jpeg', data: Buffer.from('no soy una imagen') },
  { filename: 'vacia.jpg', contentType: 'image/jpeg', data: Buffer.alloc(0) },
  {
    filename: 'dibujo.svg',
    contentType: 'image/svg+xml',
    data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  },
  {
    filename: 'animada.gif',
    contentType: 'image/gif',
    data: Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;'),
  },
  {
    filename: 'script.php.jpg',
    contentType: 'image/jpeg',
    data: Buffer.from('<?php system($_GET["c"]); ?>'),
  },
];

const FILE_NAMES = [
  '../../etc/passwd',
  'foto"; name="otro.jpg',
  '<img src=x onerror=alert(1)>.jpg',
  '😀.jpg',
  'a'.repeat(300),
  '',
  '.jpg',
  'C:\\fotos\\auto.jpg',
  '\u202Egpj.exe',
];

describe('POST /api/vendeauto/ with hostile field values', () => {
  it('judges hostile text in every field, with zero to two photos', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FIELDS),
        hostileString(),
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom(...FILE_NAMES, 'auto.jpg'),
        async (field, value, photoCount, filename) => {
          const files = photos
            .slice(0, photoCount)
            .map((data) => ({ filename, contentType: 'image/jpeg', data }));
          const response = await send({ ...VALID, [field]: value }, files);
          // multipart carries UTF-8 bytes: what the server can receive is the well-formed string.
          await probe.check(PATH, field, wellFormed(value), response, { photos: photoCount });
        },
      ),
      { numRuns: runs(45) },
    );
  });

  it('tries every known-bad string once, round robin over the fields, without photos', async () => {
    for (const [index, value] of NAUGHTY_STRINGS.entries()) {
      const field = FIELDS[index % FIELDS.length] ?? 'name';
      const response = await send({ ...VALID, [field]: value });
      await probe.check(PATH, field, wellFormed(value), response);
    }
  });
});

describe('hostile files', () => {
  it.each(BAD_FILES.map((file) => [file.filename, file] as const))(
    'refuses %s beside a good photo with a Spanish 400 and stores nothing',
    async (_name, bad) => {
      const response = await send(VALID, [
        { filename: 'buena.jpg', contentType: 'image/jpeg', data: photos[0] },
        bad,
      ]);
      await probe.check(PATH, 'images', null, response);
      expect(response.statusCode).toBe(400);
      expect(expectSpanishRefusal(response).campos?.images).toMatch(/^Foto 2: /);
    },
  );

  it('refuses a file sent under another field name', async () => {
    const response = await send(VALID, [
      { field: 'name', filename: 'x.jpg', contentType: 'image/jpeg', data: photos[0] },
    ]);
    await probe.check(PATH, 'images', null, response);
    expect(response.statusCode).toBe(400);
  });
});

/** A real PNG whose header then declares `width`×`height`: a few hundred bytes that claim a huge picture. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp(photos[0]).png().toBuffer());
  // The IHDR chunk: length (4), type (4) at byte 8, then width and height, its CRC after its 13 bytes of data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A JPEG whose frame header (SOF0) declares `width`×`height`. */
function jpegDeclaring(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  const sof = copy.indexOf(Buffer.from([0xff, 0xc0]));
  copy.writeUInt16BE(height, sof + 5);
  copy.writeUInt16BE(width, sof + 7);
  return copy;
}

async function decodesStarted(): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  return Number(/^image_decodes_total (\d+)$/m.exec(response.body)?.[1] ?? Number.NaN);
}

describe('photos judged by their headers before any is decoded', () => {
  it.each([
    ['a PNG declaring 20,000 × 20,000', () => pngDeclaring(20_000, 20_000)],
    ['a PNG declaring 2³¹ − 1 × 1', () => pngDeclaring(2 ** 31 - 1, 1)],
    ['a JPEG declaring 65,535 × 65,535', async () => jpegDeclaring(photos[1], 65_535, 65_535)],
    ['a JPEG declaring 0 × 0', async () => jpegDeclaring(photos[1], 0, 0)],
  ])('refuses %s in third place without decoding the two good photos before it', async (_case, make) => {
    const before = await decodesStarted();
    expect(before).not.toBeNaN();
    const response = await send(VALID, [
      { filename: 'uno.jpg', contentType: 'image/jpeg', data: photos[0] },
      { filename: 'dos.jpg', contentType: 'image/jpeg', data: photos[1] },
      { filename: 'tres.png', contentType: 'image/png', data: await make() },
    ]);
    await probe.check(PATH, 'images', null, response);
    expect(response.statusCode).toBe(400);
    expect(expectSpanishRefusal(response).campos?.images).toMatch(/^Foto 3: /);
    expect(await decodesStarted()).toBe(before);
  });
});

describe('broken multipart bodies', () => {
  const boundary = '----roto';
  const cases: Array<[string, string | Buffer]> = [
    ['no closing boundary', `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna`],
    ['no parts at all', `--${boundary}--\r\n`],
    ['garbage', 'esto no es multipart'],
    [
      'a part without a name',
      `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nAna\r\n--${boundary}--\r\n`,
    ],
    [
      'a header split by a bare line feed',
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\nBcc: x@y.cl\r\n\r\nAna\r\n--${boundary}--\r\n`,
    ],
    [
      'a field over the 16 KB limit',
      `--${boundary}\r\nContent-Disposition: form-data; name="comments"\r\n\r\n${'a'.repeat(20_000)}\r\n--${boundary}--\r\n`,
    ],
    [
      'forty-one fields',
      `${Array.from({ length: 41 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join('')}--${boundary}--\r\n`,
    ],
    [
      'six photos',
      Buffer.concat([
        ...Array.from({ length: 6 }, () =>
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nxx\r\n`,
          ),
        ),
        Buffer.from(`--${boundary}--\r\n`),
      ]),
    ],
  ];

  it.each(cases)('answers %s with a Spanish 4xx and stores nothing', async (_case, body) => {
    const before = await storedCounts(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: PATH,
      payload: body,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expectSpanishRefusal(response);
    expect(await storedCounts(t.database.db)).toEqual(before);
  });

  it.each([
    ['no boundary', 'multipart/form-data'],
    ['an empty boundary', 'multipart/form-data; boundary='],
    ['a hostile boundary', 'multipart/form-data; boundary="\r\nBcc: x@y.cl"'],
  ])('answers a content type with %s with a Spanish 4xx', async (_case, contentType) => {
    const before = await storedCounts(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: PATH,
      payload: `--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna\r\n--x--\r\n`,
      headers: { ...headers, 'content-type': contentType },
    });
    expectSpanishRefusal(response);
    expect(await storedCounts(t.database.db)).toEqual(before);
  });

  it('keeps the last value of a repeated field, or refuses it; never a 5xx', async () => {
    const { payload, contentType } = multipartBody(VALID, []);
    const repeated = Buffer.concat([
      Buffer.from(
        `--${contentType.split('boundary=')[1]}\r\nContent-Disposition: form-data; name="name"\r\n\r\n<b>Otro</b>\r\n`,
      ),
      payload,
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: PATH,
      payload: repeated,
      headers: { ...headers, 'content-type': contentType },
    });
    await probe.check(PATH, 'name', VALID.name, response);
  });
});
