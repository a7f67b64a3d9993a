// ADR 0031, decision 7: requests that outlived their purpose are anonymised by the daily job, on a clock the test
// moves by months. One request of each kind, sent through the public API with everything a visitor can leave
// (attribution, idempotency key, photos, simulation, test drive), worked by staff (status, notes), with consents and
// a cession; then each run is checked against every table of the database and the .eml files of the outbox.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  auditLog,
  consentEvents,
  emailOutbox,
  leadCessions,
  leadNotes,
  leadPhotos,
  leads,
} from '@db/schema.ts';
import { anonymizationNotice, daysAfter } from '@domain/retention.ts';
import { loadDashboard } from '@server/services/admin/dashboard.ts';
import { outboxIdOfFile } from '@server/services/email/outbox-relay.ts';
import { ANONYMOUS_NAME, anonymiseExpiredLeads } from '@server/services/privacy/anonymise-expired-leads.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookups, createVehicle, makeJpeg } from '../support/factories.ts';
import {
  databaseText,
  emlFiles,
  monthsAfter,
  sendAppraisal,
  sendLead,
  tracesOf,
} from '../support/retention.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'automotora-retencion-'));
const outboxDir = path.join(dataDir, 'outbox');
let t: TestApp;
let admin: SignedInStaff;
const db = () => t.database.db;
const privacy = () => t.config.dealership.privacy;

type Kind = (typeof leads.$inferSelect)['kind'];
const id: Partial<Record<Kind, number>> = {};
const idOf = (kind: Kind) => id[kind] ?? 0;
/** What each person left that must not survive their request: name, e-mail, phone and free text. */
const traces: Partial<Record<Kind, string[]>> = {};
let calendarUrl = '';
/** The newest arrival: every period is counted from it. */
let t0: Date;

const run = (at: Date) =>
  anonymiseExpiredLeads(db(), { now: at, privacy: privacy(), mailFiles: t.app.services.outbox });
const rowOf = async (kind: Kind) =>
  (
    await db()
      .select()
      .from(leads)
      .where(eq(leads.id, idOf(kind)))
  )[0];
const mailOf = (kind: Kind) =>
  db()
    .select({ id: emailOutbox.id, attachments: emailOutbox.attachments })
    .from(emailOutbox)
    .where(eq(emailOutbox.leadId, idOf(kind)));
const filesOfMail = (ids: number[]) =>
  emlFiles(outboxDir).filter((file) => ids.includes(outboxIdOfFile(file.name) ?? -1));

