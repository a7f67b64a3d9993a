import { leads, siteSettings } from '@db/schema.ts';
import { desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrfHeaders, csrfHeaders } from '../support/csrf-client.ts';
import { expectSpanishRefusal, runs, storedCounts } from '../support/hostile-checks.ts';
import { JSON_LEAD_PATHS, type LeadPath, VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { hostileString } from '../support/naughty-strings.ts';
import { typedChilean } from '../support/phone-arbitraries.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Phones as people in Chile type them (ADR 0041), against every form that takes one: any way of writing a real number
// is stored as that number in E.164; anything else is refused in Spanish beside the field and nothing is stored.

let t: TestApp;
let headers: CsrfHeaders;
let admin: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '10000' });
  headers = await csrfHeaders(t.app);
  admin = await signedInStaff(t.app, 'admin');
}, 180_000);
afterAll(() => t.close());

/** Each JSON form's phone field (the test-drive form needs a slot; its contract is the same `phoneText`). */
const PHONE_FIELD: Partial<Record<LeadPath, string>> = {
  '/api/contacto-contacto/': 'phone',
  '/api/contact/': 'telefono',
  '/api/contact-form/': 'telefono',
  '/api/seguros/': 'phone',
  '/api/asesoria/': 'telefono',
};
const PATHS = JSON_LEAD_PATHS.filter((path) => PHONE_FIELD[path]);

const post = (path: LeadPath, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

/** Near misses: a real number one digit short or long, with a letter, a second plus, a line break, a tab. */
const nearMiss = typedChilean.chain(({ typed }) =>
  fc.constantFrom(
    typed.slice(0, -1),
    `${typed}7`,
    `${typed} a`,
    `+${typed}+`,
    typed.replace(/\d(?=\D*$)/, '\n5'),
    typed.replace(' ', '\t'),
    `1${typed.replace(/^\+56\s*/, '')}`,
  ),
);

describe.each(PATHS)('POST %s', (path) => {
  const field = PHONE_FIELD[path] as string;

  it('stores any way of typing a Chilean number as that number, in E.164', async () => {
    await fc.assert(
      fc.asyncProperty(typedChilean, async ({ typed, e164 }) => {
        const response = await post(path, { ...VALID_PAYLOADS[path], [field]: typed });
        expect(response.statusCode, `${typed}: ${response.body}`).toBe(201);
        const [row] = await t.database.db
          .select({ phone: leads.phone })
          .from(leads)
          .where(eq(leads.id, (response.json() as { id: number }).id));
        expect(row?.phone).toBe(e164);
      }),
      { numRuns: runs(25) },
    );
  });

  it('refuses a near miss or any hostile text in Spanish beside the field, storing nothing; or stores E.164', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(nearMiss, hostileString({ maxLength: 40 })), async (typed) => {
        const before = await storedCounts(t.database.db);
        const response = await post(path, { ...VALID_PAYLOADS[path], [field]: typed });
        if (response.statusCode === 201) {
          const [row] = await t.database.db
            .select({ phone: leads.phone })
            .from(leads)
            .orderBy(desc(leads.id))
            .limit(1);
          // Only a number of the plan, or another country's written with +, gets through (an optional field blank).
          if (row?.phone !== null)
            expect(row?.phone).toMatch(
              /^\+(56(9\d{8}|2\d{8}|[3-7]\d{8}|600\d{7}|800\d{6})|(?!56)[1-9]\d{7,14})$/,
            );
          return;
        }
        const { campos } = expectSpanishRefusal(response);
        expect(campos?.[field], JSON.stringify(typed)).toBeTruthy();
        expect(await storedCounts(t.database.db)).toEqual(before);
      }),
      { numRuns: runs(30) },
    );
  });
});

describe('Sitio’s phones and WhatsApp', () => {
  const read = async () =>
    (await callAs(t.app, 'GET', '/admin/api/sitio', admin)).json() as {
      version: number;
      datos: { phones: Array<{ label: string; display: string; e164: string }>; whatsapp: string };
    };

  it('store a typed number as E.164 (WhatsApp as its digits), or refuse it in Spanish keeping every version', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          typedChilean.map(({ typed }) => typed),
          nearMiss,
          hostileString({ maxLength: 40 }),
        ),
        fc.constantFrom('phone', 'whatsapp'),
        async (typed, which) => {
          const current = await read();
          const datos =
            which === 'phone'
              ? { ...current.datos, phones: [{ label: 'Ventas', display: '', e164: typed }] }
              : { ...current.datos, whatsapp: typed };
          const versions = await t.database.db.$count(siteSettings);
          const response = await callAs(t.app, 'PUT', '/admin/api/sitio', admin, {
            version: current.version,
            datos,
          });
          if (response.statusCode !== 200) {
            const { campos } = expectSpanishRefusal(response);
            expect(Object.keys(campos ?? {}), JSON.stringify(typed)).toContain(
              which === 'phone' ? 'phones.0.e164' : 'whatsapp',
            );
            expect(await t.database.db.$count(siteSettings)).toBe(versions);
            return;
          }
          const saved = (await read()).datos;
          const stored = which === 'phone' ? saved.phones[0]?.e164 : `+${saved.whatsapp}`;
          expect(stored).toMatch(/^\+(56(9\d{8}|2\d{8}|[3-7]\d{8}|600\d{7}|800\d{6})|(?!56)[1-9]\d{7,14})$/);
          // The typed digits are all there: no number is invented.
          expect(typed.replace(/\D/g, '').endsWith((stored ?? '').slice(-8))).toBe(true);
        },
      ),
      { numRuns: runs(30) },
    );
  });
});
