import type { Db } from '@db/client.ts';
import {
  auditLog,
  brands,
  leadNotes,
  siteSettings,
  staffUsers,
  vehicleImages,
  vehicles,
} from '@db/schema.ts';
import { withCheckDigit } from '@domain/vin.ts';
import { verifyPassword } from '@server/services/auth/password.ts';
import { plainText } from '@server/services/feeds/feed-text.ts';
import { count, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { createLookups, createVehicle, type LookupIds } from '../support/factories.ts';
import { parseCsv } from '../support/feed-readers.ts';
import { expectSpanishRefusal, runs, UNPRINTABLE, UNPRINTABLE_LINE } from '../support/hostile-checks.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { hostileString, hostileValue, NAUGHTY, NAUGHTY_STRINGS } from '../support/naughty-strings.ts';
import { type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The back office API's text fields and queries get the same treatment as the public forms: no 5xx, Spanish
// refusals that change nothing (not even the audit trail), and accepted text stored as typed (trimmed). Routes are
// looked up in the route table, so a part of the back office that is not built yet is skipped, not failed.

let t: TestApp;
let admin: SignedInStaff;
let leadId: number;
let lookups: LookupIds;

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '10000' });
  admin = await signedInStaff(t.app, 'admin');
  lookups = await createLookups(t.database.db);
  const lead = await t.app.inject({
    method: 'POST',
    url: '/api/contacto-contacto/',
    payload: VALID_PAYLOADS['/api/contacto-contacto/'],
    headers: await csrfHeaders(t.app),
  });
  leadId = (lead.json() as { id: number }).id;
}, 180_000);
afterAll(() => t.close());

const has = (method: string, url: string) =>
  t.app.routeTable.some((route) => route.method === method && route.url === url);
/** Skips a test whose route is not registered (yet). */
function needs(ctx: { skip: (note?: string) => void }, method: string, url: string) {
  if (!has(method, url)) ctx.skip(`${method} ${url} is not registered`);
}

async function rows(
  db: Db,
  table:
    | typeof leadNotes
    | typeof vehicles
    | typeof vehicleImages
    | typeof brands
    | typeof staffUsers
    | typeof siteSettings
    | typeof auditLog,
) {
  return (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
}

const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...admin.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

/** A refusal is Spanish JSON and changed neither the table nor the audit trail. */
async function expectRefusedUnchanged(
  response: LightMyRequestResponse,
  table: Parameters<typeof rows>[1],
  before: { rows: number; audit: number },
) {
  expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
  expectSpanishRefusal(response);
  expect(await rows(t.database.db, table)).toBe(before.rows);
  expect(await rows(t.database.db, auditLog)).toBe(before.audit);
}

async function snapshot(table: Parameters<typeof rows>[1]) {
  return { rows: await rows(t.database.db, table), audit: await rows(t.database.db, auditLog) };
}

describe('POST /admin/api/solicitudes/:id/notas', () => {
  it('stores a note as typed (trimmed) or refuses it in Spanish, changing nothing', async (ctx) => {
    needs(ctx, 'POST', '/admin/api/solicitudes/:id/notas');
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileValue(), hostileString({ maxLength: 2100 })), async (texto) => {
        const before = await snapshot(leadNotes);
        const response = await send('POST', `/admin/api/solicitudes/${leadId}/notas`, { texto });
        if (response.statusCode !== 201) return expectRefusedUnchanged(response, leadNotes, before);
        expect(typeof texto).toBe('string');
        const [note] = await t.database.db
          .select()
          .from(leadNotes)
          .where(eq(leadNotes.leadId, leadId))
          .orderBy(sql`${leadNotes.id} desc`)
          .limit(1);
        expect(note?.body).toBe((texto as string).trim());
        expect(note?.body).not.toMatch(UNPRINTABLE);
      }),
      { numRuns: runs(60) },
    );
  });

  it('answers hostile lead ids with a Spanish 4xx', async (ctx) => {
    needs(ctx, 'POST', '/admin/api/solicitudes/:id/notas');
    for (const id of [
      '0',
      '-1',
      '1e3',
      '9'.repeat(30),
      '%00',
      '%FF',
      "1'%20OR%201=1",
      '..%2F1',
      '1%0ABcc:x',
    ]) {
      const response = await send('POST', `/admin/api/solicitudes/${id}/notas`, { texto: 'Nota' });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expectSpanishRefusal(response);
    }
  });
});

