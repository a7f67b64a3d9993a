// The breach register and its notices (Ley 19.628 as amended by Ley 21.719, art. 14 sexies; ADR 0031, decision 8):
// an incident is recorded and corrected with its history; a query by dates and kinds counts the people affected
// without naming them; "Preparar avisos" queues one plain-Spanish notice per person, once per incident, even when
// pressed twice at the same moment or on two instances.
import { auditLog, breachNotices, emailOutbox, leads, securityBreaches } from '@db/schema.ts';
import { readPersonToken } from '@server/services/privacy/person-link.ts';
import { count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRequest } from '../support/consents.ts';
import { expectSpanishRefusal } from '../support/hostile-checks.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { apiAppOn, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: SignedInStaff;
let ventas: SignedInStaff;

const VALID = {
  descripcion: 'Un computador de ventas con la planilla de solicitudes fue robado desde la sucursal.',
  ocurrida: '2026-11-20T14:30',
  detectada: '2026-11-21T09:05',
  categorias: ['identificacion', 'situacion_socioeconomica'],
  personas: 120,
  consecuencias: 'Alguien podría usar tu correo y teléfono para enviarte mensajes engañosos.',
  medidas: 'Bloqueamos el equipo a distancia y cambiamos todas las contraseñas.',
  agencia: '',
};

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000' });
  admin = await signedInStaff(t.app, 'admin');
  ventas = await signedInStaff(t.app, 'ventas');
});
afterAll(() => t.close());

const create = (body: unknown, caller: SignedInStaff = admin) =>
  callAs(t.app, 'POST', '/admin/api/vulneraciones', caller, body);

async function tally() {
  const db = t.database.db;
  const [b] = await db.select({ n: count() }).from(securityBreaches);
  const [a] = await db.select({ n: count() }).from(auditLog);
  const [n] = await db.select({ n: count() }).from(breachNotices);
  const [o] = await db.select({ n: count() }).from(emailOutbox);
  return { breaches: b?.n ?? 0, audit: a?.n ?? 0, notices: n?.n ?? 0, outbox: o?.n ?? 0 };
}

