import type { DashboardData, LeadDetail, LeadListPage } from '@contracts/admin-leads.ts';
import { ApiErrorSchema } from '@contracts/vehicle.ts';
import { auditLog, emailOutbox, leadNotes, leads, vehicles } from '@db/schema.ts';
import { chileDayKey } from '@domain/chile-time.ts';
import { simulateCredit } from '@domain/credit.ts';
import { storedSimulationLines } from '@domain/credit-quotation.ts';
import { formatPercent } from '@domain/format.ts';
import { promiseDueAt } from '@domain/opening-hours.ts';
import { chileHolidays } from '@server/services/rights/chile-holidays.ts';
import { quotationAt } from '@server/services/settings/quotation.ts';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrfHeaders, csrfHeaders, multipartBody } from '../support/csrf-client.ts';
import { createLookups, createVehicle, makeJpeg } from '../support/factories.ts';
import { type LeadPath, VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The back office leads API: who may use it, the inbox filters, the workflow, notes, the CSV, retries and photos.

let t: TestApp;
let anonymous: CsrfHeaders;
let admin: SignedInStaff;
let ventas: SignedInStaff;
let vehicleId: number;
/** One lead of each kind, sent through the public endpoints, by kind. */
const byKind: Record<string, number> = {};
let appraisalId: number;
let appraisalPhotoIds: number[] = [];

type Headers = Record<string, string>;
const db = () => t.database.db;

async function sendLead(path: LeadPath, overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    payload: { ...VALID_PAYLOADS[path], ...overrides },
    headers: anonymous,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

const get = (url: string, headers: Headers = admin.headers) => t.app.inject({ method: 'GET', url, headers });
const list = async (query: string, headers: Headers = admin.headers) => {
  const response = await get(`/admin/api/solicitudes?${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LeadListPage;
};
const detail = async (id: number) => (await get(`/admin/api/solicitudes/${id}`)).json() as LeadDetail;
const setStatus = (id: number, estado: unknown, headers: Headers = ventas.headers) =>
  t.app.inject({ method: 'PATCH', url: `/admin/api/solicitudes/${id}/estado`, payload: { estado }, headers });
const addNote = (id: number, texto: unknown, headers: Headers = ventas.headers) =>
  t.app.inject({ method: 'POST', url: `/admin/api/solicitudes/${id}/notas`, payload: { texto }, headers });

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000' });
  anonymous = await csrfHeaders(t.app);
  admin = await signedInStaff(t.app, 'admin');
  ventas = await signedInStaff(t.app, 'ventas');
  const lookups = await createLookups(db(), { brand: 'Toyota' });
  vehicleId = (await createVehicle(db(), { lookups, model: 'Corolla', year: 2021 })).id;

  byKind.contacto = await sendLead('/api/contacto-contacto/');
  byKind.vehiculo = await sendLead('/api/contact/', { vehiculo: vehicleId });
  byKind.financiamiento = await sendLead('/api/contact-form/');
  byKind.seguro = await sendLead('/api/seguros/');
  byKind.asesoria = await sendLead('/api/asesoria/');
  const { payload, contentType } = multipartBody(VALID_PAYLOADS['/api/vendeauto/'], [
    { filename: 'frente.jpg', contentType: 'image/jpeg', data: await makeJpeg(1200, 900, '#224488') },
    { filename: 'lado.jpg', contentType: 'image/jpeg', data: await makeJpeg(900, 600, '#884422') },
  ]);
  const appraisal = await t.app.inject({
    method: 'POST',
    url: '/api/vendeauto/',
    payload,
    headers: { ...anonymous, 'content-type': contentType },
  });
  expect(appraisal.statusCode, appraisal.body).toBe(201);
  appraisalId = (appraisal.json() as { id: number }).id;
  byKind.vendeauto = appraisalId;
  appraisalPhotoIds = (await detail(appraisalId)).photos.map((p) => p.id);
});
afterAll(() => t.close());

describe('authorization', () => {
  const reads = () => [
    '/admin/api/solicitudes',
    '/admin/api/solicitudes.csv',
    `/admin/api/solicitudes/${appraisalId}`,
    `/admin/api/solicitudes/${appraisalId}/fotos/${appraisalPhotoIds[0]}`,
    `/admin/api/solicitudes/${appraisalId}/fotos/${appraisalPhotoIds[0]}?ancho=480`,
    '/admin/api/panel',
  ];
  const writes = () => [
    {
      method: 'PATCH' as const,
      url: `/admin/api/solicitudes/${appraisalId}/estado`,
      payload: { estado: 'contactado' },
    },
    {
      method: 'POST' as const,
      url: `/admin/api/solicitudes/${appraisalId}/notas`,
      payload: { texto: 'Hola' },
    },
    { method: 'POST' as const, url: `/admin/api/solicitudes/${appraisalId}/reenviar`, payload: {} },
  ];

  it('answers 401 in Spanish to anonymous reads, CSV and photos included, and sends no data', async () => {
    for (const url of reads()) {
      const response = await get(url, {});
      expect(response.statusCode, url).toBe(401);
      expect(ApiErrorSchema.parse(response.json()).error).toBe('Inicia sesión para continuar.');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('answers 401 to anonymous writes that carry a valid CSRF token, and changes nothing', async () => {
    for (const request of writes()) {
      const response = await t.app.inject({ ...request, headers: anonymous });
      expect(response.statusCode, request.url).toBe(401);
    }
    const [lead] = await db().select().from(leads).where(eq(leads.id, appraisalId));
    expect(lead?.status).toBe('nuevo');
    expect((await db().select({ n: count() }).from(leadNotes))[0]?.n).toBe(0);
  });

  it('refuses writes without the CSRF token (403) even with a session, and changes nothing', async () => {
    const { 'x-csrftoken': _token, ...withoutToken } = ventas.headers;
    for (const request of writes()) {
      const response = await t.app.inject({ ...request, headers: withoutToken });
      expect(response.statusCode, request.url).toBe(403);
      expect(ApiErrorSchema.parse(response.json()).error).toMatch(/token CSRF/);
    }
    const [lead] = await db().select().from(leads).where(eq(leads.id, appraisalId));
    expect(lead?.status).toBe('nuevo');
    expect((await db().select({ n: count() }).from(leadNotes))[0]?.n).toBe(0);
  });

  it('lets both roles read every route', async () => {
    for (const staff of [admin, ventas]) {
      for (const url of reads()) expect((await get(url, staff.headers)).statusCode, url).toBe(200);
    }
  });

  it('never lets the answers be cached', async () => {
    for (const url of reads()) expect((await get(url)).headers['cache-control'], url).toMatch(/no-store/);
  });
});

describe('GET /admin/api/solicitudes', () => {
  it('lists the six kinds newest first with their Spanish labels, vehicle and deadline data', async () => {
    const page = await list('');
    const ids = Object.values(byKind);
    const listed = page.items.filter((item) => ids.includes(item.id));
    expect(listed.map((item) => item.id)).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(listed.map((item) => item.kind))).toEqual(
      new Set(['contacto', 'vehiculo', 'financiamiento', 'seguro', 'vendeauto', 'asesoria']),
    );
    const vehicleLead = listed.find((item) => item.kind === 'vehiculo');
    expect(vehicleLead?.kindLabel).toBe('Consulta por un vehículo');
    expect(vehicleLead?.vehicle).toEqual({
      id: vehicleId,
      name: 'Toyota Corolla 2021',
      url: `/vehicles/${vehicleId}`,
      adminUrl: `/admin/vehiculos/${vehicleId}`,
    });
    const appraisal = listed.find((item) => item.kind === 'vendeauto');
    // 48 hours counted on the days the dealership opens (ADR 0036).
    const due = promiseDueAt(
      new Date(appraisal?.createdAt ?? ''),
      48,
      t.config.dealership.schedule,
      await chileHolidays(),
    );
    expect(appraisal?.dueAt).toBe(due.toISOString());
    expect(page.now).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('filters by kind and by status', async () => {
    const insurance = await list('tipo=seguro');
    expect(insurance.items.length).toBeGreaterThan(0);
    expect(insurance.items.every((item) => item.kind === 'seguro')).toBe(true);
    expect(insurance.items.map((item) => item.id)).toContain(byKind.seguro);

    const id = await sendLead('/api/seguros/', { name: 'Estado Filtro' });
    expect((await setStatus(id, 'descartado')).statusCode).toBe(200);
    const discarded = await list('estado=descartado');
    expect(discarded.items.map((item) => item.id)).toEqual([id]);
    expect((await list('estado=descartado&tipo=contacto')).total).toBe(0);
  });

  it('searches name, e-mail and phone ignoring case, accents, spaces and +56', async () => {
    const ids = async (q: string) => (await list(`q=${encodeURIComponent(q)}`)).items.map((item) => item.id);
    // Francisca Díaz, +56 9 5444 3333, francisca.diaz@example.cl
    for (const q of [
      'francisca diaz',
      'DÍAZ',
      'diaz francisca',
      'FRANCISCA.DIAZ@',
      '+56 9 5444 3333',
      '954443333',
      '56954443333',
      '5444 3333',
    ]) {
      expect(await ids(q), q).toEqual([appraisalId]);
    }
    expect(await ids('Díaz Inexistente')).toEqual([]);
    // Wildcards and regular expression characters are taken literally.
    for (const q of ['%', '_', '(', '.*', '[', '\\', 'díaz|rojas']) expect(await ids(q), q).toEqual([]);
  });

  it('filters by Chilean calendar days, whatever the UTC date', async () => {
    const late = await sendLead('/api/contacto-contacto/', { name: 'Noche Santiago' });
    const early = await sendLead('/api/contacto-contacto/', { name: 'Mañana Santiago' });
    const winter = await sendLead('/api/contacto-contacto/', { name: 'Invierno Santiago' });
    // 23:30 of 14 January in Chile (summer time, UTC−3) is already the 15th in UTC.
    await db()
      .update(leads)
      .set({ createdAt: new Date('2026-01-15T02:30:00Z') })
      .where(eq(leads.id, late));
    // 00:10 of 15 January in Chile.
    await db()
      .update(leads)
      .set({ createdAt: new Date('2026-01-15T03:10:00Z') })
      .where(eq(leads.id, early));
    // 23:30 of 14 July in Chile (winter time, UTC−4).
    await db()
      .update(leads)
      .set({ createdAt: new Date('2026-07-15T03:30:00Z') })
      .where(eq(leads.id, winter));
    const ids = async (query: string) => (await list(`q=Santiago&${query}`)).items.map((item) => item.id);
    expect(await ids('desde=14-01-2026&hasta=14-01-2026')).toEqual([late]);
    expect(await ids('desde=2026-01-15&hasta=2026-01-15')).toEqual([early]);
    expect(await ids('hasta=14-07-2026&desde=01-07-2026')).toEqual([winter]);
    expect(await ids('desde=15/07/2026')).toEqual([]);
    expect(await ids('hasta=14-01-2026')).toEqual([late]);
  });

  it('shows only overdue leads (still new, past their deadline) with vencidas=1', async () => {
    const overdue = await sendLead('/api/contacto-contacto/', { name: 'Vencida Uno' });
    const answered = await sendLead('/api/contacto-contacto/', { name: 'Vencida Dos' });
    const past = new Date(Date.now() - 60_000);
    await db()
      .update(leads)
      .set({ dueAt: past })
      .where(inArray(leads.id, [overdue, answered]));
    expect((await setStatus(answered, 'contactado')).statusCode).toBe(200);
    const page = await list('vencidas=1');
    expect(page.items.map((item) => item.id)).toEqual([overdue]);
    expect((await list('vencidas=1&tipo=seguro')).total).toBe(0);
  });

  it('paginates 25 per page without losing or repeating a lead', async () => {
    const now = Date.now();
    const inserted = await db()
      .insert(leads)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          kind: 'contacto' as const,
          name: `Paginada ${i}`,
          email: `paginada${i}@example.cl`,
          createdAt: new Date(now - i * 60_000),
          dueAt: new Date(now - i * 60_000 + 86_400_000),
        })),
      )
      .returning({ id: leads.id });
    const first = await list('q=paginada');
    const second = await list('q=paginada&pagina=2');
    expect(first.total).toBe(30);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(25);
    expect(second.items).toHaveLength(5);
    expect(second.page).toBe(2);
    const seen = [...first.items, ...second.items].map((item) => item.name);
    expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => `Paginada ${i}`));
    expect(new Set(seen).size).toBe(inserted.length);
    // A page past the end shows the last one.
    expect((await list('q=paginada&pagina=9')).page).toBe(2);
  });

  it('refuses invalid filters with Spanish field errors', async () => {
    const response = await get('/admin/api/solicitudes?tipo=spam&estado=raro&desde=31-02-2026&pagina=0');
    expect(response.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(response.json());
    expect(body.error).toBe('Revisa los filtros.');
    expect(body.campos).toEqual({
      tipo: 'Elige un tipo de solicitud de la lista.',
      estado: 'Elige un estado de la lista.',
      desde: 'Ingresa una fecha válida, por ejemplo 31-12-2026.',
      pagina: 'La página debe ser un número mayor que cero.',
    });
    const reversed = await get('/admin/api/solicitudes?desde=10-01-2026&hasta=09-01-2026');
    expect(ApiErrorSchema.parse(reversed.json()).campos?.hasta).toMatch(/posterior/);
    const long = await get(`/admin/api/solicitudes?q=${'a'.repeat(101)}`);
    expect(ApiErrorSchema.parse(long.json()).campos?.q).toBe('La búsqueda admite hasta 100 caracteres.');
  });
});

describe('GET /admin/api/solicitudes/:id', () => {
  it('gives every field with Spanish labels, the vehicle, the photos and the e-mail state', async () => {
    const financing = await detail(byKind.financiamiento ?? 0);
    expect(financing.details).toEqual([
      { key: 'financiamiento', label: 'Tipo de financiamiento', value: 'Crédito Directo' },
      { key: 'vehiculo', label: 'Valor aproximado del vehículo', value: '$15.000.000' },
      { key: 'pie', label: 'Pie', value: '$4.000.000' },
      { key: 'plazo', label: 'Plazo', value: expect.stringMatching(/^36/) },
      { key: 'ingresos', label: 'Tipo de ingresos', value: expect.any(String) },
    ]);
    expect(financing.message).toBe('Tengo contrato indefinido hace 3 años.');
    expect(financing.simulation).toBeNull();
    // The sales mailbox's e-mail, then the notice to the one salesperson (nobody owns the lead: issue 21).
    expect(financing.emails).toEqual([
      expect.objectContaining({
        status: 'pending',
        attempts: 0,
        lastError: null,
        toAddress: t.config.dealership.salesEmail,
      }),
      expect.objectContaining({ status: 'pending', toAddress: ventas.email }),
    ]);

    const vehicle = await detail(byKind.vehiculo ?? 0);
    expect(vehicle.vehicle?.name).toBe('Toyota Corolla 2021');

    const appraisal = await detail(appraisalId);
    expect(appraisal.promiseHours).toBe(48);
    expect(appraisal.photos).toHaveLength(2);
    expect(appraisal.photos[0]?.url).toBe(
      `/admin/api/solicitudes/${appraisalId}/fotos/${appraisal.photos[0]?.id}`,
    );
    expect(appraisal.details.find((d) => d.key === 'vehicle_km')?.value).toBe('87.000 km');
    expect(appraisal.details.find((d) => d.key === 'vehicle_condition')).toEqual({
      key: 'vehicle_condition',
      label: 'Estado',
      value: 'Bueno',
    });
  });

  it('gives the credit simulation a financing request came from, in the lines of the staff e-mail', async () => {
    const id = await sendLead('/api/contact-form/', {
      vehiculo_id: vehicleId,
      simulacion: { pie: 3_000_000, plazo: 24, tipo: 'convencional', seguros: ['desgravamen'] },
    });
    const vehicle = await db()
      .select({ price: vehicles.price })
      .from(vehicles)
      .where(eq(vehicles.id, vehicleId));
    const result = simulateCredit(
      t.config.dealership.financing,
      {
        price: vehicle[0]?.price ?? 0,
        downPayment: { pesos: 3_000_000 },
        term: 24,
        type: 'convencional',
        insurances: ['desgravamen'],
      },
      t.config.dealership,
    );
    if (!result.ok) throw new Error(result.error);
    const lead = await detail(id);
    // The figures, then the quotation's terms of the day it arrived (ADR 0032), as the staff e-mail lists them.
    const quotation = await quotationAt(t.config.dealership, Date.now());
    expect(lead.simulation).toEqual(
      storedSimulationLines({ ...result.simulation, quotation }).map(([label, value]) => ({ label, value })),
    );
    expect(lead.simulation).toContainEqual({
      label: 'Institución que otorga el crédito',
      value: 'Banco Cumbre Andina',
    });
    expect(lead.simulation).toContainEqual({
      label: 'Tasa de interés anual',
      value: formatPercent(result.simulation.annualRatePercent),
    });
    expect(lead.simulation).toContainEqual({
      label: 'Carga anual equivalente (CAE)',
      value: formatPercent(result.simulation.caePercent),
    });
    expect(lead.simulation).toContainEqual({ label: 'Número de cuotas', value: '24' });
  });

  it('answers 404 in Spanish for an unknown or malformed id', async () => {
    for (const id of ['999999', 'abc', '0', '1e3']) {
      const response = await get(`/admin/api/solicitudes/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(ApiErrorSchema.parse(response.json()).error).toBe('Solicitud no encontrada.');
    }
  });
});