/** A vehicle the stock form accepts, to put one hostile value into. */
const validVehicle = () => ({
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

describe('POST /admin/api/vehiculos', () => {
  const valid = validVehicle;
  const TEXT_FIELDS = ['modelo', 'version', 'motor', 'color'] as const;
  const OTHER_FIELDS = [
    'marca',
    'año',
    'precio',
    'kilometraje',
    'condicion',
    'caracteristicas',
    'destacado',
    'estado',
  ];

  it('stores model, version, engine and colour as typed (trimmed) or refuses them in Spanish, changing nothing', async (ctx) => {
    needs(ctx, 'POST', '/admin/api/vehiculos');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...TEXT_FIELDS), hostileValue(), async (field, value) => {
        const before = await snapshot(vehicles);
        const response = await send('POST', '/admin/api/vehiculos', { ...valid(), [field]: value });
        if (response.statusCode !== 201) return expectRefusedUnchanged(response, vehicles, before);
        // The version is optional: null or blank is none.
        const optionalNone = field === 'version' && (value === null || value === undefined);
        if (!optionalNone) expect(typeof value).toBe('string');
        const text = optionalNone ? '' : (value as string).trim();
        expect(text).not.toMatch(UNPRINTABLE_LINE);
        const expected = field === 'version' && text === '' ? null : text;
        const { vehiculo } = response.json() as { vehiculo: Record<string, unknown> };
        expect(vehiculo[field]).toBe(expected);
        const [row] = await t.database.db
          .select()
          .from(vehicles)
          .where(eq(vehicles.id, Number(vehiculo.id)));
        const stored = {
          modelo: row?.modelName,
          version: row?.version,
          motor: row?.engine,
          color: row?.color,
        };
        expect(stored[field]).toBe(expected);
      }),
      { numRuns: runs(60) },
    );
  });

  it('refuses hostile numbers, choices and ids in Spanish', async (ctx) => {
    needs(ctx, 'POST', '/admin/api/vehiculos');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...OTHER_FIELDS), hostileValue(), async (field, value) => {
        const before = await snapshot(vehicles);
        const response = await send('POST', '/admin/api/vehiculos', { ...valid(), [field]: value });
        if (response.statusCode !== 201) return expectRefusedUnchanged(response, vehicles, before);
        expect(await rows(t.database.db, vehicles)).toBe(before.rows + 1);
      }),
      { numRuns: runs(60) },
    );
  });
});

describe('GET /feeds/google-vehiculos.csv', () => {
  let vin = 0;
  // With a correct check digit: Google's feed leaves out the others (ADR 0021).
  const nextVin = () => withCheckDigit(`JTDBT4K30C${String(++vin).padStart(7, '0')}`);
  const FEED_COLUMN = { modelo: 'model', version: 'trim', motor: 'engine', color: 'exterior_color' } as const;
  const FIELDS = Object.keys(FEED_COLUMN) as Array<keyof typeof FEED_COLUMN>;

  it('writes the text staff typed with no cell beginning like a formula, the text itself kept', async (ctx) => {
    needs(ctx, 'POST', '/admin/api/vehiculos');
    const formulas = fc.constantFrom(...NAUGHTY.spreadsheetFormulas);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FIELDS),
        fc.oneof({ weight: 1, arbitrary: formulas }, { weight: 1, arbitrary: hostileString() }),
        async (field, value) => {
          const vehicleVin = nextVin();
          const response = await send('POST', '/admin/api/vehiculos', {
            ...validVehicle(),
            [field]: value,
            estado: 'publicado',
            publicarSinFotos: true,
            vin: vehicleVin,
          });
          if (response.statusCode !== 201) return;
          const feed = await t.app.inject({ method: 'GET', url: '/feeds/google-vehiculos.csv' });
          expect(feed.statusCode).toBe(200);
          const [header = [], ...lines] = parseCsv(feed.body);
          const row = lines.find((line) => line[header.indexOf('vin')] === vehicleVin) ?? [];
          for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
          // The cell is the stored text, cleaned as every feed value is, behind an apostrophe when it begins
          // like a formula.
          const { vehiculo } = response.json() as { vehiculo: Record<string, string> };
          const clean = plainText(vehiculo[field] ?? '');
          const cell = row[header.indexOf(FEED_COLUMN[field])];
          expect(cell).toBe(/^[=+\-@]/.test(clean) ? `'${clean}` : clean);
        },
      ),
      { numRuns: runs(40) },
    );
  });
});

