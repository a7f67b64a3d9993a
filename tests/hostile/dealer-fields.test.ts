import { MAX_DESCRIPTION } from '@contracts/admin-stock.ts';
import { PATENTE_PATTERN } from '@contracts/patente.ts';
import type { Db } from '@db/client.ts';
import { auditLog, vehicleImages, vehicles } from '@db/schema.ts';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../support/csrf-client.ts';
import { createLookups, type LookupIds, makeJpeg } from '../support/factories.ts';
import { expectSpanishRefusal, runs, UNPRINTABLE } from '../support/hostile-checks.ts';
import { hostileString, hostileValue } from '../support/naughty-strings.ts';
import { type SignedInStaff, signedInStaff } from '../support/staff.ts';
import {
  csvFile,
  IMPORT,
  PREVIEW,
  seedSheetLookups,
  sheetRow,
  stockCounts,
  upload,
} from '../support/stock-sheet.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The dealer fields (ADR 0040) get what every back office field gets: a value is stored as the contract normalises
// it, or refused with Spanish that changes nothing (not even the audit trail), never a 5xx. So do the creation form's
// multipart body and the import's list of rows to keep.

let t: TestApp;
let admin: SignedInStaff;
let lookups: LookupIds;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t.app, 'admin');
  lookups = await createLookups(t.database.db);
  await seedSheetLookups(t.database.db);
}, 180_000);
afterAll(() => t.close());

const vehicle = () => ({
  marca: lookups.brandId,
  modelo: 'Yaris',
  año: 2020,
  precio: 12_990_000,
  kilometraje: 87_000,
  condicion: 'Usado',
  transmision: lookups.transmissionId,
  combustible: lookups.fuelId,
  tipo: lookups.bodyTypeId,
  motor: '1.5',
  color: 'Gris',
});

const send = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/api/vehiculos',
    headers: { ...admin.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

async function counts(db: Db) {
  const n = async (table: typeof vehicles | typeof vehicleImages | typeof auditLog) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return { vehicles: await n(vehicles), photos: await n(vehicleImages), audit: await n(auditLog) };
}

async function expectRefusedUnchanged(
  response: LightMyRequestResponse,
  before: Awaited<ReturnType<typeof counts>>,
) {
  expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
  expectSpanishRefusal(response);
  expect(await counts(t.database.db)).toEqual(before);
}

const stored = async (id: number) =>
  (await t.database.db.select().from(vehicles).where(eq(vehicles.id, id)))[0];

/** Plates as people type them: the two series' letters and digits, with any separators, any case. */
const typedPlate = fc
  .tuple(
    fc.constantFrom('LLLLDD', 'LLDDDD', 'LLLDD', 'LLLLLD', 'LLDDD'),
    fc.array(fc.constantFrom('', ' ', '·', '-', '.', '•'), { minLength: 6, maxLength: 6 }),
    fc.array(fc.integer({ min: 0, max: 25 }), { minLength: 6, maxLength: 6 }),
    fc.boolean(),
  )
  .map(([shape, separators, picks, lower]) => {
    const text = [...shape]
      .map((kind, i) =>
        kind === 'L' ? String.fromCharCode(65 + (picks[i] ?? 0)) : String((picks[i] ?? 0) % 10),
      )
      .map((ch, i) => ch + (separators[i] ?? ''))
      .join('');
    return lower ? text.toLowerCase() : text;
  });

describe('POST /admin/api/vehiculos: the patente', () => {
  it('stores a patente of either series normalised, or refuses it in Spanish, changing nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(typedPlate, hostileValue()), async (patente) => {
        const before = await counts(t.database.db);
        const response = await send({ ...vehicle(), patente });
        if (response.statusCode !== 201) return expectRefusedUnchanged(response, before);
        const { vehiculo } = response.json() as { vehiculo: { id: number; patente: string | null } };
        const row = await stored(vehiculo.id);
        if (vehiculo.patente === null) {
          // Only "nothing" is none: absent, null or blank.
          expect(
            patente === undefined ||
              patente === null ||
              (typeof patente === 'string' && patente.trim() === ''),
          ).toBe(true);
        } else {
          expect(vehiculo.patente).toMatch(PATENTE_PATTERN);
          expect(typeof patente).toBe('string');
          expect((patente as string).replace(/[\s.·•‧∙_-]+/gu, '').toUpperCase()).toBe(vehiculo.patente);
        }
        expect(row?.plate ?? null).toBe(vehiculo.patente);
        // A stored patente is another's conflict, never a 5xx; clear it for the next run.
        if (row?.plate)
          await t.database.db.update(vehicles).set({ plate: null }).where(eq(vehicles.id, row.id));
      }),
      { numRuns: runs(80) },
    );
  });
});