describe('appraisal photos', () => {
  it('serves them to staff only, private and uncached, full size or as a thumbnail', async () => {
    const [first] = (await detail(appraisalId)).photos;
    if (!first) throw new Error('no photo');
    const full = await get(first.url, ventas.headers);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['cache-control']).toMatch(/no-store/);
    expect(full.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const thumb = await get(first.thumbUrl, ventas.headers);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.rawPayload.length).toBeLessThan(full.rawPayload.length);
    expect((await get(first.url, {})).statusCode).toBe(401);
    expect((await get(first.thumbUrl, {})).statusCode).toBe(401);
  });

  it("does not serve a photo under another lead's id, nor odd widths", async () => {
    const photoId = appraisalPhotoIds[0];
    expect((await get(`/admin/api/solicitudes/${byKind.contacto}/fotos/${photoId}`)).statusCode).toBe(404);
    expect((await get(`/admin/api/solicitudes/${appraisalId}/fotos/${photoId}?ancho=333`)).statusCode).toBe(
      400,
    );
    expect((await get(`/admin/api/solicitudes/${appraisalId}/fotos/${photoId}?ancho=x`)).statusCode).toBe(
      400,
    );
    expect((await get(`/admin/api/solicitudes/${appraisalId}/fotos/999999`)).statusCode).toBe(404);
  });
});

