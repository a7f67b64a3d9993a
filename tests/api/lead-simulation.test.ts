import { LeadCreatedSchema } from '@contracts/leads.ts';
import { ApiErrorSchema } from '@contracts/vehicle.ts';
import { emailOutbox, leads } from '@db/schema.ts';
import { type CreditSimulation, type SimulationInput, simulateCredit } from '@domain/credit.ts';
import { quotationAt } from '@server/services/settings/quotation.ts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrfHeaders, csrfHeaders } from '../support/csrf-client.ts';
import { cuotasWithoutCae, statesCuota } from '../support/cuota-cae-text.ts';
import { createLookups, createVehicle } from '../support/factories.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A financing request sent from the credit simulator ('simulacion'): the server computes the simulation again from
// the vehicle's price (or the typed one) and its own settings, stores it with the lead, or refuses the lead.

const PATH = '/api/contact-form/';
const VEHICLE_PRICE = 12_990_000;

let t: TestApp;
let headers: CsrfHeaders;
let vehicleId: number;

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000' });
  headers = await csrfHeaders(t.app);
  const lookups = await createLookups(t.database.db);
  vehicleId = (await createVehicle(t.database.db, { lookups, model: 'Tracker', price: VEHICLE_PRICE })).id;
});
afterAll(() => t.close());

const post = (payload: unknown, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: PATH, payload: payload as object, headers: { ...headers, ...extra } });

const financing = (extra: Record<string, unknown>) => ({ ...VALID_PAYLOADS[PATH], ...extra });

/** What the module computes for the same inputs, the expected stored value. */
function expected(input: SimulationInput): CreditSimulation {
  const result = simulateCredit(t.config.dealership.financing, input, t.config.dealership);
  if (!result.ok) throw new Error(result.error);
  return result.simulation;
}

/** The figures as stored with the quotation's terms of the day the request arrived (ADR 0032). */
async function withQuotation(simulation: CreditSimulation) {
  return { ...simulation, quotation: await quotationAt(t.config.dealership, Date.now()) };
}

async function storedLead(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode, response.body).toBe(201);
  const { id } = LeadCreatedSchema.strict().parse(response.json());
  const [row] = await t.database.db.select().from(leads).where(eq(leads.id, id));
  const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, id));
  return { row, mail };
}

async function tally() {
  const [l] = await t.database.db.select({ n: count() }).from(leads);
  const [o] = await t.database.db.select({ n: count() }).from(emailOutbox);
  return { leads: l?.n ?? 0, outbox: o?.n ?? 0 };
}

describe('a financing request with a simulation', () => {
  it('stores the simulation computed from the published vehicle’s price, not the precio sent', async () => {
    const { row } = await storedLead(
      await post(
        financing({
          vehiculo_id: vehicleId,
          simulacion: {
            precio: 5_000_000,
            pie: 3_000_000,
            plazo: 36,
            tipo: 'convencional',
            seguros: ['cesantia'],
          },
        }),
      ),
    );
    const simulation = expected({
      price: VEHICLE_PRICE,
      downPayment: { pesos: 3_000_000 },
      term: 36,
      type: 'convencional',
      insurances: ['cesantia'],
    });
    expect(row?.vehicleId).toBe(vehicleId);
    expect(row?.simulation).toEqual(await withQuotation(simulation));
    expect(row?.simulation?.price).toBe(VEHICLE_PRICE);
    expect(row?.simulation?.insurances.map((insurance) => insurance.id)).toEqual(['cesantia']);
  });

  it('uses the vehicle’s price when no precio is sent', async () => {
    const { row } = await storedLead(
      await post(
        financing({ vehiculo_id: vehicleId, simulacion: { pie: 6_000_000, plazo: 48, tipo: 'directo' } }),
      ),
    );
    expect(row?.simulation).toEqual(
      await withQuotation(
        expected({ price: VEHICLE_PRICE, downPayment: { pesos: 6_000_000 }, term: 48, type: 'directo' }),
      ),
    );
  });

  it('uses the precio typed on /financing when no vehicle is named', async () => {
    const { row } = await storedLead(
      await post(
        financing({
          simulacion: { precio: 15_000_000, pie: 4_000_000, plazo: 24, tipo: 'convencional', seguros: [] },
        }),
      ),
    );
    expect(row?.vehicleId).toBeNull();
    expect(row?.simulation).toEqual(
      await withQuotation(
        expected({ price: 15_000_000, downPayment: { pesos: 4_000_000 }, term: 24, type: 'convencional' }),
      ),
    );
  });

  it('stores null and answers exactly as before without one', async () => {
    const response = await post(VALID_PAYLOADS[PATH]);
    expect(Object.keys(response.json() as object).sort()).toEqual(['id', 'mensaje']);
    const { row, mail } = await storedLead(response);
    expect(row?.simulation).toBeNull();
    expect(row?.details).toEqual({
      financiamiento: 'directo',
      vehiculo: '$15.000.000',
      pie: '$4.000.000',
      plazo: '36',
      // Sent without its express consent: not kept (ADR 0031).
      ingresos: null,
    });
    expect(mail?.textBody).not.toContain('Simulación');
    expect(mail?.htmlBody).not.toContain('Simulación');
  });

  it('answers a retry with the same simulation once, and a key reused with another simulation with 422', async () => {
    const key = `simulacion-${Date.now()}`;
    const payload = financing({
      simulacion: { precio: 15_000_000, pie: 4_000_000, plazo: 24, tipo: 'convencional' },
    });
    const before = await tally();
    const first = await post(payload, { 'idempotency-key': key });
    const retry = await post(payload, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await tally()).toEqual({ leads: before.leads + 1, outbox: before.outbox + 1 });
    const other = await post(
      financing({ simulacion: { precio: 15_000_000, pie: 5_000_000, plazo: 24, tipo: 'convencional' } }),
      { 'idempotency-key': key },
    );
    expect(other.statusCode).toBe(422);
  });
});

