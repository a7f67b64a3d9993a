import { auditLog, vehicleSales, vehicles } from '@db/schema.ts';
import { chileDayKey } from '@domain/chile-time.ts';
import { count, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookups, createVehicle } from '../support/factories.ts';
import { expectSpanishRefusal, runs, UNPRINTABLE_LINE } from '../support/hostile-checks.ts';
import { hostileString, hostileValue } from '../support/naughty-strings.ts';
import { type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The sale's dialog and the report (issue 31 item 5, ADR 0038) get the back office's treatment: any value in any
// field is either a sale as the schema reads it or a Spanish refusal that leaves nothing behind: no sale row, no
// audit entry, the vehicle still on sale.

let t: TestApp;
let admin: SignedInStaff;
let vehicleId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t.app, 'admin');
  const car = await createVehicle(t.database.db, { lookups: await createLookups(t.database.db) });
  vehicleId = car.id;
}, 120_000);
afterAll(() => t.close());

const send = (url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...admin.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

const counts = async () => ({
  sales: (await t.database.db.select({ n: count() }).from(vehicleSales))[0]?.n ?? 0,
  audit: (await t.database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0,
});
const status = async () =>
  (await t.database.db.select({ s: vehicles.status }).from(vehicles).where(eq(vehicles.id, vehicleId)))[0]?.s;

async function expectNothingLeft(response: LightMyRequestResponse, before: { sales: number; audit: number }) {
  expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
  expectSpanishRefusal(response);
  expect(await counts()).toEqual(before);
  expect(await status()).toBe('published');
}

/** Puts the vehicle back on sale without a trace, after a hostile value that was a valid sale after all. */
async function forget() {
  await t.database.db.delete(vehicleSales);
  await t.database.db
    .update(vehicles)
    .set({ status: 'published', soldAt: null })
    .where(eq(vehicles.id, vehicleId));
}

const valid = () => ({ fecha: chileDayKey(new Date()), precio: 12_000_000, vendedor: admin.id });
const FIELDS = ['fecha', 'precio', 'vendedor', 'solicitud', 'costo'] as const;

describe('POST /admin/api/vehiculos/:id/venta', () => {
  it('records a sale as the schema reads it, or refuses any other value in Spanish and leaves nothing behind', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FIELDS), hostileValue(), async (field, value) => {
        const before = await counts();
        const response = await send(`/admin/api/vehiculos/${vehicleId}/venta`, {
          ...valid(),
          [field]: value,
        });
        if (response.statusCode !== 201) return expectNothingLeft(response, before);
        // Accepted: the value was one the dialog could have sent (a blank optional field, digits as text).
        const [sale] = await t.database.db.select().from(vehicleSales);
        expect(await status()).toBe('sold');
        expect(sale?.price).toBeGreaterThan(0);
        if (field === 'solicitud') expect(sale?.leadId).toBeNull();
        await forget();
      }),
      { numRuns: runs(40) },
    );
  });

  it('answers hostile vehicle ids and bodies with a Spanish 4xx', async () => {
    for (const id of ['0', '-1', '1e3', '9'.repeat(30), '%00', "1'%20OR%201=1", '..%2F1']) {
      const before = await counts();
      const response = await send(`/admin/api/vehiculos/${id}/venta`, valid());
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expectSpanishRefusal(response);
      expect(await counts()).toEqual(before);
    }
    for (const body of [null, [], 'venta', 42, { ...valid(), __proto__: { precio: 1 } }]) {
      const before = await counts();
      const response = await send(`/admin/api/vehiculos/${vehicleId}/venta`, body);
      if (response.statusCode === 201) {
        await forget();
        continue;
      }
      await expectNothingLeft(response, before);
    }
  });
});

describe('POST /admin/api/vehiculos/:id/venta/deshacer', () => {
  it('keeps the reason as typed (trimmed) or refuses it in Spanish with the sale still live', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileValue(), hostileString({ maxLength: 400 })), async (motivo) => {
        await forget();
        expect((await send(`/admin/api/vehiculos/${vehicleId}/venta`, valid())).statusCode).toBe(201);
        const before = await counts();
        const response = await send(`/admin/api/vehiculos/${vehicleId}/venta/deshacer`, { motivo });
        if (response.statusCode !== 200) {
          expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
          expectSpanishRefusal(response);
          expect(await counts()).toEqual(before);
          expect(await status()).toBe('sold');
          const live = await t.database.db.select().from(vehicleSales).where(isNull(vehicleSales.undoneAt));
          expect(live).toHaveLength(1);
          return;
        }
        const [sale] = await t.database.db.select().from(vehicleSales);
        expect(await status()).toBe('published');
        const text = typeof motivo === 'string' ? motivo.trim() : '';
        expect(sale?.undoReason ?? '').toBe(text);
        expect(sale?.undoReason ?? '').not.toMatch(UNPRINTABLE_LINE);
      }),
      { numRuns: runs(20) },
    );
    await forget();
  });
});

describe('GET /admin/api/ventas', () => {
  it('reads any period as the default or as the months asked for, never failing (a NUL refuses the address)', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileString({ maxLength: 60 }),
        hostileString({ maxLength: 60 }),
        async (desde, hasta) => {
          const query = new URLSearchParams({ desde, hasta }).toString();
          for (const url of [`/admin/api/ventas?${query}`, `/admin/api/ventas.csv?${query}`]) {
            const response = await t.app.inject({ method: 'GET', url, headers: admin.headers });
            // An encoded NUL is refused for any URL before a route reads it, in Spanish.
            if (`${desde}${hasta}`.includes('\u0000')) expectSpanishRefusal(response);
            else expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
          }
        },
      ),
      { numRuns: runs(15) },
    );
  });
});
