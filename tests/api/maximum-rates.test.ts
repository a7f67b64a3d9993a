// The tasa máxima convencional in the back office and on the cards (ADR 0042): the settings refuse a rate above the
// maximum its credits reach, naming the limit, and store nothing; a new table and UF value are saved as typed; a
// restored version is held to the same rule; a car whose every credit would be above the maximum advertises no cuota.
import type { Dealership } from '@contracts/dealership.ts';
import { siteSettings } from '@db/schema.ts';
import { installmentFrom } from '@domain/vehicle.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import { resolveListing } from '@server/services/catalogue/listing.ts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookups, createVehicle } from '../support/factories.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface SettingsBody {
  version: number;
  datos: Dealership;
}

let t: TestApp;
let admin: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t.app, 'admin');
  const lookups = await createLookups(t.database.db);
  await createVehicle(t.database.db, { lookups, model: 'Sportage', price: 12_990_000 });
  await createVehicle(t.database.db, { lookups, model: 'Cayenne', price: 300_000_000 });
});
afterAll(() => t.close());

const read = async () => (await callAs(t.app, 'GET', '/admin/api/sitio', admin)).json() as SettingsBody;
const save = (body: unknown) => callAs(t.app, 'PUT', '/admin/api/sitio', admin, body);
const versionCount = async () => (await t.database.db.select({ n: count() }).from(siteSettings))[0]?.n ?? 0;

/** The settings with the direct credit at `rate` a month at 48 months. */
const withDirectRate = (datos: Dealership, rate: number): Dealership => ({
  ...datos,
  financing: {
    ...datos.financing,
    credits: {
      ...datos.financing.credits,
      directo: {
        ...datos.financing.credits.directo,
        monthlyRatePercent: { ...datos.financing.credits.directo.monthlyRatePercent, 48: rate },
      },
    },
  },
});

