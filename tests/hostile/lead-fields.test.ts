import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrfHeaders, csrfHeaders } from '../support/csrf-client.ts';
import { createLookups, createVehicle } from '../support/factories.ts';
import { expectSpanishRefusal, runs, storedCounts } from '../support/hostile-checks.ts';
import { LEAD_FIELDS, LeadProbe } from '../support/hostile-leads.ts';
import { JSON_LEAD_PATHS, type LeadPath, VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { hostileString, hostileValue, NAUGHTY_STRINGS, WRONG_TYPES } from '../support/naughty-strings.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Every field of the five JSON lead endpoints gets generated and known-bad values; each answer is judged by the
// oracle in tests/support/hostile-leads.ts (no 5xx, Spanish refusals that store nothing, exact storage, escaped
// e-mail). The appraisal form (multipart) has its own file.

let t: TestApp;
let headers: CsrfHeaders;
let probe: LeadProbe;

beforeAll(async () => {
  // The lead limit counts accepted submissions; this file sends a few thousand from one address.
  t = await createTestApp({ LEAD_RATE_LIMIT: '10000' });
  headers = await csrfHeaders(t.app);
  // A published vehicle, so a hostile vehicle reference can hit a real one (id 1).
  await createVehicle(t.database.db, { lookups: await createLookups(t.database.db) });
  probe = new LeadProbe(t);
  await probe.start();
}, 180_000);
afterAll(async () => {
  console.info(`lead fields: ${probe.accepted} accepted, ${probe.refused} refused`);
  await t.close();
});

const post = (path: LeadPath, payload: unknown, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...headers, 'content-type': 'application/json', ...extra },
    payload: JSON.stringify(payload),
  });

const FIELDS = JSON_LEAD_PATHS.flatMap((path) =>
  Object.keys(LEAD_FIELDS[path]).map((field) => [path, field] as [LeadPath, string]),
);

describe.each(JSON_LEAD_PATHS)('POST %s with hostile field values', (path) => {
  it.each(Object.keys(LEAD_FIELDS[path]))('%s: generated values never break the rules', async (field) => {
    await fc.assert(
      fc.asyncProperty(hostileValue(), async (value) => {
        const response = await post(path, { ...VALID_PAYLOADS[path], [field]: value });
        await probe.check(path, field, value, response);
      }),
      { numRuns: runs(22) },
    );
  });
});

describe('consents and socio-economic values (ADR 0031)', () => {
  it.each([
    ['/api/contact-form/', 'ingresos'],
    ['/api/asesoria/', 'situacion_financiera'],
  ] as const)(
    '%s %s: with the express consent ticked, hostile values are kept as sent or refused',
    async (path, field) => {
      const base = { ...VALID_PAYLOADS[path], consentimiento_datos_socioeconomicos: true };
      await fc.assert(
        fc.asyncProperty(hostileValue(), async (value) => {
          const response = await post(path, { ...base, [field]: value });
          await probe.check(path, field, value, response, { base });
        }),
        { numRuns: runs(22) },
      );
    },
  );

  it('records exactly the boxes ticked, whatever the mix of boxes, values and version', async () => {
    const box = fc.option(fc.oneof(fc.boolean(), fc.constantFrom('true', 'on', 1, 0, 'sí', [], {})), {
      nil: undefined,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...JSON_LEAD_PATHS),
        box,
        box,
        box,
        fc.option(fc.oneof(fc.integer({ min: -2, max: 5 }), fc.constantFrom(2 ** 31, 1.5, '1')), {
          nil: undefined,
        }),
        async (path, marketing, cession, socioeconomic, version) => {
          const payload: Record<string, unknown> = {
            ...VALID_PAYLOADS[path],
            consentimiento_marketing: marketing,
            consentimiento_cesion: cession,
            consentimiento_datos_socioeconomicos: socioeconomic,
            politica_version: version,
          };
          // A box of the form is a boolean and a version a positive integer: anything else is refused (and the
          // probe expects that field named); a box the form does not have is an extra field, ignored.
          const isWrong = (name: string, value: unknown) =>
            Object.hasOwn(LEAD_FIELDS[path], name) &&
            value !== undefined &&
            (name === 'politica_version'
              ? !(Number.isInteger(value) && Number(value) >= 1 && Number(value) < 2 ** 31)
              : typeof value !== 'boolean');
          const wrong = [
            'consentimiento_marketing',
            'consentimiento_cesion',
            'consentimiento_datos_socioeconomicos',
            'politica_version',
          ].find((name) => isWrong(name, payload[name]));
          const field = wrong ?? 'consentimiento_marketing';
          const { [field]: sent, ...base } = payload;
          const response = await post(path, payload);
          await probe.check(path, field, sent, response, { base });
          expect(response.statusCode).toBe(wrong ? 400 : 201);
        },
      ),
      { numRuns: runs(40) },
    );
  });
});

