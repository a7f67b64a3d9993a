// Every input of the consents link and the two registers (ADR 0031, decisions 4 and 8) under hostile values: never a
// 5xx, a Spanish refusal that changes nothing (not even the audit trail), and accepted text stored as typed (trimmed)
// with nothing unprintable in it.
import {
  auditLog,
  breachNotices,
  consentEvents,
  emailOutbox,
  leadCessions,
  securityBreaches,
} from '@db/schema.ts';
import { readPersonToken, signPersonToken } from '@server/services/privacy/person-link.ts';
import { count, desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveConsent, sendRequest } from '../support/consents.ts';
import { csrfHeaders } from '../support/csrf-client.ts';
import { expectSpanishRefusal, runs, UNPRINTABLE } from '../support/hostile-checks.ts';
import { hostileString, hostileValue } from '../support/naughty-strings.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: SignedInStaff;
let leadId: number;
let breachId: number;
const SECRET = 'x'.repeat(40);
const EMAIL = 'hostil@example.cl';

const VALID_BREACH = {
  descripcion: 'Se expuso por error un listado de solicitudes.',
  ocurrida: '2026-11-20T14:30',
  detectada: '2026-11-21T09:05',
  categorias: ['identificacion'],
  personas: 3,
  consecuencias: 'Podrías recibir correos no deseados.',
  medidas: 'Se retiró el listado y se revisaron los permisos.',
};

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '10000' });
  admin = await signedInStaff(t.app, 'admin');
  leadId = await sendRequest(t.app, '/api/contact-form/', { correo: EMAIL });
  await giveConsent(t.database.db, { email: EMAIL, leadId, purpose: 'cesion' });
  await giveConsent(t.database.db, { email: EMAIL, leadId, purpose: 'marketing' });
  const created = await callAs(t.app, 'POST', '/admin/api/vulneraciones', admin, VALID_BREACH);
  breachId = created.json().id;
}, 120_000);
afterAll(() => t.close());

async function counts() {
  const db = t.database.db;
  const n = async (
    table:
      | typeof auditLog
      | typeof leadCessions
      | typeof securityBreaches
      | typeof breachNotices
      | typeof consentEvents
      | typeof emailOutbox,
  ) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    audit: await n(auditLog),
    cessions: await n(leadCessions),
    breaches: await n(securityBreaches),
    notices: await n(breachNotices),
    consents: await n(consentEvents),
    outbox: await n(emailOutbox),
  };
}

/** What a form field would carry for any value (an object whose toString is not a function included). */
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

const sendJson = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...admin.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

async function expectRefusedUnchanged(
  response: LightMyRequestResponse,
  before: Awaited<ReturnType<typeof counts>>,
) {
  expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
  expectSpanishRefusal(response);
  expect(await counts()).toEqual(before);
}

describe('the consents link', () => {
  it('reads any string as no token, or as the address it was signed for, and never throws', () => {
    fc.assert(
      fc.property(fc.oneof(hostileString({ maxLength: 500 }), fc.string({ unit: 'binary' })), (value) => {
        const email = readPersonToken(SECRET, 'consentimientos', value);
        if (email !== null) expect(signPersonToken(SECRET, 'consentimientos', email)).toBe(value);
      }),
      { numRuns: runs(300) },
    );
  });

  it('answers hostile form fields with a redirect or a Spanish 4xx, writing nothing it should not', async () => {
    const csrf = await csrfHeaders(t.app);
    await fc.assert(
      fc.asyncProperty(hostileValue(), hostileValue(), fc.boolean(), async (token, proposito, asJson) => {
        const before = await counts();
        const fields = { t: token, proposito, csrfmiddlewaretoken: csrf['x-csrftoken'] };
        const response = await t.app.inject({
          method: 'POST',
          url: '/privacidad/consentimientos',
          headers: asJson
            ? { ...csrf, 'content-type': 'application/json' }
            : {
                cookie: csrf.cookie,
                origin: csrf.origin,
                'content-type': 'application/x-www-form-urlencoded',
              },
          payload: asJson
            ? JSON.stringify(fields)
            : new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, asText(v)])).toString(),
        });
        expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
        if (response.statusCode === 303) {
          expect(String(response.headers.location)).toMatch(/^\/privacidad\/consentimientos(\?|$)/);
          // Hostile values never carry our signature: nothing is withdrawn.
          expect(await counts()).toEqual(before);
        } else await expectRefusedUnchanged(response, before);
      }),
      { numRuns: runs(60) },
    );
  });

  it('refuses a form body larger than a page’s form could send', async () => {
    const csrf = await csrfHeaders(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/privacidad/consentimientos',
      headers: {
        cookie: csrf.cookie,
        origin: csrf.origin,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `t=${'a'.repeat(5000)}&proposito=marketing&csrfmiddlewaretoken=${csrf['x-csrftoken']}`,
    });
    expect(response.statusCode).toBe(413);
    expectSpanishRefusal(response);
  });
});