// Seven requests with their e-mails and two sign-ins: more than the default minute when the machine is busy.
beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000', DATA_DIR: dataDir });
  admin = await signedInStaff(t.app, 'admin');
  // A salesperson who wants lead e-mails: each request also gets a notice e-mail naming the person.
  await signedInStaff(t.app, 'ventas');
  const vehicle = await createVehicle(db(), { lookups: await createLookups(db()), status: 'published' });
  t.app.services.catalogue.invalidate();

  const person = (name: string, email: string, phone: string, text: string, kind: Kind) => {
    traces[kind] = [name, email, phone, text];
    return { name, email, phone, text };
  };
  const rosa = person(
    'Rosa Contreras',
    'rosa.contreras@example.cl',
    '+56 9 7100 0001',
    'Escribo desde Talca por un sedán',
    'contacto',
  );
  id.contacto = (
    await sendLead(
      t.app,
      '/api/contacto-contacto/',
      { name: rosa.name, email: rosa.email, phone: rosa.phone, message: rosa.text },
      'rosa-contacto-1',
    )
  ).id;
  const tomas = person(
    'Tomás Vidal',
    'tomas.vidal@example.cl',
    '+56 9 7100 0002',
    'Iré con mi señora el sábado',
    'vehiculo',
  );
  id.vehiculo = (
    await sendLead(t.app, '/api/contact/', {
      nombre: tomas.name,
      correo: tomas.email,
      telefono: tomas.phone,
      mensaje: tomas.text,
      vehiculo: vehicle.id,
    })
  ).id;
  const paula = person(
    'Paula Reyes',
    'paula.reyes@example.cl',
    '+56 9 7100 0003',
    'Trabajo en el hospital regional',
    'financiamiento',
  );
  id.financiamiento = (
    await sendLead(
      t.app,
      '/api/contact-form/',
      {
        nombre: paula.name,
        correo: paula.email,
        telefono: paula.phone,
        comentarios: paula.text,
        simulacion: { precio: 15_000_000, pie: 4_000_000, plazo: 36, tipo: 'convencional', seguros: [] },
      },
      'paula-financia-1',
    )
  ).id;
  const luis = person(
    'Luis Araya',
    'luis.araya@example.cl',
    '+56 9 7100 0004',
    'El auto duerme en la calle',
    'seguro',
  );
  id.seguro = (
    await sendLead(t.app, '/api/seguros/', {
      name: luis.name,
      email: luis.email,
      phone: luis.phone,
      comments: luis.text,
    })
  ).id;
  const ines = person(
    'Inés Morales',
    'ines.morales@example.cl',
    '+56 9 7100 0005',
    'Nuestra pyme reparte en Rancagua',
    'asesoria',
  );
  id.asesoria = (
    await sendLead(t.app, '/api/asesoria/', {
      nombre: ines.name,
      correo: ines.email,
      telefono: ines.phone,
      comentarios: ines.text,
      situacion_financiera: 'dificultades',
    })
  ).id;
  const fran = person(
    'Francisca Díaz',
    'francisca.diaz@example.cl',
    '+56 9 7100 0006',
    'Único dueño, choque leve en 2021',
    'vendeauto',
  );
  id.vendeauto = await sendAppraisal(
    t.app,
    { name: fran.name, email: fran.email, phone: fran.phone, comments: fran.text },
    [await makeJpeg(640, 480, '#118844'), await makeJpeg(700, 500, '#884411')],
  );
  const slots = (
    await t.app.inject({ method: 'GET', url: `/api/prueba-de-manejo/horarios/?vehiculo=${vehicle.id}` })
  ).json() as {
    dias: Array<{ horarios: Array<{ inicio: string }> }>;
  };
  const jorge = person('Jorge Lagos', 'jorge.lagos@example.cl', '+56 9 7100 0007', 'Jorge Lagos', 'prueba');
  const booked = await sendLead(t.app, '/api/prueba-de-manejo/', {
    nombre: jorge.name,
    correo: jorge.email,
    telefono: jorge.phone,
    vehiculo: vehicle.id,
    horario: slots.dias[0]?.horarios[0]?.inicio,
  });
  id.prueba = booked.id;
  calendarUrl =
    new URL(String(booked.body.calendario)).pathname + new URL(String(booked.body.calendario)).search;
  expect(Object.keys(id)).toHaveLength(7);

  // Every e-mail becomes an .eml file of this instance's outbox folder.
  expect(await t.app.services.outbox.deliverDue()).toBeGreaterThanOrEqual(7);

  // Staff worked the requests: a status change on the insurance quote, notes on the contact and the vehicle enquiry.
  const note = async (kind: Kind, texto: string) =>
    expect(
      (await callAs(t.app, 'POST', `/admin/api/solicitudes/${idOf(kind)}/notas`, admin, { texto }))
        .statusCode,
    ).toBe(201);
  await note('contacto', 'Rosa prefiere que la llamen después de las 18 h.');
  await note('vehiculo', 'Tomás vuelve a llamar en marzo.');
  traces.contacto?.push('después de las 18 h');
  traces.vehiculo?.push('vuelve a llamar en marzo');
  const status = await callAs(t.app, 'PATCH', `/admin/api/solicitudes/${idOf('seguro')}/estado`, admin, {
    estado: 'contactado',
  });
  expect(status.statusCode, status.body).toBe(200);
  // An audit row that quotes the person, as older entries may.
  await db()
    .insert(auditLog)
    .values({
      action: 'nota_importada',
      entity: 'solicitud',
      entityId: String(idOf('contacto')),
      details: { nombre: rosa.name },
    });

  // Consents given with the financing request, one cession relying on one, and a marketing consent on the contact.
  const consent = (kind: Kind, email: string, purpose: 'datos_socioeconomicos' | 'cesion' | 'marketing') =>
    db()
      .insert(consentEvents)
      .values({
        email,
        leadId: idOf(kind),
        purpose,
        action: 'otorga',
        wording: `Acepto (${purpose}).`,
        channel: kind,
      })
      .returning({ id: consentEvents.id });
  await consent('financiamiento', paula.email, 'datos_socioeconomicos');
  const [cesion] = await consent('financiamiento', paula.email, 'cesion');
  await consent('financiamiento', paula.email, 'marketing');
  await consent('contacto', rosa.email, 'marketing');
  await db()
    .insert(leadCessions)
    .values({
      leadId: idOf('financiamiento'),
      recipient: 'Banco Ejemplo',
      categories: ['identificación y contacto'],
      consentEventId: cesion?.id ?? null,
      staffId: admin.id,
    });

  const arrivals = await db().select({ createdAt: leads.createdAt }).from(leads);
  t0 = new Date(Math.max(...arrivals.map((row) => row.createdAt.getTime())));
  // Later activity, on the test's clock: a status change 3 months on, a note 4 months on, a test drive booked for 2.
  await db()
    .update(leads)
    .set({ statusChangedAt: monthsAfter(t0, 3) })
    .where(eq(leads.id, idOf('seguro')));
  await db()
    .update(leadNotes)
    .set({ createdAt: monthsAfter(t0, 4) })
    .where(eq(leadNotes.leadId, idOf('vehiculo')));
  await db()
    .update(leads)
    .set({ testDriveAt: monthsAfter(t0, 2) })
    .where(eq(leads.id, idOf('prueba')));
}, 180_000);
afterAll(() => t?.close());

