import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PersonalDataErasure } from '@contracts/admin-staff.ts';
import {
  auditLog,
  emailOutbox,
  idempotencyKeys,
  images,
  leadNotes,
  leadPhotos,
  leads,
  rateLimits,
} from '@db/schema.ts';
import { simulateCredit } from '@domain/credit.ts';
import { type PersonalDataExport, summarizePersonalData } from '@server/services/admin/personal-data.ts';
import { recordAudit } from '@server/services/audit.ts';
import { createMailTransport } from '@server/services/email/mail-transport.ts';
import { OutboxRelay } from '@server/services/email/outbox-relay.ts';
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrfHeaders, csrfHeaders, multipartBody } from '../support/csrf-client.ts';
import { eventually } from '../support/eventually.ts';
import { makeJpeg } from '../support/factories.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { apiAppOn, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: SignedInStaff;
let ventas: SignedInStaff;
let visitor: CsrfHeaders;

// Ana wrote with her address in two spellings; Bruno is another person who must stay untouched.
const ANA = 'ana.perez@example.cl';
const BRUNO = 'bruno.soto@example.cl';
const ANA_SIMULATION = { precio: 15_000_000, pie: 4_000_000, plazo: 36, tipo: 'convencional', seguros: [] };
const anaLeads: number[] = [];
const brunoLeads: number[] = [];
let sharedPhoto: Buffer;
let anaOnlyPhoto: Buffer;

async function sendJson(path: keyof typeof VALID_PAYLOADS, fields: Record<string, unknown>, key?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    payload: { ...VALID_PAYLOADS[path], ...fields },
    headers: { ...visitor, ...(key ? { 'idempotency-key': key } : {}) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

async function sendAppraisal(email: string, photos: Buffer[], key?: string, phone?: string) {
  const { payload, contentType } = multipartBody(
    {
      ...(VALID_PAYLOADS['/api/vendeauto/'] as Record<string, string>),
      email,
      ...(phone ? { phone } : {}),
    },
    photos.map((data, i) => ({ filename: `foto-${i}.jpg`, contentType: 'image/jpeg', data })),
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/vendeauto/',
    payload,
    headers: { ...visitor, 'content-type': contentType, ...(key ? { 'idempotency-key': key } : {}) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

// No SMTP_URL: every e-mail the outbox sends becomes an .eml file in this file's own DATA_DIR/outbox.
const dataDir = mkdtempSync(path.join(tmpdir(), 'automotora-datos-personales-'));

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000', DATA_DIR: dataDir });
  admin = await signedInStaff(t.app, 'admin');
  ventas = await signedInStaff(t.app, 'ventas');
  // Each lead has two e-mails: the sales mailbox's and the notice to this salesperson (issue 21), both carrying the
  // person's data, so both are counted, exported and erased.
  visitor = await csrfHeaders(t.app);
  sharedPhoto = await makeJpeg(900, 600, '#336699');
  anaOnlyPhoto = await makeJpeg(800, 600, '#aa2222');

  anaLeads.push(
    await sendJson(
      '/api/contacto-contacto/',
      { name: 'Ana Pérez', email: 'Ana.Perez@Example.cl' },
      'ana-contacto-1',
    ),
    // Sent from the credit simulator: the lead keeps the simulation, which is her data too.
    await sendJson('/api/contact-form/', { nombre: 'Ana Pérez', correo: ANA, simulacion: ANA_SIMULATION }),
    await sendAppraisal(ANA, [anaOnlyPhoto, sharedPhoto], 'ana-tasacion-1'),
  );
  brunoLeads.push(
    await sendJson('/api/seguros/', { name: 'Bruno Soto', email: BRUNO }, 'bruno-seguro-1'),
    // Bruno's photo is byte for byte one of Ana's: the image row is stored once and shared.
    await sendAppraisal(BRUNO, [sharedPhoto]),
  );

  // Staff worked on Ana's appraisal: a note and a status change, as the inbox records them.
  const db = t.database.db;
  const appraisal = anaLeads[2] ?? 0;
  await db
    .insert(leadNotes)
    .values({ leadId: appraisal, authorId: ventas.id, body: 'Ana prefiere WhatsApp.' });
  await db
    .update(leads)
    .set({ status: 'contactado', statusChangedAt: new Date() })
    .where(eq(leads.id, appraisal));
  await recordAudit(db, {
    actor: { id: ventas.id, email: ventas.email },
    action: 'estado_solicitud',
    entity: 'solicitud',
    entityId: appraisal,
    details: { cambios: { estado: { antes: 'nuevo', despues: 'contactado' } }, nombre: 'Ana Pérez' },
  });
  await db
    .insert(leadNotes)
    .values({ leadId: brunoLeads[0] ?? 0, authorId: ventas.id, body: 'Bruno pide cotizar.' });
});
afterAll(() => t.close());

const exportOf = (email: string, headers: Record<string, string> = admin.headers) =>
  t.app.inject({
    method: 'GET',
    url: `/admin/api/datos-personales?email=${encodeURIComponent(email)}`,
    headers,
  });
const erase = (payload: unknown, headers: Record<string, string> = admin.headers) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/api/datos-personales/eliminar',
    headers,
    payload: payload as object,
  });

type Counted = typeof leads | typeof leadPhotos | typeof images | typeof leadNotes | typeof emailOutbox;
async function tally() {
  const db = t.database.db;
  const n = async (table: Counted | typeof idempotencyKeys) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    leads: await n(leads),
    leadPhotos: await n(leadPhotos),
    images: await n(images),
    leadNotes: await n(leadNotes),
    emailOutbox: await n(emailOutbox),
    idempotencyKeys: await n(idempotencyKeys),
  };
}

