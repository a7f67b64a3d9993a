import { LeadCreatedSchema } from '@contracts/leads.ts';
import { ApiErrorSchema } from '@contracts/vehicle.ts';
import { consentEvents, emailOutbox, idempotencyKeys, leads } from '@db/schema.ts';
import { promiseDueAt } from '@domain/opening-hours.ts';
import { chileHolidays } from '@server/services/rights/chile-holidays.ts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrfHeaders, csrfHeaders } from '../support/csrf-client.ts';
import { createLookups, createVehicle } from '../support/factories.ts';
import {
  ENUM_FIELDS,
  JSON_LEAD_PATHS,
  type LeadPath,
  OPTIONAL_FIELDS,
  VALID_PAYLOADS,
} from '../support/lead-payloads.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let headers: CsrfHeaders;
let publishedId: number;
let draftId: number;

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000' });
  headers = await csrfHeaders(t.app);
  const lookups = await createLookups(t.database.db);
  publishedId = (await createVehicle(t.database.db, { lookups, model: 'Tracker' })).id;
  draftId = (await createVehicle(t.database.db, { lookups, status: 'draft' })).id;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...headers, ...extra } });

async function stored(): Promise<{ leads: number; outbox: number }> {
  const [l] = await t.database.db.select({ n: count() }).from(leads);
  const [o] = await t.database.db.select({ n: count() }).from(emailOutbox);
  return { leads: l?.n ?? 0, outbox: o?.n ?? 0 };
}

describe.each(JSON_LEAD_PATHS)('POST %s', (path: LeadPath) => {
  const valid = VALID_PAYLOADS[path];

  it('stores a valid lead (the SPEC §7 payload) with its staff e-mail and answers 201 {id, mensaje}, no consent', async () => {
    const response = await post(path, valid);
    expect(response.statusCode).toBe(201);
    const body = LeadCreatedSchema.strict().parse(response.json());
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, body.id));
    expect(row).toBeDefined();
    const name = 'name' in valid ? valid.name : valid.nombre;
    const email = 'email' in valid ? valid.email : valid.correo;
    expect(row?.name).toBe(name);
    expect(row?.email).toBe(email);
    expect(row?.status).toBe('nuevo');
    // 24 hours counted on the days the dealership opens (ADR 0036).
    const due = promiseDueAt(row?.createdAt as Date, 24, t.config.dealership.schedule, await chileHolidays());
    expect(row?.dueAt.getTime()).toBe(due.getTime());
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, body.id));
    expect(mail?.toAddress).toBe(t.config.dealership.salesEmail);
    expect(mail?.replyTo).toBe(email);
    expect(mail?.subject).toContain(name);
    expect(mail?.textBody).toContain('24 horas');
    // No box was ticked: no consent is recorded (ADR 0031).
    expect(await t.database.db.select().from(consentEvents).where(eq(consentEvents.leadId, body.id))).toEqual(
      [],
    );
  });

  const required = Object.keys(valid).filter((field) => !OPTIONAL_FIELDS[path].includes(field));
  it.each(required)('refuses a missing %s with a Spanish field error and stores nothing', async (field) => {
    const before = await stored();
    const { [field]: _removed, ...rest } = valid as Record<string, string>;
    const response = await post(path, rest);
    expect(response.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(response.json());
    expect(body.error).toBe('Revisa los datos del formulario.');
    expect(body.campos?.[field]).toMatch(/^[A-ZÁÉÍÓÚ¿¡]/);
    expect(await stored()).toEqual(before);
  });

  it.each(ENUM_FIELDS[path])('refuses a value of %s outside its enumeration', async (field) => {
    const before = await stored();
    const response = await post(path, { ...valid, [field]: 'valor-inventado' });
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).campos?.[field]).toMatch(/Selecciona/);
    expect(await stored()).toEqual(before);
  });

  it.each(OPTIONAL_FIELDS[path])('accepts the lead without the optional %s', async (field) => {
    const { [field]: _removed, ...rest } = valid as Record<string, string>;
    expect((await post(path, rest)).statusCode).toBe(201);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await post(path, 'name=x', { 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(415);
    expect(ApiErrorSchema.parse(response.json()).error).toMatch(/JSON/);
  });
});