describe('every known-bad string', () => {
  it('goes into one field after another of the JSON lead endpoints', async () => {
    for (const [index, value] of [...NAUGHTY_STRINGS, ...WRONG_TYPES].entries()) {
      const [path, field] = FIELDS[index % FIELDS.length] as [LeadPath, string];
      const response = await post(path, { ...VALID_PAYLOADS[path], [field]: value });
      await probe.check(path, field, value, response);
    }
  });
});

describe('hostile keys and extra fields', () => {
  it('ignores unknown fields, whatever their name, and stores only the known ones', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...JSON_LEAD_PATHS),
        fc.oneof(
          hostileString({ maxLength: 40 }),
          fc.constantFrom(
            'constructor',
            'prototype',
            'toString',
            'id',
            'status',
            'kind',
            'details',
            'ip_hash',
          ),
        ),
        hostileValue(),
        async (path, key, value) => {
          fc.pre(!Object.hasOwn(LEAD_FIELDS[path], key) && key !== '__proto__');
          const response = await post(path, { ...VALID_PAYLOADS[path], [key]: value });
          await probe.check(path, key, value, response);
          // Only a prototype-poisoning payload nested in the value is refused (by the JSON parser).
          if (!/"(__proto__|prototype)"/.test(JSON.stringify(value))) expect(response.statusCode).toBe(201);
        },
      ),
      { numRuns: runs(40) },
    );
  });

  it.each([
    ['__proto__', '{"__proto__": {"admin": true}}'],
    ['constructor.prototype', '{"constructor": {"prototype": {"admin": true}}}'],
  ])('refuses a body with %s and pollutes no prototype', async (_case, poison) => {
    const before = await storedCounts(t.database.db);
    const valid = JSON.stringify(VALID_PAYLOADS['/api/seguros/']);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/seguros/',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: `${valid.slice(0, -1)}, ${poison.slice(1)}`,
    });
    expect(response.statusCode).toBe(400);
    expectSpanishRefusal(response);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(await storedCounts(t.database.db)).toEqual(before);
  });
});

describe('the Idempotency-Key header', () => {
  it('is either a valid key (stored once) or a Spanish 400 that stores nothing', async () => {
    const used = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'binary-ascii', maxLength: 120 }),
          fc.stringMatching(/^[A-Za-z0-9_-]{8,100}$/),
          fc.constantFrom("' OR 1=1 --", 'a'.repeat(101), 'abc', '../../../../', 'clave\u00e9clave'),
        ),
        async (key) => {
          // A header value cannot carry line breaks or NUL on the wire: Node refuses to send them.
          fc.pre(!/[\r\n\0]/.test(key));
          const payload = { ...VALID_PAYLOADS['/api/asesoria/'], comentarios: `Clave ${used.size}` };
          const response = await post('/api/asesoria/', payload, { 'idempotency-key': key });
          if (response.statusCode === 201) {
            expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
            const fresh = !used.has(key);
            used.add(key);
            await probe.check('/api/asesoria/', 'comentarios', payload.comentarios, response, {
              newKey: fresh,
            });
          } else if (response.statusCode === 422) {
            // The same key with another body: refused, nothing stored.
            expect(used.has(key)).toBe(true);
            expectSpanishRefusal(response);
            await probe.expectNothingNew();
          } else {
            await probe.check('/api/asesoria/', 'idempotency-key', key, response);
          }
        },
      ),
      { numRuns: runs(40) },
    );
  });
});
