// Every input of the rights flow (ADR 0031 decision 6) gets the lead forms' treatment: hostile text, wrong types and
// extra keys are refused in Spanish (or accepted as typed), never a 5xx, and a refusal leaves nothing behind: no
// request, no e-mail, no event.
import type { Db } from '@db/client.ts';
import { emailOutbox, rightsRequestEvents, rightsRequests } from '@db/schema.ts';
import { count, desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { expectSpanishRefusal, runs, UNPRINTABLE } from '../support/hostile-checks.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { hostileString, hostileValue, NAUGHTY_STRINGS, WRONG_TYPES } from '../support/naughty-strings.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: SignedInStaff;
let openId = 0;
let sent = 0;
const db = (): Db => t.database.db;
// Each request from its own client and at its own hour, so the rate limits never answer in place of validation.
let hour = 0;
const tick = () => {
  const now = new Date(Date.UTC(2027, 2, 1) + ++hour * 2 * 3_600_000);
  t.app.services.rights.now = () => now;
};

async function stored() {
  const n = async (table: typeof rightsRequests | typeof emailOutbox | typeof rightsRequestEvents) =>
    (await db().select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    requests: await n(rightsRequests),
    mails: await n(emailOutbox),
    events: await n(rightsRequestEvents),
  };
}

async function ask(payload: unknown, form = false, url = '/derechos'): Promise<LightMyRequestResponse> {
  tick();
  const csrf = await csrfHeaders(t.app);
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: `10.8.${Math.floor(++sent / 250)}.${sent % 250}`,
    headers: form
      ? { cookie: csrf.cookie, origin: csrf.origin, 'content-type': 'application/x-www-form-urlencoded' }
      : { ...csrf, 'content-type': 'application/json' },
    payload: form ? `${String(payload)}&csrfmiddlewaretoken=${csrf['x-csrftoken']}` : JSON.stringify(payload),
  });
}

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000' });
  admin = await signedInStaff(t.app, 'admin');
  const lead = await t.app.inject({
    method: 'POST',
    url: '/api/contacto-contacto/',
    payload: { ...VALID_PAYLOADS['/api/contacto-contacto/'], email: 'hostil@example.cl' },
    headers: await csrfHeaders(t.app),
  });
  expect(lead.statusCode).toBe(201);
  // One open request for the staff actions to be thrown at.
  tick();
  await ask({
    correo: 'hostil@example.cl',
    derecho: 'rectificacion',
    detalle: 'Mi nombre está mal escrito.',
  });
  const [mail] = await db().select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
  const token = /t=([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? '')?.[1] ?? '';
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/derechos/confirmar',
    headers: await csrfHeaders(t.app),
    payload: { t: token },
  });
  expect(confirmed.statusCode).toBe(200);
  const [row] = await db()
    .select({ id: rightsRequests.id })
    .from(rightsRequests)
    .orderBy(desc(rightsRequests.id));
  openId = row?.id ?? 0;
});
afterAll(() => t.close());

describe('POST /derechos', () => {
  it('accepts each field as typed (trimmed) or refuses it in Spanish, leaving nothing', async () => {
    const field = fc.constantFrom('correo', 'derecho', 'detalle', 'bloquear');
    await fc.assert(
      fc.asyncProperty(
        field,
        fc.oneof(hostileValue(), hostileString({ maxLength: 2100 })),
        async (name, value) => {
          const body: Record<string, unknown> = {
            correo: 'persona@example.cl',
            derecho: 'supresion',
            detalle: 'Ya no quiero recibir correos.',
            [name]: value,
          };
          const before = await stored();
          const response = await ask(body);
          if (response.statusCode !== 200) {
            expectSpanishRefusal(response);
            expect(await stored()).toEqual(before);
            return;
          }
          const [row] = await db().select().from(rightsRequests).orderBy(desc(rightsRequests.id)).limit(1);
          expect(row?.details ?? '').not.toMatch(UNPRINTABLE);
          if (name === 'detalle' && typeof value === 'string' && value.trim() !== '')
            expect(row?.details).toBe(value.trim());
          if (name === 'correo') expect(row?.email).toBe(String(value).trim().toLowerCase());
        },
      ),
      { numRuns: runs(80) },
    );
  });

  it('ignores extra keys and refuses a body of the wrong shape in Spanish', async () => {
    const extra = await ask({
      correo: 'extra@example.cl',
      derecho: 'acceso',
      admin: true,
      status: 'completada',
      __proto__: { admin: true },
    });
    expect(extra.statusCode).toBe(200);
    const [row] = await db()
      .select()
      .from(rightsRequests)
      .where(eq(rightsRequests.email, 'extra@example.cl'));
    expect(row?.status).toBe('sin_confirmar');
    for (const body of [...WRONG_TYPES, 'texto', ['a']]) {
      const before = await stored();
      const response = await ask(body);
      expectSpanishRefusal(response);
      expect(await stored()).toEqual(before);
    }
  });

  it('sends a hostile form back to itself and stores nothing', async () => {
    for (const bad of [...NAUGHTY_STRINGS.slice(0, 40), 'x'.repeat(20_000)]) {
      const before = await stored();
      const response = await ask(
        new URLSearchParams({ correo: bad, derecho: bad, detalle: bad, bloquear: bad }).toString(),
        true,
      );
      expect(response.statusCode, bad.slice(0, 40)).toBeLessThan(500);
      if (response.statusCode === 303)
        expect(response.headers.location).toMatch(/^\/derechos\?error=[a-z]+(&derecho=[a-z]+)?#formulario$/);
      else expectSpanishRefusal(response);
      expect(await stored()).toEqual(before);
    }
  });
});

describe('POST /derechos/autorizaciones', () => {
  const LINK = '/derechos/autorizaciones';

  it('mails the consents link to a valid address as typed (trimmed, lower-cased) or refuses in Spanish, mailing nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(hostileValue(), hostileString({ maxLength: 300 }), fc.emailAddress()),
        async (value) => {
          const before = await stored();
          const response = await ask({ correo: value }, false, LINK);
          const after = await stored();
          expect({ ...after, mails: before.mails }).toEqual(before);
          if (response.statusCode !== 200) {
            expectSpanishRefusal(response);
            expect(after.mails).toBe(before.mails);
            return;
          }
          expect(after.mails).toBe(before.mails + 1);
          const [mail] = await db().select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
          expect(mail?.toAddress).toBe(String(value).trim().toLowerCase());
        },
      ),
      { numRuns: runs(80) },
    );
  });

  it('refuses a body of the wrong shape in Spanish, and sends a hostile form back to its section', async () => {
    for (const body of [...WRONG_TYPES, 'texto', ['a']]) {
      const before = await stored();
      expectSpanishRefusal(await ask(body, false, LINK));
      expect(await stored()).toEqual(before);
    }
    for (const bad of [...NAUGHTY_STRINGS.slice(0, 40), 'x'.repeat(20_000)]) {
      const before = await stored();
      const response = await ask(new URLSearchParams({ correo: bad }).toString(), true, LINK);
      expect(response.statusCode, bad.slice(0, 40)).toBeLessThan(500);
      if (response.statusCode === 303)
        expect(response.headers.location).toBe('/derechos?error=autorizaciones#autorizaciones');
      else expectSpanishRefusal(response);
      expect(await stored()).toEqual(before);
    }
  });
});