describe('PATCH /admin/api/solicitudes/:id/estado', () => {
  let id: number;
  beforeAll(async () => {
    id = await sendLead('/api/asesoria/', { nombre: 'Flujo Estados' });
  });
  const row = async () => (await db().select().from(leads).where(eq(leads.id, id)))[0];
  const audits = () =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'estado_solicitud')));

  it('refuses to close a new lead (409, Spanish) and changes nothing', async () => {
    const response = await setStatus(id, 'cerrado');
    expect(response.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(response.json()).error).toBe(
      'No se puede cerrar una solicitud Nueva: primero márcala como Contactado.',
    );
    expect(await row()).toMatchObject({ status: 'nuevo', firstContactAt: null, statusChangedBy: null });
    expect(await audits()).toHaveLength(0);
  });

  it('marks it contacted, recording who and when, the first contact and an audit row', async () => {
    const before = Date.now();
    const response = await setStatus(id, 'contactado');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ from: 'nuevo', to: 'contactado' });
    const lead = await row();
    expect(lead?.status).toBe('contactado');
    expect(lead?.statusChangedBy).toBe(ventas.id);
    expect(lead?.statusChangedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(lead?.firstContactAt?.getTime()).toBe(lead?.statusChangedAt?.getTime());
    const [audit] = await audits();
    expect(audit).toMatchObject({
      actorId: ventas.id,
      entity: 'solicitud',
      details: { from: 'nuevo', to: 'contactado', actorEmail: ventas.email },
    });
  });

  it('refuses the same state again with 409', async () => {
    const response = await setStatus(id, 'contactado');
    expect(response.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(response.json()).error).toBe('La solicitud ya está en estado Contactado.');
  });

  it('closes it, then reopens it one step back keeping the first contact', async () => {
    const firstContact = (await row())?.firstContactAt?.getTime();
    expect((await setStatus(id, 'cerrado', admin.headers)).statusCode).toBe(200);
    expect(await row()).toMatchObject({ status: 'cerrado', statusChangedBy: admin.id });
    expect((await setStatus(id, 'nuevo')).statusCode).toBe(409);
    expect((await setStatus(id, 'contactado')).statusCode).toBe(200);
    expect((await row())?.firstContactAt?.getTime()).toBe(firstContact);
  });

  it('sent back to new by mistake, the deadline counts again', async () => {
    expect((await setStatus(id, 'nuevo')).statusCode).toBe(200);
    expect(await row()).toMatchObject({ status: 'nuevo', firstContactAt: null });
    const history = (await detail(id)).history;
    expect(history.map((h) => (h.type === 'estado' ? `${h.from}>${h.to}` : h.type))).toEqual([
      'nuevo>contactado',
      'contactado>cerrado',
      'cerrado>contactado',
      'contactado>nuevo',
    ]);
    expect(history[1]?.byName).toMatch(/^Admin/);
  });

  it('refuses an unknown status with 400 and a Spanish field error', async () => {
    for (const estado of ['ganado', '', null, 3]) {
      const response = await setStatus(id, estado);
      expect(response.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(response.json()).campos?.estado).toMatch(/^Elige un estado válido/);
    }
    expect((await row())?.status).toBe('nuevo');
  });

  it('answers 404 for an unknown lead', async () => {
    expect((await setStatus(999_999, 'contactado')).statusCode).toBe(404);
  });
});