describe('the e-mails of a financing request', () => {
  it('state the CAE wherever they state a cuota, to staff and to the visitor (Ley 19.496 art. 17 G)', async () => {
    const response = await post(
      financing({
        vehiculo_id: vehicleId,
        simulacion: { pie: 4_000_000, plazo: 36, tipo: 'convencional' },
        consentimiento_datos_socioeconomicos: true,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const id = LeadCreatedSchema.parse(response.json()).id;
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, id));
    // The staff e-mail and the visitor's receipt of the consent they gave.
    const visitor = VALID_PAYLOADS[PATH].correo;
    expect(mails.map((mail) => mail.toAddress)).toContain(visitor);
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const mail of mails) {
      for (const body of [mail.textBody, mail.htmlBody ?? ''])
        expect(cuotasWithoutCae(body), `${mail.toAddress}: ${mail.subject}`).toEqual([]);
    }
    // The check reads something: the staff e-mail states the cuota (and its CAE beside it).
    expect(mails.some((mail) => statesCuota(mail.textBody))).toBe(true);
    expect(cuotasWithoutCae('Valor cuota: $279.472')).toEqual(['Valor cuota: $279.472']);
  });
});

describe('a simulation the server refuses', () => {
  const simulation = { precio: 10_000_000, pie: 3_000_000, plazo: 36, tipo: 'convencional' };

  it.each<[string, Record<string, unknown>, string]>([
    [
      'a pie as large as the price',
      { simulacion: { ...simulation, pie: 10_000_000 } },
      'El pie debe ser menor que el precio del vehículo.',
    ],
    [
      'a pie under the credit type’s minimum',
      { simulacion: { ...simulation, tipo: 'directo', pie: 2_000_000 } },
      'El crédito directo requiere un pie de al menos 40% ($4.000.000).',
    ],
    [
      'a 60-month term',
      { simulacion: { ...simulation, plazo: 60 } },
      'Elige un plazo de 12, 24, 36 o 48 meses.',
    ],
    [
      'the form’s "no sé" as the credit type',
      { simulacion: { ...simulation, tipo: 'no-se' } },
      'Elige crédito convencional o crédito directo.',
    ],
    [
      'an insurance the dealership does not offer',
      { simulacion: { ...simulation, seguros: ['vida'] } },
      'Uno de los seguros elegidos no existe.',
    ],
    [
      'an unknown key inside the simulation',
      { simulacion: { ...simulation, cuota: 1 } },
      'La simulación enviada no es válida.',
    ],
    ['a simulation sent as a string', { simulacion: 'pie=3000000' }, 'La simulación enviada no es válida.'],
    [
      // ADR 0042: the demo's table allows 9,12% a year over 5.000 UF; the conventional credit is 1,59% a month.
      'a rate above the tasa máxima convencional of its amount (a credit of more than 5.000 UF)',
      { simulacion: { precio: 300_000_000, pie: 60_000_000, plazo: 48, tipo: 'convencional' } },
      'La tasa del crédito convencional a 48 meses (1,59% mensual) supera la tasa máxima convencional: 9,12% ' +
        'anual (0,76% mensual) para créditos a 90 días o más, de más de 5.000 UF, vigente desde el 15-10-2014. ' +
        'No podemos cotizar este crédito; prueba con otro plazo, otro pie o el otro crédito.',
    ],
    [
      'a pie written as text',
      { simulacion: { ...simulation, pie: 'abc' } },
      'El pie debe ser un número en pesos.',
    ],
    ['a negative pie', { simulacion: { ...simulation, pie: -1 } }, 'El pie no puede ser negativo.'],
    [
      'a pie with decimals',
      { simulacion: { ...simulation, pie: 1.5 } },
      'El pie debe ser un monto en pesos, sin decimales.',
    ],
    [
      'a precio written as text',
      { simulacion: { ...simulation, precio: 'abc' } },
      'El precio debe ser un número en pesos.',
    ],
    ['a negative precio', { simulacion: { ...simulation, precio: -1 } }, 'El precio no puede ser negativo.'],
    [
      'no price: neither a vehicle nor a precio',
      { simulacion: { pie: 3_000_000, plazo: 36, tipo: 'convencional' } },
      'Indica el precio del vehículo para la simulación.',
    ],
  ])(
    'refuses %s with a Spanish field error under simulacion and stores nothing',
    async (_case, extra, message) => {
      const before = await tally();
      const response = await post(financing(extra));
      expect(response.statusCode, response.body).toBe(400);
      const body = ApiErrorSchema.parse(response.json());
      expect(body.error).toBe('Revisa los datos del formulario.');
      expect(body.campos).toEqual({ simulacion: message });
      expect(await tally()).toEqual(before);
    },
  );

  it('judges the pie against the vehicle’s price, whatever precio is sent', async () => {
    const before = await tally();
    const response = await post(
      financing({
        vehiculo_id: vehicleId,
        simulacion: { ...simulation, precio: 99_000_000, pie: VEHICLE_PRICE },
      }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).campos).toEqual({
      simulacion: 'El pie debe ser menor que el precio del vehículo.',
    });
    expect(await tally()).toEqual(before);
  });
});