describe('POST /admin/api/vehiculos/:id/fotos', () => {
  it.each([
    ['no boundary', 'multipart/form-data', 'x'],
    [
      'a body cut short',
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="fotos"; filename="a.jpg"\r\n\r\nAn',
    ],
    ['garbage', 'multipart/form-data; boundary=b', 'esto no es multipart'],
  ])(
    'answers a broken upload (%s) with a Spanish 4xx and stores nothing',
    async (_case, contentType, body) => {
      const vehicle = await createVehicle(t.database.db, { lookups });
      const before = await snapshot(vehicles);
      const images = await rows(t.database.db, vehicleImages);
      const response = await t.app.inject({
        method: 'POST',
        url: `/admin/api/vehiculos/${vehicle.id}/fotos`,
        headers: { ...admin.headers, 'content-type': contentType },
        payload: body,
      });
      await expectRefusedUnchanged(response, vehicles, before);
      expect(await rows(t.database.db, vehicleImages)).toBe(images);
    },
  );
});

describe('POST /admin/api/listas/:tipo', () => {
  it('stores a brand name as typed (trimmed, inner spaces collapsed) or refuses it in Spanish', async (ctx) => {
    needs(ctx, 'POST', '/admin/api/listas/:tipo');
    await fc.assert(
      fc.asyncProperty(hostileValue(), async (nombre) => {
        const before = await snapshot(brands);
        const response = await send('POST', '/admin/api/listas/marcas', { nombre });
        if (response.statusCode !== 201) return expectRefusedUnchanged(response, brands, before);
        const { item } = response.json() as { item: { nombre: string } };
        expect(item.nombre).toBe((nombre as string).trim().replace(/\s+/g, ' '));
      }),
      { numRuns: runs(40) },
    );
  });

  it('answers a hostile list name with a Spanish 404 (400 for a NUL)', async (ctx) => {
    needs(ctx, 'POST', '/admin/api/listas/:tipo');
    for (const tipo of [
      '__proto__',
      'constructor',
      'toString',
      '..%2Fmarcas',
      '%00',
      'marcas%00',
      'MARCAS',
    ]) {
      const response = await send('POST', `/admin/api/listas/${tipo}`, { nombre: 'Nueva' });
      // 400 for an encoded NUL (refused for any URL), 404 for a list that does not exist.
      expect(response.statusCode).toBe(tipo.includes('%00') ? 400 : 404);
      expectSpanishRefusal(response);
    }
  });
});

describe('POST /admin/api/usuarios', () => {
  it('stores a staff name as typed (trimmed) or refuses it in Spanish', async (ctx) => {
    needs(ctx, 'POST', '/admin/api/usuarios');
    let n = 0;
    await fc.assert(
      fc.asyncProperty(hostileValue(), async (name) => {
        const before = await snapshot(staffUsers);
        const email = `hostil${++n}-${Date.now()}@automotora.cl`;
        const response = await send('POST', '/admin/api/usuarios', {
          email,
          name,
          password: 'una-clave-larga-2026',
          role: 'ventas',
        });
        if (response.statusCode !== 201) return expectRefusedUnchanged(response, staffUsers, before);
        expect(typeof name).toBe('string');
        const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.email, email));
        expect(row?.name).toBe((name as string).trim());
        expect(row?.name).not.toMatch(UNPRINTABLE_LINE);
      }),
      // Each accepted account hashes a password: a few runs are enough.
      { numRuns: runs(15) },
    );
  });
});