describe('POST /admin/api/solicitudes/:id/notas', () => {
  const notesOf = async (id: number) =>
    (await db().select({ n: count() }).from(leadNotes).where(eq(leadNotes.leadId, id)))[0]?.n;

  it('refuses empty, blank and too long notes in Spanish and stores nothing', async () => {
    const id = byKind.contacto ?? 0;
    const cases: Array<[unknown, string]> = [
      [undefined, 'Escribe la nota.'],
      ['', 'Escribe la nota.'],
      ['   \n  ', 'Escribe la nota.'],
      ['x'.repeat(2001), 'La nota admite hasta 2000 caracteres.'],
      [42, 'Escribe la nota.'],
    ];
    for (const [texto, message] of cases) {
      const response = await addNote(id, texto);
      expect(response.statusCode).toBe(400);
      const body = ApiErrorSchema.parse(response.json());
      expect(body.error).toBe('Revisa la nota.');
      expect(body.campos?.texto).toBe(message);
    }
    expect(await notesOf(id)).toBe(0);
  });

  it('stores a note with its author and time, newest first on the lead', async () => {
    const id = byKind.contacto ?? 0;
    const first = await addNote(id, '  Llamé, no contesta.  ');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      body: 'Llamé, no contesta.',
      authorName: expect.stringMatching(/^Vendedor/),
    });
    const second = await addNote(id, 'x'.repeat(2000), admin.headers);
    expect(second.statusCode).toBe(201);
    const notes = (await detail(id)).notes;
    expect(notes.map((n) => n.body.slice(0, 5))).toEqual(['xxxxx', 'Llamé']);
    expect(notes[0]?.authorName).toMatch(/^Admin/);
    expect(await notesOf(id)).toBe(2);
  });

  it('answers 404 for an unknown lead', async () => {
    expect((await addNote(999_999, 'Hola')).statusCode).toBe(404);
  });
});