describe('POST /admin/api/vehiculos: doors, previous owners and description', () => {
  it('stores doors and owners as whole numbers in range, or refuses them in Spanish', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('puertas', 'duenosAnteriores'),
        fc.oneof(hostileValue(), fc.integer({ min: -5, max: 25 }), fc.integer().map(String)),
        async (field, value) => {
          const before = await counts(t.database.db);
          const response = await send({ ...vehicle(), [field]: value });
          if (response.statusCode !== 201) return expectRefusedUnchanged(response, before);
          const { vehiculo } = response.json() as { vehiculo: Record<string, number | null> };
          const n = vehiculo[field];
          if (n !== null && n !== undefined) {
            expect(Number.isInteger(n)).toBe(true);
            expect(n).toBeGreaterThanOrEqual(field === 'puertas' ? 2 : 0);
            expect(n).toBeLessThanOrEqual(field === 'puertas' ? 6 : 15);
          }
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('stores a description as typed (trimmed, line breaks kept) or refuses it in Spanish', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileValue(), hostileString({ maxLength: 2100 })), async (descripcion) => {
        const before = await counts(t.database.db);
        const response = await send({ ...vehicle(), descripcion });
        if (response.statusCode !== 201) return expectRefusedUnchanged(response, before);
        const { vehiculo } = response.json() as { vehiculo: { id: number; descripcion: string | null } };
        const row = await stored(vehiculo.id);
        expect(row?.description ?? null).toBe(vehiculo.descripcion);
        if (vehiculo.descripcion === null) return;
        expect(vehiculo.descripcion).toBe((descripcion as string).trim());
        expect(vehiculo.descripcion).not.toMatch(UNPRINTABLE);
        // Characters as the contract counts them: an emoji is one, though it is two UTF-16 units.
        expect([...vehiculo.descripcion].length).toBeLessThanOrEqual(MAX_DESCRIPTION);
      }),
      { numRuns: runs(60) },
    );
  });
});

describe('POST /admin/api/vehiculos as multipart (the creation step with photos)', () => {
  const post = (payload: Buffer, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/admin/api/vehiculos',
      payload,
      headers: { ...admin.headers, 'content-type': contentType },
    });

  it('refuses a hostile datos field in Spanish and stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString({ maxLength: 300 }), async (datos) => {
        const before = await counts(t.database.db);
        const { payload, contentType } = multipartBody({ datos }, []);
        const response = await post(payload, contentType);
        if (response.statusCode === 201) {
          // Only a JSON object the form accepts creates a vehicle.
          expect(() => JSON.parse(datos)).not.toThrow();
          return;
        }
        await expectRefusedUnchanged(response, before);
      }),
      { numRuns: runs(40) },
    );
  });

  it('refuses an oversized form field, too many photos and a broken body, storing nothing', async () => {
    const jpeg = await makeJpeg(320, 240);
    const cases: Array<[string, Buffer, string]> = [];
    const big = multipartBody(
      { datos: JSON.stringify({ ...vehicle(), descripcion: 'x'.repeat(40_000) }) },
      [],
    );
    cases.push(['a 40 kB field', big.payload, big.contentType]);
    const many = multipartBody(
      { datos: JSON.stringify(vehicle()) },
      Array.from({ length: 11 }, (_, i) => ({
        field: 'fotos',
        filename: `f${i}.jpg`,
        contentType: 'image/jpeg',
        data: jpeg,
      })),
    );
    cases.push(['11 photos', many.payload, many.contentType]);
    const wrong = multipartBody({ datos: JSON.stringify(vehicle()) }, [
      { field: 'images', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
    ]);
    cases.push(['a photo in another field', wrong.payload, wrong.contentType]);
    cases.push([
      'a body cut short',
      Buffer.from('--b\r\nContent-Disposition: form-data; name="datos"\r\n\r\n{'),
      'multipart/form-data; boundary=b',
    ]);
    for (const [what, payload, contentType] of cases) {
      const before = await counts(t.database.db);
      const response = await post(payload, contentType);
      expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
      await expectRefusedUnchanged(response, before);
    }
  });
});

describe('POST /admin/api/planilla-stock/importar: the rows to keep', () => {
  it('refuses any list that is not row numbers in Spanish, and stores nothing', async () => {
    const file = csvFile([sheetRow(1)]);
    const first = await upload(t.app, admin, PREVIEW, { name: 's.csv', bytes: file });
    const { huella } = first.json() as { huella: string };
    await fc.assert(
      fc.asyncProperty(hostileString({ maxLength: 300 }), async (aplicar) => {
        fc.pre(!/^(?:\d{1,6}(?:,\d{1,6})*)?$/.test(aplicar));
        const before = await stockCounts(t.database.db);
        const response = await upload(t.app, admin, IMPORT, {
          name: 's.csv',
          bytes: file,
          fields: { huella, aplicar },
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expectSpanishRefusal(response);
        expect(await stockCounts(t.database.db)).toEqual(before);
      }),
      { numRuns: runs(40) },
    );
  });
});