describe('authorization', () => {
  it('anonymous 401 and ventas 403 on export and erase; nothing is erased', async () => {
    const before = await tally();
    const anonymous = await csrfHeaders(t.app);
    expect((await exportOf(ANA, anonymous)).statusCode).toBe(401);
    expect((await erase({ email: ANA, confirmacion: ANA }, anonymous)).statusCode).toBe(401);
    const deniedExport = await exportOf(ANA, ventas.headers);
    expect(deniedExport.statusCode).toBe(403);
    expect(deniedExport.json().error).toBe('No tienes permiso para esta acción.');
    expect((await erase({ email: ANA, confirmacion: ANA }, ventas.headers)).statusCode).toBe(403);
    expect(await tally()).toEqual(before);
  });
});

describe('GET /admin/api/datos-personales', () => {
  let document: PersonalDataExport;

  beforeAll(async () => {
    const response = await exportOf('  ANA.PEREZ@example.CL ');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="datos-personales-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    document = response.json() as PersonalDataExport;
  });

  it('returns exactly the leads of that address, whatever its case, and nobody else’s', () => {
    expect(document.correo).toBe(ANA);
    expect(document.solicitudes.map((s) => s.id).sort()).toEqual([...anaLeads].sort());
    expect(document.solicitudes.every((s) => s.correo.toLowerCase() === ANA)).toBe(true);
    expect(document.solicitudes.map((s) => s.tipo).sort()).toEqual([
      'contacto',
      'financiamiento',
      'vendeauto',
    ]);
    const text = JSON.stringify(document);
    expect(text).not.toMatch(/bruno/i);
    expect(text).not.toContain('Bruno pide cotizar.');
    expect(document.resumen).toEqual({
      solicitudes: 3,
      fotos: 2,
      notas: 1,
      correos: 6,
      registrosIdempotencia: 2,
      alertas: 0,
    });
  });

  it('includes every field, the notes, the status history and the e-mails', () => {
    const contact = document.solicitudes.find((s) => s.tipo === 'contacto');
    expect(contact).toMatchObject({
      nombre: 'Ana Pérez',
      // Stored as E.164 (ADR 0041).
      telefono: '+56981234567',
      mensaje: VALID_PAYLOADS['/api/contacto-contacto/'].message,
      detalles: { subject: 'compra' },
      estado: 'nuevo',
    });
    const appraisal = document.solicitudes.find((s) => s.tipo === 'vendeauto');
    expect(appraisal?.notas).toEqual([
      { fecha: expect.any(String), autor: expect.any(String), texto: 'Ana prefiere WhatsApp.' },
    ]);
    expect(appraisal?.historial).toEqual([
      {
        fecha: expect.any(String),
        accion: 'Estado de solicitud cambiado',
        por: expect.any(String),
        detalles: { cambios: { estado: { antes: 'nuevo', despues: 'contactado' } }, nombre: 'Ana Pérez' },
      },
    ]);
    expect(document.correos).toHaveLength(6);
    expect(document.correos.every((mail) => mail.responderA?.toLowerCase() === ANA)).toBe(true);
    expect(document.registrosIdempotencia).toHaveLength(2);
  });

  it('includes the credit simulation of the financing request, every figure as stored', () => {
    const result = simulateCredit(
      t.config.dealership.financing,
      {
        price: ANA_SIMULATION.precio,
        downPayment: { pesos: ANA_SIMULATION.pie },
        term: ANA_SIMULATION.plazo,
        type: ANA_SIMULATION.tipo,
      },
      t.config.dealership,
    );
    if (!result.ok) throw new Error(result.error);
    const financing = document.solicitudes.find((s) => s.tipo === 'financiamiento');
    // With the quotation's terms stored beside the figures (ADR 0032).
    expect(financing?.simulacion).toEqual({ ...result.simulation, quotation: expect.any(Object) });
    const others = document.solicitudes.filter((s) => s.tipo !== 'financiamiento');
    expect(others.map((s) => s.simulacion)).toEqual([null, null]);
  });

  it('carries the appraisal photos inline as usable JPEG data URLs, in their order', async () => {
    const photos = document.solicitudes.find((s) => s.tipo === 'vendeauto')?.fotos ?? [];
    expect(photos.map((p) => [p.posicion, p.ancho, p.alto])).toEqual([
      [0, 800, 600],
      [1, 900, 600],
    ]);
    const [first] = photos;
    expect(first?.datos).toMatch(/^data:image\/jpeg;base64,/);
    const bytes = Buffer.from(first?.datos.split(',')[1] ?? '', 'base64');
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
  });

  it('is recorded in the audit trail with the e-mail and the counts', async () => {
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'datos_exportados'));
    expect(row).toMatchObject({ actorId: admin.id, entity: 'datos_personales' });
    expect(row?.details).toMatchObject({ correo: ANA, solicitudes: 3, fotos: 2, correos: 6 });
  });

  it('refuses a missing or malformed e-mail in Spanish', async () => {
    const bad = await exportOf('no-es-un-correo');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'Revisa los datos del formulario.',
      campos: { email: 'Ingresa un correo válido.' },
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/admin/api/datos-personales',
      headers: admin.headers,
    });
    expect(missing.json().campos).toEqual({ email: 'Ingresa el correo de la persona.' });
  });
});