describe('POST /admin/api/solicitudes/:id/reenviar', () => {
  it('puts a failed e-mail back in the outbox, due now, and refuses when nothing failed', async () => {
    const id = byKind.seguro ?? 0;
    const nothing = await t.app.inject({
      method: 'POST',
      url: `/admin/api/solicitudes/${id}/reenviar`,
      headers: ventas.headers,
    });
    expect(nothing.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(nothing.json()).error).toBe(
      'Esta solicitud no tiene correos fallidos para reenviar.',
    );

    const later = new Date(Date.now() + 3_600_000);
    await db()
      .update(emailOutbox)
      .set({ status: 'failed', attempts: 8, lastError: 'SMTP 554 rechazado', nextAttemptAt: later })
      .where(eq(emailOutbox.leadId, id));
    const failed = (await detail(id)).emails[0];
    expect(failed).toMatchObject({ status: 'failed', attempts: 8, lastError: 'SMTP 554 rechazado' });

    const before = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: `/admin/api/solicitudes/${id}/reenviar`,
      headers: ventas.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    // The sales mailbox's e-mail and the salesperson's notice had both failed.
    expect(response.json()).toEqual({ retried: 2 });
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.leadId, id));
    expect(mail?.status).toBe('pending');
    expect(mail?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(mail?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'correo_reenviado'));
    expect(audit).toMatchObject({ actorId: ventas.id, entityId: String(id) });
  });
});