describe('the settings and the tasa máxima convencional', () => {
  it('refuses a rate above the maximum under its field, naming the limit, its segment and date, storing nothing', async () => {
    const current = await read();
    const before = await versionCount();
    const response = await save({ version: current.version, datos: withDirectRate(current.datos, 1.99) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Revisa los campos marcados.',
      campos: {
        'financing.credits.directo.monthlyRatePercent.48':
          'Supera la tasa máxima convencional: 22,38% anual (1,865% mensual) para créditos a 90 días o más, de ' +
          'más de 200 UF y hasta 5.000 UF, vigente desde el 15-10-2014.',
      },
    });
    expect(await versionCount()).toBe(before);
    expect((await read()).datos.financing.credits.directo.monthlyRatePercent[48]).toBe(1.86);
  });

  it('refuses a broken table or UF value with a Spanish sentence per field, storing nothing', async () => {
    const current = await read();
    const before = await versionCount();
    const response = await save({
      version: current.version,
      datos: {
        ...current.datos,
        maximumRates: {
          certificate: '',
          validFrom: '2026-02-30',
          annualPercent: { ...current.datos.maximumRates.annualPercent, upTo5000: 0, over5000: 150 },
        },
        ufValue: { pesos: 38, date: 'ayer' },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().campos).toEqual({
      'maximumRates.certificate': 'Ingresa el certificado de la CMF.',
      'maximumRates.validFrom': 'Esa fecha no existe en el calendario.',
      'maximumRates.annualPercent.upTo5000': 'La tasa máxima debe ser mayor que 0% anual.',
      'maximumRates.annualPercent.over5000': 'La tasa máxima no puede pasar de 100% anual.',
      'ufValue.pesos': 'El valor de la UF no parece correcto: escríbelo en pesos, como 38.362,26.',
      'ufValue.date': 'Escribe la fecha como dd-mm-aaaa.',
    });
    expect(await versionCount()).toBe(before);
  });

  it('saves the certificate in force and the UF value, then holds the rates to the new table', async () => {
    const current = await read();
    const table = {
      certificate: 'Certificado N° 11/2026',
      validFrom: '2026-11-16',
      annualPercent: { ...current.datos.maximumRates.annualPercent, upTo5000: 27.5 },
    };
    const saved = await save({
      version: current.version,
      datos: {
        ...withDirectRate(current.datos, 2.2),
        maximumRates: table,
        ufValue: { pesos: 40_512.34, date: '2026-11-27' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json() as SettingsBody;
    expect(body.datos.maximumRates).toEqual(table);
    expect(body.datos.ufValue).toEqual({ pesos: 40_512.34, date: '2026-11-27' });
    // 2,2% a month (26,4% a year) is within 27,5%: the direct credit quotes it.
    const snapshot = await t.app.services.catalogue.snapshot();
    expect(snapshot.settings.data.maximumRates.certificate).toBe('Certificado N° 11/2026');

    // A table that lowers the maximum under the conventional credit's 1,59% (19,08% a year) is refused on its rates.
    const lowered = await save({
      version: body.version,
      datos: {
        ...body.datos,
        maximumRates: { ...table, annualPercent: { ...table.annualPercent, upTo5000: 18 } },
      },
    });
    expect(lowered.statusCode).toBe(400);
    const campos = lowered.json().campos as Record<string, string>;
    expect(Object.keys(campos)).toEqual([
      'financing.credits.convencional.monthlyRatePercent.36',
      'financing.credits.convencional.monthlyRatePercent.48',
      'financing.credits.directo.monthlyRatePercent.12',
      'financing.credits.directo.monthlyRatePercent.24',
      'financing.credits.directo.monthlyRatePercent.36',
      'financing.credits.directo.monthlyRatePercent.48',
    ]);
    expect(campos['financing.credits.convencional.monthlyRatePercent.48']).toContain(
      '18,00% anual (1,5% mensual)',
    );
    expect((await read()).version).toBe(body.version);
  });

  it('refuses to restore a version whose rates its table refuses (one stored before the table existed)', async () => {
    const current = await read();
    // A version written by an earlier release: the direct credit at 1,99%, no table (the demo's fills it).
    const { maximumRates: _table, ufValue: _uf, ...older } = withDirectRate(defaultDealership, 1.99);
    const [row] = await t.database.db
      .insert(siteSettings)
      .values({ data: older as Dealership })
      .returning();
    t.app.services.catalogue.invalidate();
    const stored = row?.version ?? 0;
    const latest = await read();
    expect(latest.version).toBe(stored);
    // The site still never quotes it: the simulator holds each quote to the table (tests/unit/maximum-rate.test.ts).
    const response = await callAs(
      t.app,
      'POST',
      `/admin/api/sitio/versiones/${current.version}/restaurar`,
      admin,
      {
        version: latest.version,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const refused = await callAs(t.app, 'POST', `/admin/api/sitio/versiones/${stored}/restaurar`, admin, {
      version: (response.json() as SettingsBody).version,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      'No se puede restaurar esa versión. La tasa del crédito directo a 48 meses supera la tasa máxima ' +
        'convencional: 22,38% anual (1,865% mensual) para créditos a 90 días o más, de más de 200 UF y hasta ' +
        '5.000 UF, vigente desde el 15-10-2014.',
    );
  });
});

describe('the cards under the tasa máxima convencional', () => {
  it('advertise no cuota for a car whose every open credit is above the maximum (over 5.000 UF)', async () => {
    const snapshot = await t.app.services.catalogue.snapshot();
    const settings = snapshot.settings.data;
    expect(installmentFrom(settings, 300_000_000)).toBeNull();
    expect(installmentFrom(settings, 12_990_000)?.typeLabel).toBe('Crédito convencional');
    const { data } = resolveListing(snapshot, new URLSearchParams(), snapshot.settings.data);
    const byModel = new Map(data.vehicles.map((v) => [v.name, v]));
    const cheap = [...byModel.entries()].find(([name]) => name.includes('Sportage'))?.[1];
    const dear = [...byModel.entries()].find(([name]) => name.includes('Cayenne'))?.[1];
    expect(cheap?.installmentFrom?.caePercent).toBeGreaterThan(0);
    expect(dear).toBeDefined();
    expect(dear?.installmentFrom).toBeNull();
    // The cuota máxima never finds it either.
    const found = resolveListing(
      snapshot,
      new URLSearchParams({ cuota_max: '100000000' }),
      snapshot.settings.data,
    );
    expect(found.data.vehicles.map((v) => v.name).some((name) => name.includes('Cayenne'))).toBe(false);
  });
});