describe('POST /admin/api/datos-personales/eliminar', () => {
  it('requires the e-mail typed again: missing or different → Spanish 400, nothing erased', async () => {
    const before = await tally();
    const missing = await erase({ email: ANA });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: 'Revisa los datos del formulario.',
      campos: { confirmacion: 'Escribe nuevamente el correo para confirmar.' },
    });
    const different = await erase({ email: ANA, confirmacion: BRUNO });
    expect(different.json().campos).toEqual({ confirmacion: 'El correo de confirmación no coincide.' });
    expect(await tally()).toEqual(before);
    expect(
      await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'datos_eliminados')),
    ).toHaveLength(0);
  });

  it('erases all of that person’s data in one go and leaves the other person’s untouched', async () => {
    const db = t.database.db;
    const before = await tally();
    const brunoBefore = await db.select().from(leads).where(inArray(leads.id, brunoLeads));
    const simulations = () => db.select({ id: leads.id }).from(leads).where(isNotNull(leads.simulation));
    expect(await simulations()).toEqual([{ id: anaLeads[1] }]);
    const response = await erase({ email: 'Ana.Perez@example.cl', confirmacion: ' ana.perez@EXAMPLE.cl' });
    expect(response.statusCode, response.body).toBe(200);
    const { eliminados } = response.json() as PersonalDataErasure;
    expect(eliminados).toEqual({
      solicitudes: 3,
      fotos: 2,
      imagenes: 1,
      notas: 1,
      correos: 6,
      registrosIdempotencia: 2,
      alertas: 0,
      registrosAuditoriaDepurados: 1,
    });

    // Counted row by row: exactly Ana's rows are gone, the shared photo stays for Bruno.
    expect(await tally()).toEqual({
      leads: before.leads - 3,
      leadPhotos: before.leadPhotos - 2,
      images: before.images - 1,
      leadNotes: before.leadNotes - 1,
      emailOutbox: before.emailOutbox - 6,
      idempotencyKeys: before.idempotencyKeys - 2,
    });
    expect(await db.select().from(leads).where(sql`lower(${leads.email}) = ${ANA}`)).toHaveLength(0);
    // Her simulation went with the lead row, and so did the staff e-mail that listed it.
    expect(await simulations()).toEqual([]);
    expect(
      await db.select().from(emailOutbox).where(sql`${emailOutbox.textBody} like '%Simulación de crédito%'`),
    ).toEqual([]);
    expect(await db.select().from(leads).where(inArray(leads.id, brunoLeads))).toEqual(brunoBefore);
    const brunoPhotos = await db
      .select({ hash: images.hash })
      .from(leadPhotos)
      .innerJoin(images, eq(images.id, leadPhotos.imageId))
      .where(inArray(leadPhotos.leadId, brunoLeads));
    expect(brunoPhotos).toHaveLength(1);
    expect(await db.select().from(emailOutbox).where(inArray(emailOutbox.leadId, brunoLeads))).toHaveLength(
      4,
    );
    expect(
      await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'bruno-seguro-1')),
    ).toHaveLength(1);
    expect(
      await db
        .select()
        .from(leadNotes)
        .where(eq(leadNotes.leadId, brunoLeads[0] ?? 0)),
    ).toHaveLength(1);
  });

  it('records the erasure with a hash of the e-mail, and no audit row keeps the address or quotes the person', async () => {
    const db = t.database.db;
    const proof = `sha256:${createHash('sha256').update(ANA).digest('hex')}`;
    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, 'datos_eliminados'));
    expect(row).toMatchObject({ actorId: admin.id, entity: 'datos_personales' });
    expect(row?.details).toMatchObject({
      correoHash: proof,
      solicitudes: 3,
      fotos: 2,
      actorEmail: admin.email,
    });
    const everything = JSON.stringify(await db.select().from(auditLog));
    expect(everything.toLowerCase()).not.toContain(ANA);
    expect(everything).not.toContain('Ana Pérez');
    // The status change keeps who and when; the export row now names the address by its hash too.
    const [status] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'estado_solicitud'), eq(auditLog.entityId, String(anaLeads[2]))));
    expect(status).toMatchObject({
      actorId: ventas.id,
      details: { actorEmail: ventas.email, datosDepurados: true },
    });
    const [exported] = await db.select().from(auditLog).where(eq(auditLog.action, 'datos_exportados'));
    expect(exported?.details).toMatchObject({ correoHash: proof, solicitudes: 3 });
  });

  it('leaves nothing to export afterwards, and the summary proves the erasure was done', async () => {
    const again = (await exportOf(ANA)).json() as PersonalDataExport;
    expect(again.resumen).toEqual({
      solicitudes: 0,
      fotos: 0,
      notas: 0,
      correos: 0,
      registrosIdempotencia: 0,
      alertas: 0,
    });
    const summary = await summarizePersonalData(t.database.db, ANA);
    expect(summary.eliminaciones).toHaveLength(1);
    expect(summary.conteos.solicitudes).toBe(0);
    const bruno = await summarizePersonalData(t.database.db, BRUNO);
    expect(bruno.conteos).toEqual({
      solicitudes: 2,
      fotos: 1,
      notas: 1,
      correos: 4,
      registrosIdempotencia: 1,
      alertas: 0,
    });
    expect(bruno.eliminaciones).toEqual([]);
  });
});