describe('POST /admin/api/usuarios (password)', () => {
  // Guessable passwords built from the account itself or the dealership (ADR 0027).
  const GUESSABLE: Array<(who: { email: string; name: string }) => string> = [
    (who) => who.email,
    (who) => `${who.email.split('@')[0]}2026`,
    () => 'EustaquiaNancupil2026!',
    () => 'Cordillera#2026',
    () => '1234567890',
    () => 'a'.repeat(12),
    () => 'contraseña123',
  ];

  it('stores a hostile password only as a hash, and refuses a guessable one in Spanish beside its field', async (ctx) => {
    needs(ctx, 'POST', '/admin/api/usuarios');
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileValue().map((value) => ({ guessable: false, make: () => value })),
          fc.constantFrom(...GUESSABLE).map((make) => ({ guessable: true, make })),
        ),
        async ({ guessable, make }) => {
          const before = await snapshot(staffUsers);
          const who = { email: `eustaquia.nancupil${++n}@automotora.cl`, name: 'Eustaquia Ñancupil' };
          const password = make(who);
          const response = await send('POST', '/admin/api/usuarios', { ...who, password, role: 'ventas' });
          if (guessable) {
            expect(response.statusCode, response.body).toBe(400);
            expect(Object.keys(expectSpanishRefusal(response).campos ?? {})).toEqual(['password']);
          }
          if (response.statusCode !== 201) return expectRefusedUnchanged(response, staffUsers, before);
          const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.email, who.email));
          expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
          expect(await verifyPassword(password as string, row?.passwordHash ?? '')).toBe(true);
        },
      ),
      // Each accepted account hashes a password: a few runs are enough.
      { numRuns: runs(20) },
    );
  });
});

