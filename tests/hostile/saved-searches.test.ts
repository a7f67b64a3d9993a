// The alert forms (issue 33, ADR 0039) get the lead forms' treatment: hostile addresses, filters and wrong types are
// refused in Spanish (or stored as the listing would read them), never a 5xx, and a refusal leaves nothing behind:
// no saved search, no e-mail, no consent. The links' tokens are as hostile-proof: a forged one changes nothing.
import type { Db } from '@db/client.ts';
import { consentEvents, emailOutbox, savedSearches } from '@db/schema.ts';
import { parseSavedQuery } from '@domain/saved-search.ts';
import { count, desc } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { expectSpanishRefusal, expectSpanishSentence, runs } from '../support/hostile-checks.ts';
import { hostileString, hostileValue, NAUGHTY_STRINGS, WRONG_TYPES } from '../support/naughty-strings.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let sent = 0;
const db = (): Db => t.database.db;

async function stored() {
  const n = async (table: typeof savedSearches | typeof emailOutbox | typeof consentEvents) =>
    (await db().select({ n: count() }).from(table))[0]?.n ?? 0;
  return { searches: await n(savedSearches), mails: await n(emailOutbox), consents: await n(consentEvents) };
}

async function save(payload: unknown): Promise<LightMyRequestResponse> {
  const csrf = await csrfHeaders(t.app);
  return t.app.inject({
    method: 'POST',
    url: '/api/alertas/',
    // Each from its own client, so the rate limit never answers in place of validation.
    remoteAddress: `10.9.${Math.floor(++sent / 250)}.${sent % 250}`,
    headers: { ...csrf, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

const VALID = { correo: 'persona@example.cl', consulta: 'marca=Toyota', consentimiento: true };

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '10000' });
});
afterAll(() => t.close());

describe('POST /api/alertas/', () => {
  it('accepts each field as the listing reads it, or refuses it in Spanish leaving nothing', async () => {
    const field = fc.constantFrom(
      'correo',
      'consulta',
      'favoritos',
      'origen',
      'politica_version',
      'consentimiento',
    );
    await fc.assert(
      fc.asyncProperty(
        field,
        fc.oneof(hostileValue(), hostileString({ maxLength: 2100 })),
        async (name, value) => {
          // A different address each time: the address's own hourly limit answers silently, never as a refusal.
          const body: Record<string, unknown> = { ...VALID, correo: `p${sent}@example.cl`, [name]: value };
          const before = await stored();
          const response = await save(body);
          if (response.statusCode !== 202) {
            expectSpanishRefusal(response);
            expect(await stored()).toEqual(before);
            return;
          }
          expectSpanishSentence(response.json().mensaje, 'mensaje');
          const [row] = await db().select().from(savedSearches).orderBy(desc(savedSearches.id)).limit(1);
          expect(row?.status).toBe('pending');
          if (row?.kind === 'busqueda') {
            // What is stored is the canonical form of what was sent, which reads back to itself.
            const again = parseSavedQuery(row.queryString);
            expect(again.ok && again.canonical).toBe(row.queryString);
          }
          if (name === 'correo') expect(row?.email).toBe(String(value).trim().toLowerCase());
          expect(await stored()).toEqual({
            ...before,
            searches: before.searches + 1,
            mails: before.mails + 1,
          });
        },
      ),
      { numRuns: runs(80) },
    );
  });

  it('refuses filters the listing would silently drop: unknown, unreadable, upside down, too many', async () => {
    const refused: Array<[string, string]> = [
      ['', 'Elige al menos un filtro o escribe una búsqueda antes de guardarla.'],
      ['orden=price-asc&pagina=2', 'Elige al menos un filtro o escribe una búsqueda antes de guardarla.'],
      ['precio_min=20000000&precio_max=10000000', 'El precio mínimo no puede ser mayor que el máximo.'],
      ['anio_min=2024&anio_max=2019', 'El año mínimo no puede ser mayor que el máximo.'],
      ['precio_max=diez', 'El precio máximo debe ser un número entero.'],
      ['precio_max=-5', 'El precio máximo debe ser un número entero.'],
      ['precio_max=1e9', 'El precio máximo debe ser un número entero.'],
      ['precio_max=9999999999999', 'El precio máximo debe ser un número entero.'],
      ['precio_max=1&precio_max=2', 'El precio máximo aparece más de una vez.'],
      ['anio_min=1800', 'El año mínimo está fuera de rango.'],
      ['cuota_max=0', 'La cuota máxima está fuera de rango.'],
      ['condicion=Chocado', 'La condición debe ser Nuevo o Usado.'],
      ['admin=1&marca=Kia', 'La búsqueda tiene un filtro que no existe.'],
      [Array.from({ length: 21 }, (_, i) => `marca=M${i}`).join('&'), 'Elige hasta 20 opciones por filtro.'],
      [`q=${'a'.repeat(101)}`, 'Un filtro de la búsqueda no es válido.'],
      ['q=%00hola', 'Un filtro de la búsqueda no es válido.'],
    ];
    for (const [consulta, message] of refused) {
      const before = await stored();
      const response = await save({ ...VALID, consulta });
      const body = expectSpanishRefusal(response);
      expect(body.campos?.consulta ?? body.error, consulta).toBe(message);
      expect(await stored()).toEqual(before);
    }
  });

  it('refuses hostile favourites and addresses, and every body of the wrong shape', async () => {
    for (const favoritos of [
      '0',
      '-1',
      '1,abc',
      '1.5',
      Array.from({ length: 51 }, (_, i) => i + 1).join(','),
    ]) {
      const before = await stored();
      expectSpanishRefusal(await save({ correo: 'f@example.cl', favoritos, consentimiento: true }));
      expect(await stored()).toEqual(before);
    }
    for (const correo of [
      ...NAUGHTY_STRINGS.slice(0, 40),
      'a@b',
      'a b@example.cl',
      `${'a'.repeat(250)}@x.cl`,
    ]) {
      if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(correo.trim())) continue;
      const before = await stored();
      expectSpanishRefusal(await save({ ...VALID, correo }));
      expect(await stored()).toEqual(before);
    }
    for (const body of [...WRONG_TYPES, 'texto', ['a']]) {
      const before = await stored();
      expectSpanishRefusal(await save(body));
      expect(await stored()).toEqual(before);
    }
  });

  it('a forged, cut or foreign token confirms, removes or unsubscribes nothing', async () => {
    const before = await stored();
    const csrf = await csrfHeaders(t.app);
    for (const token of ['', 'x', 'v1.abc.def', 'A'.repeat(43), ...NAUGHTY_STRINGS.slice(0, 20)]) {
      const confirm = await t.app.inject({
        method: 'POST',
        url: '/alertas/confirmar',
        headers: { ...csrf, 'content-type': 'application/json' },
        payload: JSON.stringify({ t: token }),
      });
      expectSpanishRefusal(confirm);
      const unsubscribe = await t.app.inject({
        method: 'POST',
        url: `/alertas/baja?t=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expectSpanishRefusal(unsubscribe);
    }
    expect(await stored()).toEqual(before);
  });
});