describe('POST /admin/api/solicitudes/:id/cesiones', () => {
  it('records only a recipient of the list and refuses anything else in Spanish, recording nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileValue(), hostileString({ maxLength: 300 })), async (destinatario) => {
        const before = await counts();
        const response = await sendJson('POST', `/admin/api/solicitudes/${leadId}/cesiones`, {
          destinatario,
        });
        expect(response.statusCode).not.toBe(201);
        await expectRefusedUnchanged(response, before);
      }),
      { numRuns: runs(60) },
    );
    for (const body of [null, [], 'x', { destinatario: 'Banco Cumbre Andina', extra: true }]) {
      const before = await counts();
      await expectRefusedUnchanged(
        await sendJson('POST', `/admin/api/solicitudes/${leadId}/cesiones`, body),
        before,
      );
    }
  });
});

describe('the breach register', () => {
  const FIELDS = [
    'descripcion',
    'ocurrida',
    'detectada',
    'categorias',
    'personas',
    'consecuencias',
    'medidas',
    'agencia',
  ];

  it('stores each field as typed (trimmed) or refuses it in Spanish, changing nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FIELDS),
        fc.oneof(hostileValue(), hostileString({ maxLength: 4100 })),
        fc.boolean(),
        async (field, value, edit) => {
          const before = await counts();
          const body = { ...VALID_BREACH, [field]: value };
          const response = edit
            ? await sendJson('PUT', `/admin/api/vulneraciones/${breachId}`, body)
            : await sendJson('POST', '/admin/api/vulneraciones', body);
          if (response.statusCode >= 400) return expectRefusedUnchanged(response, before);
          expect(response.statusCode).toBe(edit ? 200 : 201);
          const [row] = await t.database.db
            .select()
            .from(securityBreaches)
            .where(eq(securityBreaches.id, edit ? breachId : response.json().id));
          for (const text of [row?.summary, row?.consequences, row?.measures])
            expect(text).not.toMatch(UNPRINTABLE);
          if (field === 'descripcion') expect(row?.summary).toBe(String(value).trim());
          if (edit) await sendJson('PUT', `/admin/api/vulneraciones/${breachId}`, VALID_BREACH);
        },
      ),
      { numRuns: runs(80) },
    );
  });

  it('answers hostile affected-people queries and notices with a Spanish 4xx or an answer, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('afectados', 'avisos'),
        fc.constantFrom('desde', 'hasta', 'tipos', 'confirmar'),
        hostileValue(),
        async (route, field, value) => {
          const before = await counts();
          const body = {
            desde: '2026-10-01',
            hasta: '2026-10-31',
            tipos: ['seguro'],
            confirmar: true,
            [field]: value,
          };
          if (route === 'afectados') delete (body as Record<string, unknown>).confirmar;
          const response = await sendJson('POST', `/admin/api/vulneraciones/${breachId}/${route}`, body);
          if (response.statusCode >= 400) return expectRefusedUnchanged(response, before);
          expect(response.statusCode).toBe(200);
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('answers hostile register queries and ids with a Spanish 4xx, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('desde', 'hasta', 'destinatario', 'pagina', 'otro'),
        hostileString({ maxLength: 300 }),
        async (name, value) => {
          const url = `/admin/api/cesiones?${new URLSearchParams({ [name]: value })}`;
          const response = await callAs(t.app, 'GET', url, admin);
          expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
          if (response.statusCode !== 200) expectSpanishRefusal(response);
        },
      ),
      { numRuns: runs(60) },
    );
    for (const id of ['0', '-1', '1.5', 'abc', '99999999999', '%00', '1e3']) {
      for (const [method, suffix] of [
        ['GET', ''],
        ['PUT', ''],
        ['POST', '/afectados'],
        ['POST', '/avisos'],
      ] as const) {
        const response = await callAs(
          t.app,
          method,
          `/admin/api/vulneraciones/${id}${suffix}`,
          admin,
          method === 'GET' ? undefined : VALID_BREACH,
        );
        expect(response.statusCode, `${method} ${id}${suffix}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expectSpanishRefusal(response);
      }
    }
    const latest = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(latest).toHaveLength(1);
  });
});