describe('PUT /admin/api/sitio', () => {
  // A path in the settings and how to put a value there.
  const FIELDS: Array<[string, (datos: Record<string, unknown>, value: unknown) => void]> = [
    ['name', (d, v) => Object.assign(d, { name: v })],
    ['tagline', (d, v) => Object.assign(d, { tagline: v })],
    ['about', (d, v) => Object.assign(d, { about: v })],
    ['mapUrl', (d, v) => Object.assign(d, { mapUrl: v })],
    [
      'phones.0.label',
      (d, v) => Object.assign((d.phones as Array<Record<string, unknown>>)[0] ?? {}, { label: v }),
    ],
    [
      'addresses.0.postalCode',
      (d, v) => Object.assign((d.addresses as Array<Record<string, unknown>>)[0] ?? {}, { postalCode: v }),
    ],
    [
      'slides.0.title',
      (d, v) => Object.assign((d.slides as Array<Record<string, unknown>>)[0] ?? {}, { title: v }),
    ],
    [
      'social.0.url',
      (d, v) => Object.assign((d.social as Array<Record<string, unknown>>)[0] ?? {}, { url: v }),
    ],
    [
      'partners.5.name',
      (d, v) => Object.assign((d.partners as Array<Record<string, unknown>>)[5] ?? {}, { name: v }),
    ],
    [
      'financingPage.convencional.intro',
      (d, v) =>
        Object.assign((d.financingPage as Record<string, Record<string, unknown>>).convencional ?? {}, {
          intro: v,
        }),
    ],
    ['pageDescriptions.vehicles', (d, v) => Object.assign(d, { pageDescriptions: { vehicles: v } })],
    [
      'privacy.insurers.1',
      (d, v) => {
        (d.privacy as { insurers: unknown[] }).insurers[1] = v;
      },
    ],
    // The quotation's terms (ADR 0032).
    [
      'creditQuotation.lenders.convencional',
      (d, v) => {
        (d.creditQuotation as { lenders: Record<string, unknown> }).lenders.convencional = v;
      },
    ],
    [
      'creditQuotation.prepayment',
      (d, v) => Object.assign(d.creditQuotation as Record<string, unknown>, { prepayment: v }),
    ],
    [
      'creditQuotation.collectionCharges',
      (d, v) => Object.assign(d.creditQuotation as Record<string, unknown>, { collectionCharges: v }),
    ],
    [
      'financing.insurances.0.insurer',
      (d, v) =>
        Object.assign((d.financing as { insurances: Array<Record<string, unknown>> }).insurances[0] ?? {}, {
          insurer: v,
        }),
    ],
    [
      'financing.insurances.1.coverage',
      (d, v) =>
        Object.assign((d.financing as { insurances: Array<Record<string, unknown>> }).insurances[1] ?? {}, {
          coverage: v,
        }),
    ],
  ];
  const read = async () =>
    (await t.app.inject({ method: 'GET', url: '/admin/api/sitio', headers: admin.headers })).json() as {
      version: number;
      datos: Record<string, unknown>;
    };
  const at = (datos: Record<string, unknown>, path: string) =>
    path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], datos);

  it('stores a setting as typed (trimmed) or refuses it in Spanish, keeping every version as it was', async (ctx) => {
    needs(ctx, 'PUT', '/admin/api/sitio');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FIELDS), hostileValue(), async ([path, put], value) => {
        const current = await read();
        const datos = structuredClone(current.datos);
        put(datos, value);
        const before = await snapshot(siteSettings);
        const response = await send('PUT', '/admin/api/sitio', { version: current.version, datos });
        if (response.statusCode !== 200) return expectRefusedUnchanged(response, siteSettings, before);
        const stored = at((await read()).datos, path);
        // A lender may be none (null): the dealership lends under its legal name (ADR 0032).
        if (value === null && path.startsWith('creditQuotation.lenders.')) {
          expect(stored).toBeNull();
          return;
        }
        expect(typeof value).toBe('string');
        expect(stored).toBe((value as string).trim());
        expect(stored).not.toMatch(
          /about|intro|prepayment|collectionCharges|coverage/.test(path) ? UNPRINTABLE : UNPRINTABLE_LINE,
        );
        if (path.endsWith('url') || path.endsWith('Url')) expect(stored).toMatch(/^https?:\/\//);
      }),
      { numRuns: runs(40) },
    );
  });

  // The rest of the settings (financing, test drives, hours as data) only reach the server through the API: any value,
  // of any type, is stored as sent when the rules allow it, or refused in Spanish.
  const NESTED = [
    'financing.credits.directo.label',
    'financing.credits.convencional.monthlyRatePercent.48',
    'financing.credits.directo.minDownPaymentPercent',
    'financing.fees.0.amount',
    'financing.fees.0.financed',
    'financing.insurances.0.id',
    'financing.legalNote',
    'testDrives.slotCapacity',
    'addresses.1.postalCode',
    // The opening hours (ADR 0036), at every depth.
    'schedule',
    'schedule.week',
    'schedule.week.1',
    'schedule.week.1.0',
    'schedule.week.1.0.open',
    'schedule.week.6.0.close',
    'schedule.closedOnHolidays',
    'schedule.closedDates',
    'schedule.closedDates.0',
    'slides.2.photo',
    'phones',
    'partners.1.logo',
    'partners',
    'financingPage.directo.conditions',
    'financingPage.convencional.independent.0',
    'financing.stampTax.capPercent',
    'pageDescriptions',
    'legal.terms',
    'legal.privacy',
    'legal.updated',
    'privacy',
    'privacy.retentionMonths',
    'privacy.retentionMonths.contacto',
    'privacy.retentionMonths.financiamiento',
    'privacy.photoRetentionMonths',
    'privacy.insurers',
    'privacy.insurers.0',
    'creditQuotation',
    'creditQuotation.lenders',
    'creditQuotation.lenders.directo',
    'creditQuotation.validityBusinessDays',
    'creditQuotation.lateInterest',
    'financing.insurances.0.insurer',
    'financing.insurances.1.coverage',
    // The tasa máxima convencional and the UF value (ADR 0042): a table that refuses the rates is refused too.
    'maximumRates',
    'maximumRates.certificate',
    'maximumRates.validFrom',
    'maximumRates.annualPercent.upTo5000',
    'ufValue.pesos',
    'ufValue.date',
  ];
  const putAt = (datos: Record<string, unknown>, path: string, value: unknown) => {
    const keys = path.split('.');
    const last = keys.pop() ?? '';
    const parent = keys.reduce<Record<string, unknown>>(
      (object, key) => object[key] as Record<string, unknown>,
      datos,
    );
    parent[last] = value;
  };

  it('refuses any other value of any type in Spanish, or stores it as sent', async (ctx) => {
    needs(ctx, 'PUT', '/admin/api/sitio');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...NESTED), hostileValue(), async (path, value) => {
        const current = await read();
        const datos = structuredClone(current.datos);
        putAt(datos, path, value);
        const before = await snapshot(siteSettings);
        const response = await send('PUT', '/admin/api/sitio', { version: current.version, datos });
        if (response.statusCode !== 200) return expectRefusedUnchanged(response, siteSettings, before);
        const stored = at((await read()).datos, path);
        // The terms' date is set by the server when their text changes (ADR 0041), never taken from the body.
        if (path === 'legal.updated') return expect(stored).toBe(at(current.datos, path));
        expect(stored).toEqual(typeof value === 'string' ? value.trim() : value);
      }),
      { numRuns: runs(60) },
    );
  });
});