describe('the links', () => {
  it('answer any hostile token with a Spanish 4xx and confirm nothing', async () => {
    await fc.assert(
      fc.asyncProperty(hostileValue(), async (token) => {
        const before = await stored();
        const confirm = await t.app.inject({
          method: 'POST',
          url: '/derechos/confirmar',
          headers: { ...(await csrfHeaders(t.app)), 'content-type': 'application/json' },
          payload: JSON.stringify({ t: token }),
        });
        expectSpanishRefusal(confirm);
        expect(await stored()).toEqual(before);
        // Byte by byte, so a lone surrogate is sent as the bytes a client would send for it.
        const text = typeof token === 'string' ? token : JSON.stringify(token);
        const query = [...Buffer.from(String(text), 'utf8')]
          .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
          .join('');
        for (const format of ['json', 'csv', 'xml']) {
          const download = await t.app.inject({
            method: 'GET',
            url: `/derechos/descarga.${format}?t=${query}`,
          });
          expectSpanishRefusal(download);
        }
      }),
      { numRuns: runs(40) },
    );
  });
});

describe('staff answers', () => {
  const actions = ['prorrogar', 'rechazar', 'desbloquear', 'completar'] as const;
  const field = {
    prorrogar: 'motivo',
    rechazar: 'motivos',
    desbloquear: 'motivo',
    completar: 'nota',
  } as const;

  it('refuse hostile reasons and notes in Spanish, or keep them as typed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...actions),
        fc.oneof(hostileValue(), hostileString({ maxLength: 2100 })),
        async (action, value) => {
          const before = await stored();
          const [request] = await db().select().from(rightsRequests).where(eq(rightsRequests.id, openId));
          const response = await callAs(t.app, 'POST', `/admin/api/derechos/${openId}/${action}`, admin, {
            [field[action]]: value,
          });
          expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
          if (response.statusCode === 200) {
            expect(typeof value).toBe('string');
            const [after] = await db().select().from(rightsRequests).where(eq(rightsRequests.id, openId));
            const kept = action === 'prorrogar' ? after?.extensionReason : after?.resolutionNote;
            expect(kept).toBe((value as string).trim());
            expect(kept).not.toMatch(UNPRINTABLE);
            // Put back: the property goes on with an open request.
            await db()
              .update(rightsRequests)
              .set({
                status: 'abierta',
                extendedAt: null,
                extensionReason: null,
                resolvedAt: null,
                resolvedBy: null,
                resolutionNote: null,
              })
              .where(eq(rightsRequests.id, openId));
            return;
          }
          expectSpanishRefusal(response);
          expect(await stored()).toEqual(before);
          const [after] = await db().select().from(rightsRequests).where(eq(rightsRequests.id, openId));
          expect(after).toEqual(request);
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('answer hostile ids and filters with a Spanish 4xx', async () => {
    for (const id of ['0', '-1', '1e3', '9'.repeat(30), '%00', "1'%20OR%201=1", '..%2F1']) {
      expectSpanishRefusal(await callAs(t.app, 'GET', `/admin/api/derechos/${id}`, admin));
      expectSpanishRefusal(
        await callAs(t.app, 'POST', `/admin/api/derechos/${id}/rechazar`, admin, {
          motivos: 'Motivo suficiente.',
        }),
      );
    }
    for (const estado of ['', 'x', 'ABIERTAS', '%00', 'abiertas,cerradas'])
      expectSpanishRefusal(await callAs(t.app, 'GET', `/admin/api/derechos?estado=${estado}`, admin));
  });
});