/** A tiny reader of what the export writes: ';' separated, quoted cells with doubled quotes, CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe('GET /admin/api/solicitudes.csv', () => {
  it('exports the filtered list for Excel: BOM, semicolons, Spanish headers, Chile dates, escaped and neutralized', async () => {
    const tricky = await sendLead('/api/contacto-contacto/', {
      name: '=HYPERLINK("http://malo.cl")',
      email: 'csv.prueba@example.cl',
      message: 'Primera línea; con "comillas"\nSegunda línea',
    });
    const quoted = await sendLead('/api/contacto-contacto/', { email: 'csv.prueba2@example.cl' });
    // Names from the public forms are one line; an old or imported record may not be.
    await db()
      .update(leads)
      .set({
        name: 'Ana "La Jefa"\nPérez',
        createdAt: new Date('2026-01-15T02:30:00Z'),
        dueAt: new Date('2026-01-16T02:30:00Z'),
      })
      .where(eq(leads.id, quoted));
    await db()
      .update(leads)
      .set({ utmSource: 'facebook', utmCampaign: 'verano', landingPage: '/vehicles/3?utm_source=facebook' })
      .where(eq(leads.id, tricky));

    const response = await get('/admin/api/solicitudes.csv?q=csv.prueba', ventas.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="solicitudes-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(response.headers['cache-control']).toMatch(/no-store/);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString('utf8').slice(1));
    expect(rows[0]).toEqual([
      'N° de solicitud',
      'Fecha de recepción',
      'Tipo',
      'Estado',
      'Plazo de primer contacto',
      'Responder antes de',
      'Primer contacto',
      'Nombre',
      'Correo',
      'Teléfono',
      'Vehículo',
      'Mensaje',
      'Detalles',
      'Fuente',
      'Medio',
      'Campaña',
      'Página de llegada',
      'Sitio de referencia',
      'Responsable',
    ]);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual([tricky, quoted]);
    const [, first, second] = rows;
    expect(first?.[7]).toBe(`'=HYPERLINK("http://malo.cl")`);
    expect(first?.[11]).toBe('Primera línea; con "comillas"\nSegunda línea');
    // Stored as E.164 (ADR 0041), for the systems that read the file.
    expect(first?.[9]).toBe(`'+56981234567`);
    expect(first?.[3]).toBe('Nuevo');
    expect(first?.[12]).toBe('Asunto: Información de compra');
    expect(first?.slice(13)).toEqual(['Facebook', '', 'verano', '/vehicles/3?utm_source=facebook', '', '']);
    expect(second?.slice(13)).toEqual(['', '', '', '', '', '']);
    expect(second?.[7]).toBe('Ana "La Jefa"\nPérez');
    expect(second?.[1]).toBe('14-01-2026 23:30');
    expect(second?.[4]).toMatch(/^Vencida hace/);
  });

  it('applies the same filters as the list and refuses invalid ones', async () => {
    const csv = await get('/admin/api/solicitudes.csv?tipo=vendeauto');
    const rows = parseCsv(csv.rawPayload.toString('utf8').slice(1)).slice(1);
    expect(rows.map((r) => Number(r[0]))).toEqual((await list('tipo=vendeauto')).items.map((i) => i.id));
    expect(rows[0]?.[2]).toBe('Tasación "Compramos tu auto"');
    const bad = await get('/admin/api/solicitudes.csv?estado=x');
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /admin/api/panel', () => {
  it('counts new and overdue leads by kind, leads of the last 30 days, stock by status and featured vehicles', async () => {
    const lookups = await createLookups(db(), { brand: 'Kia' });
    await createVehicle(db(), { lookups, model: 'Sportage', featured: true, status: 'published' });
    await createVehicle(db(), { lookups, model: 'Rio', status: 'draft' });
    await createVehicle(db(), { lookups, model: 'Soul', status: 'sold' });
    const response = await get('/admin/api/panel', ventas.headers);
    expect(response.statusCode).toBe(200);
    const panel = response.json() as DashboardData;

    const fresh = await db()
      .select({ kind: leads.kind, dueAt: leads.dueAt })
      .from(leads)
      .where(eq(leads.status, 'nuevo'));
    const now = Date.parse(panel.now);
    for (const kind of panel.leadsByKind) {
      const mine = fresh.filter((l) => l.kind === kind.kind);
      expect(kind.nuevas, kind.kind).toBe(mine.length);
      expect(kind.vencidas, kind.kind).toBe(mine.filter((l) => l.dueAt.getTime() <= now).length);
    }
    expect(panel.leadsByKind.find((k) => k.kind === 'contacto')?.vencidas).toBeGreaterThan(0);
    expect(panel.totals.vencidas).toBe(panel.leadsByKind.reduce((s, k) => s + k.vencidas, 0));

    // Days are Chilean calendar days, oldest first, ending today.
    const days = (await db().select({ createdAt: leads.createdAt }).from(leads)).map((l) =>
      chileDayKey(l.createdAt),
    );
    const today = chileDayKey(now);
    expect(panel.perDay).toHaveLength(30);
    expect(panel.perDay.at(-1)).toEqual({ day: today, count: days.filter((d) => d === today).length });
    // Counted from the rows, not assumed: the paginated leads above were made 0–29 minutes ago, so just after
    // midnight in Chile most of them belong to yesterday.
    expect(panel.totals.hoy).toBe(days.filter((d) => d === today).length);
    expect(panel.totals.hoy).toBeGreaterThan(0);
    const first = panel.perDay[0]?.day ?? '';
    expect(panel.totals.ultimos30).toBe(days.filter((d) => d >= first).length);
    for (const { day, count: n } of panel.perDay) expect(n, day).toBe(days.filter((d) => d === day).length);

    expect(panel.stock).toEqual({ draft: 1, published: 2, sold: 1 });
    expect(panel.featured.map((f) => f.name)).toContain(`Kia Sportage 2020`);
    expect(panel.featured[0]?.adminUrl).toMatch(/^\/admin\/vehiculos\/\d+$/);
  });
});