describe('PUT /admin/api/sitio (opening hours)', () => {
  const read = async () =>
    (await t.app.inject({ method: 'GET', url: '/admin/api/sitio', headers: admin.headers })).json() as {
      version: number;
      datos: { schedule: { week: unknown[][]; closedOnHolidays: boolean; closedDates: unknown[] } };
    };
  const range = (open: unknown, close: unknown) => ({ open, close });
  const weekWith = (day: number, ranges: unknown[]) => (week: unknown[][]) => week.with(day, ranges);

  it('refuses hours that cannot be kept, under the day or list they concern, in Spanish, storing nothing', async (ctx) => {
    needs(ctx, 'PUT', '/admin/api/sitio');
    // [what changes, the field named, words of the sentence]
    const cases: Array<[(s: Record<string, unknown>) => void, string, RegExp]> = [
      [
        (s) =>
          (s.week = weekWith(2, [range('09:00', '13:00'), range('12:00', '18:00')])(s.week as unknown[][])),
        'schedule.week.2',
        /superponen/,
      ],
      [
        (s) => (s.week = weekWith(2, [range('18:00', '09:00')])(s.week as unknown[][])),
        'schedule.week.2',
        /abrir antes de cerrar/,
      ],
      [
        (s) => (s.week = weekWith(3, [range('24:00', '25:00')])(s.week as unknown[][])),
        'schedule.week.3',
        /HH:mm/,
      ],
      [
        (s) => (s.week = weekWith(3, [range('9:00', '18:00')])(s.week as unknown[][])),
        'schedule.week.3',
        /HH:mm/,
      ],
      [(s) => (s.week = weekWith(4, [range(900, 1800)])(s.week as unknown[][])), 'schedule.week.4', /HH:mm/],
      [
        (s) =>
          (s.week = weekWith(
            1,
            Array.from({ length: 4 }, (_, i) => range(`0${i + 1}:00`, `0${i + 1}:30`)),
          )(s.week as unknown[][])),
        'schedule.week.1',
        /hasta 3 tramos/,
      ],
      [(s) => (s.week = [[], [], [], [], [], [], []]), 'schedule.week', /al menos un día/],
      [(s) => (s.week = [[], [], [], [], [], [], [], []]), 'schedule.week', /siete días/],
      [(s) => (s.week = 'Lun-Vie 9:00-18:00'), 'schedule.week', /siete días/],
      [(s) => (s.closedOnHolidays = 'sí'), 'schedule.closedOnHolidays', /feriados/],
      [(s) => (s.closedDates = ['2027-02-30']), 'schedule.closedDates', /Línea 1: .*no existe/],
      [(s) => (s.closedDates = ['24-12-2027']), 'schedule.closedDates', /Línea 1: .*dd-mm-aaaa/],
      [(s) => (s.closedDates = ['1999-12-24']), 'schedule.closedDates', /Línea 1: .*no existe/],
      [(s) => (s.closedDates = ['2027-12-24', '2027-12-24']), 'schedule.closedDates', /repetida/],
      [
        (s) =>
          (s.closedDates = Array.from({ length: 61 }, (_, i) =>
            `2028-01-01`.replace(
              '01-01',
              `${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
            ),
          )),
        'schedule.closedDates',
        /hasta 60/,
      ],
      [(s) => Object.assign(s, { timeZone: 'UTC' }), 'schedule.timeZone', /no existe en la configuración/],
    ];
    for (const [change, field, words] of cases) {
      const current = await read();
      const schedule = structuredClone(current.datos.schedule) as Record<string, unknown>;
      change(schedule);
      const before = await snapshot(siteSettings);
      const response = await send('PUT', '/admin/api/sitio', {
        version: current.version,
        datos: { ...current.datos, schedule },
      });
      expect(
        response.statusCode,
        `${field} ${JSON.stringify(schedule.closedDates).slice(0, 200)} ${response.body}`,
      ).toBe(400);
      await expectRefusedUnchanged(response, siteSettings, before);
      const body = response.json() as { campos: Record<string, string> };
      expect(`${field}: ${body.campos[field]}`, response.body).toMatch(words);
      expect((await read()).datos.schedule).toEqual(current.datos.schedule);
    }
  });
});

describe('POST /admin/api/sesion (sign-in)', () => {
  it('answers hostile e-mails and passwords with a Spanish 4xx, never a session', async () => {
    await fc.assert(
      fc.asyncProperty(hostileValue(), hostileValue(), async (email, password) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/admin/api/sesion',
          headers: { ...(await csrfHeaders(t.app)), 'content-type': 'application/json' },
          payload: JSON.stringify({ email, password }),
        });
        expect(response.statusCode, response.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
        expectSpanishRefusal(response);
        expect(response.headers['set-cookie']).toBeUndefined();
      }),
      { numRuns: runs(25) },
    );
  });
});

describe('back office queries', () => {
  const QUERIES: Array<[string, string[]]> = [
    ['/admin/api/vehiculos', ['q', 'estado', 'orden', 'pagina']],
    ['/admin/api/solicitudes', ['q', 'tipo', 'estado', 'desde', 'hasta', 'vencidas', 'pagina']],
    ['/admin/api/solicitudes.csv', ['q', 'desde', 'hasta']],
    ['/admin/api/auditoria', ['entidad', 'usuario', 'desde', 'hasta', 'pagina']],
    ['/admin/api/datos-personales', ['email']],
    ['/admin/api/listas/marcas', ['q']],
  ];
  it('answer hostile parameters with 200 or a Spanish 4xx', async (ctx) => {
    const present = QUERIES.filter(([url]) =>
      url === '/admin/api/listas/marcas' ? has('GET', '/admin/api/listas/:tipo') : has('GET', url),
    );
    if (present.length === 0) ctx.skip();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...present),
        fc.nat(),
        fc.oneof(hostileString({ maxLength: 150 }), fc.constantFrom(...NAUGHTY_STRINGS)),
        fc.boolean(),
        async ([url, params], pick, value, repeat) => {
          const name = params[pick % params.length] ?? 'q';
          const encoded = encodeURIComponent(value.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));
          const query = repeat ? `${name}=${encoded}&${name}=x` : `${name}=${encoded}`;
          const response = await t.app.inject({
            method: 'GET',
            url: `${url}?${query}`,
            headers: admin.headers,
          });
          expect(response.statusCode, `${url}?${query} ${response.body.slice(0, 200)}`).toBeLessThan(500);
          if (response.statusCode >= 400) expectSpanishRefusal(response);
        },
      ),
      { numRuns: runs(120) },
    );
  });

  it('refuses hostile erasure requests in Spanish without erasing anything', async (ctx) => {
    needs(ctx, 'POST', '/admin/api/datos-personales/eliminar');
    await fc.assert(
      fc.asyncProperty(hostileValue(), async (email) => {
        const response = await send('POST', '/admin/api/datos-personales/eliminar', {
          email,
          confirmacion: email,
        });
        expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
        if (response.statusCode >= 400) expectSpanishRefusal(response);
      }),
      { numRuns: runs(40) },
    );
    // The fixture's lead belongs to camila.rojas@example.cl, which no hostile value is: it must still be there.
    const response = await t.app.inject({
      method: 'GET',
      url: `/admin/api/solicitudes/${leadId}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
  });
});
