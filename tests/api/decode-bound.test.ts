import { randomBytes } from 'node:crypto';
import { ApiErrorSchema } from '@contracts/vehicle.ts';
import { decodeGate } from '@server/services/images/decode-gate.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrfHeaders, csrfHeaders, multipartBody } from '../support/csrf-client.ts';
import { createLookups, createVehicle, makeJpeg } from '../support/factories.ts';
import { expectSpanishSentence, storedCounts } from '../support/hostile-checks.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Nothing expensive before the cheap refusals (ADR 0026): photos are decoded only for a request that may be kept,
// and no more than the process's decode slots at once, whoever sends them.

const token = randomBytes(24).toString('hex');
const PATH = '/api/vendeauto/';
const fields = VALID_PAYLOADS[PATH] as Record<string, string>;
let t: TestApp;
let headers: CsrfHeaders;
/** A zero-filled PNG just under 40 megapixels: about 116 kB that take a second of CPU and 100 MB to decode. */
let bomb: Buffer;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '1', TRUST_PROXY: '1', METRICS_TOKEN: token });
  headers = await csrfHeaders(t.app);
  bomb = await sharp({ create: { width: 6324, height: 6324, channels: 3, background: '#000' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  photo = await makeJpeg(640, 480);
}, 60_000);
afterAll(() => t.close());

function sell(ip: string, files: Buffer[], extra: Record<string, string> = {}) {
  const { payload, contentType } = multipartBody(
    fields,
    files.map((data, i) => ({ filename: `foto${i}.png`, contentType: 'image/png', data })),
  );
  return t.app.inject({
    method: 'POST',
    url: PATH,
    payload,
    headers: { ...headers, ...extra, 'content-type': contentType, 'x-forwarded-for': ip },
  });
}

/** The decodes this process has started, as /metrics tells them. */
async function decodesStarted(): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${token}` },
  });
  const match = /^image_decodes_total (\d+)$/m.exec(response.body);
  expect(match, 'image_decodes_total is in /metrics').not.toBeNull();
  return Number(match?.[1]);
}

/** Holds every decode slot and fills the queue until `release` is called. */
function fillDecodeSlots() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const running = Array.from({ length: decodeGate.slots + decodeGate.queueLength }, () =>
    decodeGate.run(() => held, { patient: true }),
  );
  return async () => {
    release();
    await Promise.all(running);
  };
}

describe('a client over the lead rate limit', () => {
  it('gets 429 for four 40-megapixel PNGs without one decode, and is counted as before', async () => {
    const ip = '203.0.113.10';
    // A photo that is not a picture is refused and not counted: the client still has its one lead.
    expect((await sell(ip, [Buffer.from('no soy una foto')])).statusCode).toBe(400);
    expect((await sell(ip, [])).statusCode).toBe(201);

    const before = await decodesStarted();
    const stored = await storedCounts(t.database.db);
    const started = performance.now();
    const response = await sell(ip, [bomb, bomb, bomb, bomb]);
    const ms = performance.now() - started;
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expectSpanishSentence(ApiErrorSchema.parse(response.json()).error);
    expect(await decodesStarted()).toBe(before);
    expect(await storedCounts(t.database.db)).toEqual(stored);
    // Reading four headers and one row, not decoding 160 megapixels.
    expect(ms).toBeLessThan(500);
  });

  it('gets 429, not a photo error, for a picture whose pixels are broken: they are never read', async () => {
    const ip = '203.0.113.11';
    expect((await sell(ip, [])).statusCode).toBe(201);
    // A valid header (640×480 JPEG) followed by pixels cut short.
    const broken = photo.subarray(0, Math.floor(photo.length / 2));
    const before = await decodesStarted();
    const response = await sell(ip, [broken]);
    expect(response.statusCode).toBe(429);
    expect(await decodesStarted()).toBe(before);
  });
});

describe('the process-wide bound on decodes', () => {
  it('refuses an appraisal with a Spanish 503 and Retry-After while every slot stays busy, and stores nothing', async () => {
    const free = fillDecodeSlots();
    const stored = await storedCounts(t.database.db);
    let response: Awaited<ReturnType<typeof sell>>;
    try {
      response = await sell('203.0.113.20', [photo]);
    } finally {
      await free();
    }
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expectSpanishSentence(ApiErrorSchema.parse(response.json()).error);
    expect(await storedCounts(t.database.db)).toEqual(stored);
    // Refused, not counted: the same client's appraisal goes through once the slots are free.
    expect((await sell('203.0.113.20', [photo])).statusCode).toBe(201);
  });

  it('holds staff photo uploads to the same bound', async () => {
    const staff = await signedInStaff(t.app, 'ventas');
    const vehicle = await createVehicle(t.database.db, { lookups: await createLookups(t.database.db) });
    const upload = () => {
      const { payload, contentType } = multipartBody({}, [
        { field: 'fotos', filename: 'auto.jpg', contentType: 'image/jpeg', data: photo },
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/admin/api/vehiculos/${vehicle.id}/fotos`,
        payload,
        headers: { ...staff.headers, 'content-type': contentType },
      });
    };
    const free = fillDecodeSlots();
    let busy: Awaited<ReturnType<typeof upload>>;
    try {
      busy = await upload();
    } finally {
      await free();
    }
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBeDefined();
    expectSpanishSentence(ApiErrorSchema.parse(busy.json()).error);
    expect((await upload()).statusCode).toBe(201);
  });
});