/** The request keeps its row, with nothing that leads back to the person. */
async function expectAnonymised(kind: Kind, at: Date, details: Record<string, unknown>) {
  const row = await rowOf(kind);
  expect(row).toMatchObject({
    kind,
    name: ANONYMOUS_NAME,
    email: '',
    phone: null,
    message: null,
    details,
    simulation: null,
    testDriveAt: null,
    sourcePage: null,
    landingPage: null,
    referrerHost: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    ipHash: null,
    anonymizedAt: at,
  });
  expect(await mailOf(kind)).toEqual([]);
  expect(
    await db()
      .select()
      .from(leadNotes)
      .where(eq(leadNotes.leadId, idOf(kind))),
  ).toEqual([]);
  expect(
    await db()
      .select()
      .from(leadPhotos)
      .where(eq(leadPhotos.leadId, idOf(kind))),
  ).toEqual([]);
  const audit = await db()
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'solicitud'), eq(auditLog.entityId, String(idOf(kind)))));
  for (const entry of audit) expect(entry.details).toMatchObject({ datosDepurados: true });
  expect(tracesOf(await databaseText(db()), traces[kind] ?? [])).toEqual([]);
}

async function expectKept(kind: Kind) {
  const row = await rowOf(kind);
  expect(row?.anonymizedAt).toBeNull();
  expect(row?.email).toBe(traces[kind]?.[1]);
}