describe('the .eml files of the e-mails (no SMTP_URL)', () => {
  const CARLA = 'carla.mora@example.cl';
  const CARLA_PHONE = '+56 9 7111 2233';
  const DIEGO = 'diego.lagos@example.cl';
  const dirA = path.join(dataDir, 'outbox');
  // A second instance on the same database, with a DATA_DIR of its own.
  const dataDirB = mkdtempSync(path.join(tmpdir(), 'automotora-datos-personales-b-'));
  const dirB = path.join(dataDirB, 'outbox');
  const extra: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of extra) await app.close();
  });

  const emlFiles = (dir: string) => {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {}
    return names.sort().map((name) => ({ name, bytes: readFileSync(path.join(dir, name)) }));
  };
  /** Whether a file names the person, read as bytes and as the decoded message (text, headers). */
  async function mentions(bytes: Buffer, email: string, phone: string) {
    const raw = bytes.toString('latin1').toLowerCase();
    if (raw.includes(email)) return true;
    const mail = await simpleParser(bytes);
    const decoded = `${mail.replyTo?.text ?? ''} ${mail.text ?? ''} ${mail.html || ''}`.toLowerCase();
    return decoded.includes(email) || decoded.includes(phone);
  }
  async function filesOf(dir: string, email: string, phone: string) {
    const found: string[] = [];
    for (const file of emlFiles(dir)) if (await mentions(file.bytes, email, phone)) found.push(file.name);
    return found;
  }

  it('deletes every file of the person, here and on another instance, sent or queued; nobody else’s', async () => {
    const photos = [await makeJpeg(640, 480, '#117711'), await makeJpeg(700, 500, '#771177')];
    // Two leads delivered by this instance, one by the other, one still queued: 4 leads, 8 e-mails.
    await sendAppraisal(CARLA, photos, undefined, CARLA_PHONE);
    await sendJson('/api/contacto-contacto/', { name: 'Carla Mora', email: CARLA, phone: CARLA_PHONE });
    await t.app.services.outbox.deliverDue();
    const other = await apiAppOn(t.database, { LEAD_RATE_LIMIT: '1000', DATA_DIR: dataDirB });
    extra.push(other);
    await sendAppraisal(CARLA, photos, undefined, CARLA_PHONE);
    expect(await other.services.outbox.deliverDue()).toBe(2);
    // Its relay has made a pass since (nothing erased yet, so nothing to sweep).
    expect(await other.services.outbox.sweepIfErased()).toBe(0);
    await sendJson('/api/contact/', { nombre: 'Carla Mora', correo: CARLA, telefono: CARLA_PHONE });

    const carlaA = await filesOf(dirA, CARLA, CARLA_PHONE);
    expect(carlaA).toHaveLength(4);
    expect(await filesOf(dirB, CARLA, CARLA_PHONE)).toHaveLength(2);
    // Bruno's e-mails were pending too: this instance wrote them, and they must stay as they are.
    const brunoFiles = emlFiles(dirA).filter((file) => !carlaA.includes(file.name));
    expect(brunoFiles).toHaveLength(4);
    const anyCarlaFile = emlFiles(dirA).find((file) => file.name === carlaA[0]);
    // The photos travel as attachments: the appraisal's e-mails carry both.
    const appraisalMail = emlFiles(dirA).find((file) => file.bytes.includes('foto-2.jpg'));
    expect(appraisalMail && carlaA.includes(appraisalMail.name)).toBe(true);

    const [ipHash] = await t.database.db
      .selectDistinct({ ipHash: leads.ipHash })
      .from(leads)
      .where(eq(leads.email, CARLA));
    const limits = () =>
      t.database.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `lead:${ipHash?.ipHash}`));
    expect(await limits()).not.toHaveLength(0);

    const response = await erase({ email: CARLA, confirmacion: CARLA });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as PersonalDataErasure).eliminados).toMatchObject({ solicitudes: 4, correos: 8 });

    // This instance deleted its files when the erasure committed; Bruno's files are there, byte for byte.
    expect(await filesOf(dirA, CARLA, CARLA_PHONE)).toEqual([]);
    expect(emlFiles(dirA)).toEqual(brunoFiles);
    expect(await limits()).toEqual([]);
    // The queued e-mail is never written.
    expect(await t.app.services.outbox.deliverDue()).toBe(0);
    expect(emlFiles(dirA)).toEqual(brunoFiles);

    // The other instance's relay learns of the erasure at its next pass, and deletes its own.
    expect(await filesOf(dirB, CARLA, CARLA_PHONE)).toHaveLength(2);
    expect(await other.services.outbox.sweepIfErased()).toBe(2);
    expect(emlFiles(dirB)).toEqual([]);

    // A file whose deletion a crash interrupted (written back here) goes at the next start-up.
    writeFileSync(path.join(dirA, anyCarlaFile?.name ?? ''), anyCarlaFile?.bytes ?? '');
    const restarted = await apiAppOn(t.database, { LEAD_RATE_LIMIT: '1000', DATA_DIR: dataDir });
    extra.push(restarted);
    restarted.services.outbox.start();
    await eventually(async () => (await filesOf(dirA, CARLA, CARLA_PHONE)).length === 0, 5_000);
    expect(emlFiles(dirA)).toEqual(brunoFiles);
  });

  it('deletes the file of an e-mail erased while it was being written', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'automotora-datos-personales-c-'));
    const eml = createMailTransport({ smtpUrl: undefined, outboxDir: dir });
    // The erasure commits between the claim of Diego's e-mail and the writing of its file.
    const relay = new OutboxRelay(
      t.database.db,
      {
        ...eml,
        send: async (mail) => {
          expect((await erase({ email: DIEGO, confirmacion: DIEGO })).statusCode).toBe(200);
          await eml.send(mail);
        },
      },
      { from: '"Automotora" <ventas@example.cl>', domain: 'autos.example.cl' },
    );
    await sendJson('/api/seguros/', { name: 'Diego Lagos', email: DIEGO }, 'diego-seguro-1');
    expect(await relay.deliverDue()).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
    expect(await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.replyTo, DIEGO))).toEqual([]);
  });
});