async function newBreach(overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await create({ ...VALID, ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

describe('recording an incident', () => {
  it('stores the record in Chile’s time and audits it', async () => {
    const id = await newBreach({ agencia: '2026-11-21T18:00' });
    const [row] = await t.database.db.select().from(securityBreaches).where(eq(securityBreaches.id, id));
    expect(row).toMatchObject({
      summary: VALID.descripcion,
      occurredAt: new Date('2026-11-20T17:30:00Z'),
      detectedAt: new Date('2026-11-21T12:05:00Z'),
      agencyNotifiedAt: new Date('2026-11-21T21:00:00Z'),
      categories: ['identificacion', 'situacion_socioeconomica'],
      affectedPeople: 120,
      createdBy: admin.id,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'vulneracion_registrada'));
    expect(audit).toMatchObject({ entity: 'vulneracion', entityId: String(id), actorId: admin.id });
    expect(audit?.details).toMatchObject({ ocurrida: '20-11-2026 14:30', agencia: '21-11-2026 18:00' });
  });

  it('refuses an incomplete or inconsistent record field by field, in Spanish, storing nothing', async () => {
    const before = await tally();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ descripcion: '' }, 'descripcion'],
      [{ descripcion: 'x'.repeat(4001) }, 'descripcion'],
      [{ ocurrida: undefined }, 'ocurrida'],
      [{ ocurrida: '20-11-2026 14:30' }, 'ocurrida'],
      [{ ocurrida: '2026-13-01T10:00' }, 'ocurrida'],
      [{ ocurrida: '2026-11-20T25:00' }, 'ocurrida'],
      // Chile's clocks skip from 24:00 to 01:00 on 6 September 2026: that half hour never happened.
      [{ ocurrida: '2026-09-06T00:30', detectada: '2026-09-07T10:00' }, 'ocurrida'],
      [{ detectada: '2026-11-20T14:00' }, 'detectada'],
      [{ detectada: '2099-01-01T10:00' }, 'detectada'],
      [{ agencia: '2026-11-21T09:00' }, 'agencia'],
      [{ categorias: [] }, 'categorias'],
      [{ categorias: ['identificacion', 'identificacion'] }, 'categorias'],
      [{ categorias: ['salud'] }, 'categorias'],
      [{ categorias: 'identificacion' }, 'categorias'],
      [{ personas: -1 }, 'personas'],
      [{ personas: 1.5 }, 'personas'],
      [{ personas: 'muchas' }, 'personas'],
      [{ consecuencias: '   ' }, 'consecuencias'],
      [{ medidas: null }, 'medidas'],
    ];
    for (const [change, field] of cases) {
      const response = await create({ ...VALID, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(
        expectSpanishRefusal(response).campos?.[field],
        `${JSON.stringify(change)} → ${response.body}`,
      ).toBeDefined();
    }
    const extra = await create({ ...VALID, gravedad: 'alta' });
    expect(extra.statusCode).toBe(400);
    expect(expectSpanishRefusal(extra).error).toBe('Este formulario no tiene el campo «gravedad».');
    for (const body of [null, [], 'texto', 42]) {
      const response = await create(body);
      expect([400, 415], String(body)).toContain(response.statusCode);
      expectSpanishRefusal(response);
    }
    expect(await tally()).toEqual(before);
  });

  it('corrects a record, auditing only what changed, and shows the history', async () => {
    const id = await newBreach();
    const put = (body: unknown) => callAs(t.app, 'PUT', `/admin/api/vulneraciones/${id}`, admin, body);
    const unchanged = await put({ ...VALID, categorias: ['situacion_socioeconomica', 'identificacion'] });
    expect(unchanged.json().mensaje).toBe('No había cambios que guardar.');
    const changed = await put({ ...VALID, personas: 340, agencia: '2026-11-22T10:00' });
    expect(changed.statusCode).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'vulneracion_editada'));
    expect(audit?.details.cambios).toEqual({
      personas: { antes: '120', despues: '340' },
      agencia: { antes: 'No informada', despues: '22-11-2026 10:00' },
    });
    const page = (await callAs(t.app, 'GET', `/admin/api/vulneraciones/${id}`, admin)).json();
    expect(page.breach).toMatchObject({ id, personas: 340, agencia: '2026-11-22T13:00:00.000Z' });
    expect(page.history.map((entry: { accion: string }) => entry.accion)).toEqual([
      'Registrada',
      'Corregida',
    ]);
    expect(page.history[1].detalles).toEqual([
      { campo: 'Personas afectadas (aprox.)', antes: '120', despues: '340' },
      { campo: 'Informada a la Agencia', antes: 'No informada', despues: '22-11-2026 10:00' },
    ]);
    expect((await put({ ...VALID, detectada: '2026-11-19T10:00' })).statusCode).toBe(400);
    expect((await callAs(t.app, 'PUT', '/admin/api/vulneraciones/999999', admin, VALID)).statusCode).toBe(
      404,
    );
    expect((await callAs(t.app, 'GET', '/admin/api/vulneraciones/abc', admin)).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    expect((await create(VALID, ventas)).statusCode).toBe(403);
    expect((await callAs(t.app, 'GET', '/admin/api/vulneraciones', ventas)).statusCode).toBe(403);
    const list = await callAs(t.app, 'GET', '/admin/api/vulneraciones', admin);
    expect(list.json().vulneraciones.length).toBeGreaterThan(0);
  });
});

describe('the people affected and their notices', () => {
  const people = {
    ana: 'ana@example.cl',
    bruno: 'bruno@example.cl',
    carla: 'carla@example.cl',
  };
  let financingIds: number[] = [];

  beforeAll(async () => {
    // Ana wrote twice (two spellings), Bruno once, both in the range; Carla before it; a contact request in range;
    // an anonymised financing request in range.
    const at = (day: string) => new Date(`${day}T15:00:00Z`);
    const make = async (
      path: '/api/contact-form/' | '/api/contacto-contacto/',
      fields: Record<string, unknown>,
      day: string,
    ) => {
      const id = await sendRequest(t.app, path, fields);
      await t.database.db
        .update(leads)
        .set({ createdAt: at(day) })
        .where(eq(leads.id, id));
      return id;
    };
    financingIds = [
      await make('/api/contact-form/', { correo: 'Ana@Example.cl', nombre: 'Ana Pérez' }, '2026-10-01'),
      await make('/api/contact-form/', { correo: people.ana, nombre: 'Ana P.' }, '2026-10-15'),
      await make('/api/contact-form/', { correo: people.bruno, nombre: 'Bruno Soto' }, '2026-10-31'),
      await make('/api/contact-form/', { correo: people.carla }, '2026-09-30'),
    ];
    await make('/api/contacto-contacto/', { email: 'dario@example.cl' }, '2026-10-10');
    const gone = await make('/api/contact-form/', { correo: 'elisa@example.cl' }, '2026-10-20');
    // As the retention job leaves a request (the database checks that nothing personal is left).
    await t.database.db
      .update(leads)
      .set({
        anonymizedAt: new Date(),
        name: 'Persona anonimizada',
        email: '',
        phone: null,
        message: null,
        ipHash: null,
        sourcePage: null,
      })
      .where(eq(leads.id, gone));
  });

  const QUERY = { desde: '2026-10-01', hasta: '2026-10-31', tipos: ['financiamiento'] };
  const preview = (id: number, body: unknown) =>
    callAs(t.app, 'POST', `/admin/api/vulneraciones/${id}/afectados`, admin, body);
  const prepare = (id: number, body: unknown = { ...QUERY, confirmar: true }, app = t.app) =>
    callAs(app, 'POST', `/admin/api/vulneraciones/${id}/avisos`, admin, body);

  it('counts distinct people of the range and kinds, without naming anyone', async () => {
    const id = await newBreach();
    const response = await preview(id, QUERY);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ personas: 2, yaAvisadas: 0 });
    expect(response.body).not.toContain('@');
    expect((await preview(id, { ...QUERY, tipos: ['financiamiento', 'contacto'] })).json().personas).toBe(3);
    expect((await preview(id, { ...QUERY, desde: '2026-09-30' })).json().personas).toBe(3);
    expect((await preview(id, { ...QUERY, tipos: ['seguro'] })).json().personas).toBe(0);
    for (const bad of [
      { ...QUERY, tipos: [] },
      { ...QUERY, tipos: ['todo'] },
      { ...QUERY, desde: '2026-11-01' },
      { ...QUERY, hasta: '31-10-2026' },
      { ...QUERY, extra: 1 },
      { desde: QUERY.desde },
    ]) {
      const answer = await preview(id, bad);
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expectSpanishRefusal(answer);
    }
    expect((await preview(999_999, QUERY)).statusCode).toBe(404);
  });

  it('queues one plain-Spanish notice per person with what happened, data, consequences, measures and contact', async () => {
    const id = await newBreach({ agencia: '2026-11-21T18:00' });
    const before = await tally();
    const refused = await prepare(id, QUERY);
    expect(refused.statusCode).toBe(400);
    expect(expectSpanishRefusal(refused).campos?.confirmar).toBe('Confirma que quieres preparar los avisos.');
    expect(await tally()).toEqual(before);

    const response = await prepare(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ personas: 2, nuevos: 2, yaAvisadas: 0 });
    const notices = await t.database.db.select().from(breachNotices).where(eq(breachNotices.breachId, id));
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.id,
          notices.map((notice) => notice.outboxId ?? 0),
        ),
      );
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([people.ana, people.bruno]);
    const ana = mails.find((mail) => mail.toAddress === people.ana);
    expect(ana?.leadId).toBeNull();
    expect(ana?.subject).toBe(`Aviso sobre la seguridad de tus datos en ${t.config.dealership.name}`);
    const text = ana?.textBody ?? '';
    // The greeting uses the name of her latest request in the range.
    expect(text.startsWith('Hola Ana P.: te escribimos porque un incidente de seguridad')).toBe(true);
    for (const part of [
      VALID.descripcion,
      'Identificación y contacto (nombre, correo, teléfono); Situación socioeconómica',
      VALID.consecuencias,
      VALID.medidas,
      'Informamos este incidente a la Agencia de Protección de Datos Personales',
      `escríbenos a ${t.config.dealership.email}`,
    ])
      expect(text).toContain(part);
    expect(text).not.toMatch(/\.\./);
    const link = text.match(/https:\/\/autos\.example\.cl\/privacidad\/consentimientos\?t=(\S+)/)?.[1];
    expect(readPersonToken(t.config.sessionSecret, 'consentimientos', link)).toBe(people.ana);
    expect(ana?.htmlBody).toContain('<h2 style="font-size:16px;margin-bottom:4px">Qué ocurrió</h2>');

    // Pressed again: nobody gets a second notice.
    const again = await prepare(id);
    expect(again.json()).toMatchObject({ personas: 2, nuevos: 0, yaAvisadas: 2 });
    expect((await preview(id, QUERY)).json()).toEqual({ personas: 2, yaAvisadas: 2 });
    // A wider query adds only the new people.
    const wider = await prepare(id, { ...QUERY, tipos: ['financiamiento', 'contacto'], confirmar: true });
    expect(wider.json()).toMatchObject({ personas: 3, nuevos: 1 });
    const [total] = await t.database.db
      .select({ n: count() })
      .from(breachNotices)
      .where(eq(breachNotices.breachId, id));
    expect(total?.n).toBe(3);
    const page = (await callAs(t.app, 'GET', `/admin/api/vulneraciones/${id}`, admin)).json();
    expect(page.breach.avisos).toBe(3);
    expect(page.notices.map((n: { correo: string }) => n.correo).sort()).toEqual([
      people.ana,
      people.bruno,
      'dario@example.cl',
    ]);
    expect(page.history.map((entry: { accion: string }) => entry.accion)).toEqual([
      'Registrada',
      'Avisos preparados',
      'Avisos preparados',
      'Avisos preparados',
    ]);
  });

  it('sends each person one notice when “Preparar avisos” is pressed twice at once, on two instances', async () => {
    const id = await newBreach();
    const other = await apiAppOn(t.database);
    try {
      const answers = await Promise.all([prepare(id), prepare(id), prepare(id, undefined, other)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(answers.reduce((sum, answer) => sum + answer.json().nuevos, 0)).toBe(2);
    } finally {
      await other.close();
    }
    const notices = await t.database.db.select().from(breachNotices).where(eq(breachNotices.breachId, id));
    expect(notices).toHaveLength(2);
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.id,
          notices.map((notice) => notice.outboxId ?? 0),
        ),
      );
    expect(mails).toHaveLength(2);
    // No notice lost its e-mail.
    expect(await t.database.db.select().from(breachNotices).where(isNull(breachNotices.outboxId))).toEqual(
      [],
    );
    expect(financingIds).toHaveLength(4);
  });
});