describe('the retention job on a controlled clock', () => {
  it('anonymises nothing before any period ends, and changes nothing but its audit row', async () => {
    const before = await databaseText(db());
    // The search sees every trace the later runs must remove: each one is somewhere in the database now.
    for (const needles of Object.values(traces))
      for (const needle of needles) expect(tracesOf(before, [needle]), needle).not.toEqual([]);
    const addresses = Object.values(traces).map((person) => person[1] ?? '');
    for (const address of addresses)
      expect(
        emlFiles(outboxDir).some((file) => file.text.toLowerCase().includes(address)),
        address,
      ).toBe(true);
    const at = daysAfter(monthsAfter(t0, 6), -2);
    expect(await run(at)).toMatchObject({ solicitudes: 0, fotos: 0, correos: 0 });
    const after = await databaseText(db());
    expect(after.split('\n').filter((line) => !before.includes(line))).toEqual([
      expect.stringMatching(/^audit_log: .*retencion_aplicada/),
    ]);
  });

  it('announces on the dashboard what the job then does: the financing request at 6 months', async () => {
    const panel = await loadDashboard(db(), daysAfter(monthsAfter(t0, 6), -20), privacy());
    expect(panel.retention).toEqual({ days: 30, leads: 1 });
    const fresh = await t.app.inject({ method: 'GET', url: '/admin/api/panel', headers: admin.headers });
    expect(fresh.json().retention).toEqual({ days: 30, leads: 0 });
    expect(anonymizationNotice(panel.retention.leads)).toBe(
      '1 solicitud se anonimizará en los próximos 30 días.',
    );

    const [financing] = await db()
      .select({ details: leads.details })
      .from(leads)
      .where(eq(leads.id, idOf('financiamiento')));
    const financingMail = (await mailOf('financiamiento')).map((mail) => mail.id);
    const appraisalMail = await mailOf('vendeauto');
    const withPhotos = appraisalMail.filter((mail) => mail.attachments.length > 0).map((mail) => mail.id);
    expect(withPhotos).toHaveLength(1);
    expect(filesOfMail([...financingMail, ...withPhotos])).toHaveLength(financingMail.length + 1);

    const at = daysAfter(monthsAfter(t0, 6), 10);
    const counts = await run(at);
    expect(counts).toEqual({
      solicitudes: panel.retention.leads,
      fotos: 2,
      imagenes: 2,
      correos: financingMail.length + 1,
      notas: 0,
      registrosIdempotencia: 1,
      consentimientos: 2,
      registrosAuditoriaDepurados: 0,
      alertas: 0,
    });
    await expectAnonymised('financiamiento', at, {
      financiamiento: 'directo',
      plazo: financing?.details.plazo,
    });
    // The .eml files of the deleted e-mails are gone from the outbox folder.
    expect(filesOfMail([...financingMail, ...withPhotos])).toEqual([]);
    // The marketing consent stays, the person's own, no longer pointing at the request; the cession stays recorded.
    const paulaConsents = await db()
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.email, 'paula.reyes@example.cl'));
    expect(paulaConsents.map((c) => [c.purpose, c.leadId])).toEqual([['marketing', null]]);
    const [cession] = await db()
      .select()
      .from(leadCessions)
      .where(eq(leadCessions.leadId, idOf('financiamiento')));
    expect(cession).toMatchObject({ recipient: 'Banco Ejemplo', consentEventId: null });
  });

  it('takes the appraisal photos at 6 months and keeps the appraisal itself', async () => {
    await expectKept('vendeauto');
    expect(
      await db()
        .select()
        .from(leadPhotos)
        .where(eq(leadPhotos.leadId, idOf('vendeauto'))),
    ).toEqual([]);
    const mail = await mailOf('vendeauto');
    expect(mail.length).toBeGreaterThan(0);
    expect(mail.every((m) => m.attachments.length === 0)).toBe(true);
    expect(filesOfMail(mail.map((m) => m.id))).toHaveLength(mail.length);
  });

  it('does nothing the second time at the same moment', async () => {
    const before = await databaseText(db());
    const at = daysAfter(monthsAfter(t0, 6), 10);
    expect(Object.values(await run(at)).every((n) => n === 0)).toBe(true);
    const after = await databaseText(db());
    expect(after.split('\n').filter((line) => !before.includes(line))).toHaveLength(1);
    expect(before.split('\n').filter((line) => !after.includes(line))).toEqual([]);
  });

  it('anonymises at 12 months the requests with no later activity, each kind with its list answers only', async () => {
    const panel = await loadDashboard(db(), daysAfter(monthsAfter(t0, 12), -20), privacy());
    expect(panel.retention.leads).toBe(3);
    const at = daysAfter(monthsAfter(t0, 12), 10);
    const counts = await run(at);
    expect(counts).toMatchObject({
      solicitudes: 3,
      fotos: 0,
      notas: 1,
      registrosIdempotencia: 1,
      consentimientos: 0,
    });
    expect(counts.registrosAuditoriaDepurados).toBe(1);
    await expectAnonymised('contacto', at, { subject: 'compra' });
    await expectAnonymised('asesoria', at, { area_asesoria: 'planificacion', tipo_cliente: 'pyme' });
    await expectAnonymised('vendeauto', at, { vehicle_brand: 'toyota', vehicle_condition: 'bueno' });
    // A status change, a note and a booked test drive are later activity: those requests are kept as they were.
    for (const kind of ['seguro', 'vehiculo', 'prueba'] as const) await expectKept(kind);
    const [rosaMarketing] = await db()
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.email, 'rosa.contreras@example.cl'));
    expect(rosaMarketing).toMatchObject({ purpose: 'marketing', leadId: null });
    expect((await t.app.inject({ method: 'GET', url: calendarUrl })).statusCode).toBe(200);
  });

  it('anonymises the rest once their later activity is old enough, and the calendar link stops answering', async () => {
    const at = daysAfter(monthsAfter(t0, 16), 10);
    expect(await loadDashboard(db(), daysAfter(at, -30), privacy())).toMatchObject({
      retention: { leads: 3 },
    });
    expect(await run(at)).toMatchObject({ solicitudes: 3, notas: 1 });
    await expectAnonymised('seguro', at, { vehicle_brand: 'kia', insurance_type: 'todo-riesgo' });
    await expectAnonymised('vehiculo', at, {});
    await expectAnonymised('prueba', at, {});
    expect((await t.app.inject({ method: 'GET', url: calendarUrl })).statusCode).toBe(404);
    // Seven rows stay for the figures, no person's trace anywhere, no .eml file of theirs in the outbox folder.
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(leads)
        .where(sql`${leads.anonymizedAt} is not null`),
    ).toEqual([{ n: 7 }]);
    expect(tracesOf(await databaseText(db()), Object.values(traces).flat())).toEqual([]);
    const addresses = Object.values(traces).map((person) => person[1] ?? '');
    expect(
      emlFiles(outboxDir).filter((file) => tracesOf(file.text.toLowerCase(), addresses).length > 0),
    ).toEqual([]);
  });

  it('records each run in the audit trail with its counts alone, and they add up', async () => {
    const runs = await db()
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'retencion_aplicada'))
      .orderBy(asc(auditLog.id));
    expect(runs.map((r) => r.details.solicitudes)).toEqual([0, 1, 0, 3, 3]);
    expect(runs.reduce((sum, r) => sum + Number(r.details.fotos), 0)).toBe(2);
    for (const r of runs)
      expect(Object.keys(r.details).sort()).toEqual([
        'alertas',
        'consentimientos',
        'correos',
        'fotos',
        'imagenes',
        'notas',
        'registrosAuditoriaDepurados',
        'registrosIdempotencia',
        'solicitudes',
      ]);
    expect(
      await db()
        .select()
        .from(leads)
        .where(inArray(leads.id, Object.values(id))),
    ).toHaveLength(7);
  });
});