describe('bad bodies', () => {
  it('refuses malformed JSON with a Spanish 400', async () => {
    const response = await post('/api/contacto-contacto/', '{"name": "Ana",', {
      'content-type': 'application/json',
    });
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).error).toBe('El cuerpo de la solicitud no es JSON válido.');
  });

  it('refuses a JSON array', async () => {
    expect((await post('/api/contacto-contacto/', [1, 2])).statusCode).toBe(400);
  });

  it('refuses an oversized body with 413 and stores nothing', async () => {
    const before = await stored();
    const response = await post('/api/contacto-contacto/', {
      ...VALID_PAYLOADS['/api/contacto-contacto/'],
      message: 'a'.repeat(70_000),
    });
    expect(response.statusCode).toBe(413);
    expect(ApiErrorSchema.parse(response.json()).error).toBe('La solicitud es demasiado grande.');
    expect(await stored()).toEqual(before);
  });

  it('refuses a text with control characters and a name with a line break (header injection)', async () => {
    const before = await stored();
    const response = await post('/api/contacto-contacto/', {
      ...VALID_PAYLOADS['/api/contacto-contacto/'],
      name: 'Ana\r\nBcc: victima@example.com',
      message: 'hola\u0000mundo',
    });
    expect(response.statusCode).toBe(400);
    const { campos } = ApiErrorSchema.parse(response.json());
    expect(campos?.name).toBe('Tu nombre debe ser una sola línea.');
    expect(campos?.message).toBe('Tu mensaje contiene caracteres de control.');
    expect(await stored()).toEqual(before);
  });
});

describe('the vehicle reference', () => {
  it('stores the vehicle a published-vehicle enquiry is about', async () => {
    const response = await post('/api/contact/', {
      ...VALID_PAYLOADS['/api/contact/'],
      vehiculo: publishedId,
    });
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, response.json().id));
    expect(row?.vehicleId).toBe(publishedId);
  });

  it.each([
    ['an unknown vehicle', () => 999_999],
    ['a draft', () => draftId],
  ])('refuses %s with a field error', async (_case, id) => {
    const response = await post('/api/contact/', { ...VALID_PAYLOADS['/api/contact/'], vehiculo: id() });
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).campos?.vehiculo).toBe(
      'El vehículo indicado no existe o ya no está disponible.',
    );
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer and stores one lead', async () => {
    const key = `retry-${Date.now()}`;
    const before = await stored();
    const first = await post('/api/seguros/', VALID_PAYLOADS['/api/seguros/'], { 'idempotency-key': key });
    const second = await post('/api/seguros/', VALID_PAYLOADS['/api/seguros/'], { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await stored()).toEqual({ leads: before.leads + 1, outbox: before.outbox + 1 });
  });

  it('answers 422 when the same key comes with another body', async () => {
    const key = `other-${Date.now()}`;
    await post('/api/seguros/', VALID_PAYLOADS['/api/seguros/'], { 'idempotency-key': key });
    const response = await post(
      '/api/seguros/',
      { ...VALID_PAYLOADS['/api/seguros/'], vehicle_model: 'Sportage' },
      { 'idempotency-key': key },
    );
    expect(response.statusCode).toBe(422);
    expect(ApiErrorSchema.parse(response.json()).error).toMatch(/Idempotency-Key/);
  });

  it('stores one lead when the same submission arrives twice at once', async () => {
    const key = `race-${Date.now()}`;
    const before = await stored();
    const [a, b] = await Promise.all([
      post('/api/asesoria/', VALID_PAYLOADS['/api/asesoria/'], { 'idempotency-key': key }),
      post('/api/asesoria/', VALID_PAYLOADS['/api/asesoria/'], { 'idempotency-key': key }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect((await stored()).leads).toBe(before.leads + 1);
    const keys = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(keys).toHaveLength(1);
  });

  it('refuses a malformed key', async () => {
    const response = await post('/api/seguros/', VALID_PAYLOADS['/api/seguros/'], {
      'idempotency-key': 'a b',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the honeypot', () => {
  it('answers a filled honeypot as accepted and stores nothing', async () => {
    const before = await stored();
    const response = await post('/api/contacto-contacto/', {
      ...VALID_PAYLOADS['/api/contacto-contacto/'],
      sitio_web: 'http://spam.example',
    });
    expect(response.statusCode).toBe(201);
    expect(await stored()).toEqual(before);
  });
});

describe('dates and empty texts', () => {
  it('says a blank name is missing, not short', async () => {
    const response = await post('/api/contacto-contacto/', {
      ...VALID_PAYLOADS['/api/contacto-contacto/'],
      name: '   ',
    });
    expect(ApiErrorSchema.parse(response.json()).campos?.name).toBe('Ingresa tu nombre.');
  });

  it.each([
    ['a past date', '2020-01-01', 'Elige una fecha desde hoy en adelante.'],
    [
      'a date two years ahead',
      `${new Date().getFullYear() + 2}-01-01`,
      'Elige una fecha dentro del próximo año.',
    ],
    ['an impossible date', '2031-02-30', 'Selecciona una fecha válida.'],
  ])('refuses %s for the advisory meeting', async (_case, date, message) => {
    const response = await post('/api/asesoria/', {
      ...VALID_PAYLOADS['/api/asesoria/'],
      fecha_preferida: date,
    });
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).campos?.fecha_preferida).toBe(message);
  });
});
