// A history people can read (issue 31 item 8, ADR 0041), and what was left of items 2 and 4: phones typed as people
// in Chile type them and stored as E.164 (leads, settings, the migration of older rows); the audit trail and the
// settings' versions in words; the terms' date set on save; the personal-data export as a page; a reply written from
// the request, sent through a real SMTP server and recorded on it; the old address told of an e-mail change and a
// reactivated colleague told they can sign in again.

import { readFileSync } from 'node:fs';
import type { LeadDetail } from '@contracts/admin-leads.ts';
import type { Dealership } from '@contracts/dealership.ts';
import { normalizePhone } from '@contracts/phone.ts';
import { auditLog, emailOutbox, leads } from '@db/schema.ts';
import { auditLines } from '@domain/audit-text.ts';
import { chileDayKey } from '@domain/chile-time.ts';
import { listAudit } from '@server/services/admin/audit-log.ts';
import { exportPersonalData } from '@server/services/admin/personal-data.ts';
import { readablePersonalData } from '@server/services/admin/personal-data-readable.ts';
import { listSettingsVersions } from '@server/services/settings/site-settings.ts';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { expectReadable } from '../support/readable.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';
import { callAs, type SignedInStaff, signedInStaff, testStaffUser } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let smtp: SmtpSink;
let admin: SignedInStaff;
let seller: SignedInStaff;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LEAD_RATE_LIMIT: '1000' });
  t.app.services.outbox.start();
  admin = await signedInStaff(t.app, 'admin');
  seller = await signedInStaff(t.app, 'ventas');
}, 180_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The value `get` finds, once it finds one (a message the outbox relay sends a moment after the commit). */
async function eventually<T>(get: () => T | null | undefined | Promise<T | null | undefined>): Promise<T> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const found = await get();
    if (found !== null && found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('not found in time');
}

const mailsTo = (email: string) => smtp.messages.filter((m) => JSON.stringify(m.to ?? '').includes(email));
const leadCount = async () => (await t.database.db.select({ n: count() }).from(leads))[0]?.n ?? 0;

let sent = 0;
async function postLead(path: keyof typeof VALID_PAYLOADS, change: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: path,
    payload: { ...VALID_PAYLOADS[path], email: `historia${++sent}@example.cl`, ...change },
    headers: await csrfHeaders(t.app),
  });
}

describe('phones as people in Chile type them', () => {
  it.each([
    ['9 8765 4321', '+56987654321'],
    ['(2) 2345-6789', '+56223456789'],
    ['56 9 8765 4321', '+56987654321'],
    ['09-8765-4321', '+56987654321'],
    ['+54 9 11 2345 6789', '+5491123456789'],
  ])('stores %j as %s', async (typed, e164) => {
    const response = await postLead('/api/contacto-contacto/', { phone: typed });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.database.db
      .select({ phone: leads.phone })
      .from(leads)
      .where(eq(leads.id, (response.json() as { id: number }).id));
    expect(row?.phone).toBe(e164);
  });

  it('refuses anything else beside the field, in Spanish, storing nothing', async () => {
    const before = await leadCount();
    for (const [path, field] of [
      ['/api/contacto-contacto/', 'phone'],
      ['/api/contact-form/', 'telefono'],
      ['/api/asesoria/', 'telefono'],
      ['/api/seguros/', 'phone'],
    ] as const) {
      for (const typed of ['8765 4321', '1 2345 6789', '9 8765 4321 anexo 3', '+56 9 8765', '9876-54321-0']) {
        const response = await postLead(path, { [field]: typed });
        expect(response.statusCode, `${path} ${typed}`).toBe(400);
        const body = response.json() as { campos: Record<string, string> };
        expect(body.campos[field], `${path} ${typed}`).toMatch(
          /^(Ingresa un teléfono chileno|Faltan dígitos)/,
        );
      }
    }
    expect(await leadCount()).toBe(before);
  });

  it('the staff e-mail shows the number readable', async () => {
    const response = await postLead('/api/contacto-contacto/', { phone: '987654321', name: 'Lectura Fono' });
    expect(response.statusCode).toBe(201);
    const [mail] = await t.database.db
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.leadId, (response.json() as { id: number }).id));
    expect(mail?.text).toContain('Teléfono: +56 9 8765 4321');
  });

  it('the migration turns older rows typed by hand into E.164 as the contract reads them, and leaves the rest', async () => {
    const migration = readFileSync('db/migrations/0024_phones_and_replies.sql', 'utf8');
    const update = migration.slice(migration.indexOf('WITH typed AS'));
    const typed = [
      '+56 9 8123 4567',
      '9 8123 4567',
      '(2) 2345-6789',
      '56 9 8123 4567',
      '0056 9 8123 4567',
      '09 8123 4567',
      '032 212 3456',
      '600 600 2222',
      '+1 (415) 555-2671',
      '8123 4567',
      '+56 1 2345 6789',
      'llamar en la tarde',
      '+56912345678',
    ];
    const ids: number[] = [];
    for (const [n, phone] of typed.entries()) {
      const [row] = await t.database.db
        .insert(leads)
        .values({
          kind: 'contacto',
          name: `Antiguo ${n}`,
          email: `antiguo${n}@example.cl`,
          phone,
          dueAt: new Date(),
        })
        .returning({ id: leads.id });
      ids.push(row?.id ?? 0);
    }
    await t.database.db.execute(sql.raw(update));
    const rows = await t.database.db
      .select({ id: leads.id, phone: leads.phone })
      .from(leads)
      .where(inArray(leads.id, ids));
    const stored = ids.map((id) => rows.find((row) => row.id === id)?.phone);
    expect(stored).toEqual(typed.map((phone) => normalizePhone(phone) ?? phone));
  });
});

describe('the settings: phones typed freely, what each version changed, the terms dated on save', () => {
  const read = async () =>
    (await callAs(t.app, 'GET', '/admin/api/sitio', admin)).json() as { version: number; datos: Dealership };
  const save = (body: unknown) => callAs(t.app, 'PUT', '/admin/api/sitio', admin, body);

  it('reads the numbers as typed, fills «Como se muestra» left blank, and refuses a number that is none', async () => {
    const current = await read();
    const response = await save({
      version: current.version,
      datos: {
        ...current.datos,
        phones: [{ label: 'Ventas', display: '', e164: '2 2999 1111' }, ...current.datos.phones.slice(1)],
        whatsapp: '+56 9 7777 1234',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = (await read()).datos;
    expect(saved.phones[0]).toEqual({ label: 'Ventas', display: '+56 2 2999 1111', e164: '+56229991111' });
    expect(saved.whatsapp).toBe('56977771234');

    const stale = { label: 'Ventas', display: '+56 2 2999 1111', e164: '9 1111 2222' };
    for (const [phones, whatsapp, field] of [
      [[{ label: 'Ventas', display: '', e164: '2999 1111' }], saved.whatsapp, 'phones.0.e164'],
      [[{ label: 'Ventas', display: '', e164: '+560123456789' }], saved.whatsapp, 'phones.0.e164'],
      [[stale], saved.whatsapp, 'phones.0.display'],
      [saved.phones, '1234', 'whatsapp'],
    ] as const) {
      const refused = await save({ version: (await read()).version, datos: { ...saved, phones, whatsapp } });
      expect(refused.statusCode, field).toBe(400);
      const body = refused.json() as { campos: Record<string, string> };
      expect(body.campos[field], JSON.stringify(body.campos)).toMatch(/teléfono chileno|Dice otro número/);
    }
    expect((await read()).datos).toEqual(saved);
  });

  it('lists each version with what it changed, in the form’s words', async () => {
    const current = await read();
    const week = structuredClone(current.datos.schedule.week);
    week[6] = [];
    const response = await save({
      version: current.version,
      datos: { ...current.datos, schedule: { ...current.datos.schedule, week } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const versions = await listSettingsVersions(t.database.db);
    const [newest, previous] = versions;
    expect(newest?.changes).toEqual([
      { label: 'Horario de atención › Días › Sábado', before: '10:30-13:30', after: 'cerrado' },
    ]);
    expect(previous?.changes).toContainEqual({
      label: 'WhatsApp',
      before: '+56 9 8765 4321',
      after: '+56 9 7777 1234',
    });
    expect(versions.at(-1)?.changes).toEqual([]);
    for (const version of versions) expectReadable(version.changes);
  });

  it('dates the terms on the day their text changes; a date sent alone changes nothing', async () => {
    const current = await read();
    const day = chileDayKey(new Date());
    const moved = await save({
      version: current.version,
      datos: { ...current.datos, legal: { ...current.datos.legal, updated: '2020-01-01' } },
    });
    expect(moved.statusCode).toBe(200);
    expect((await read()).version).toBe(current.version);
    const changed = await save({
      version: current.version,
      datos: {
        ...current.datos,
        legal: { ...current.datos.legal, terms: `${current.datos.legal.terms}\n\nUn párrafo nuevo.` },
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect([day, chileDayKey(new Date())]).toContain((await read()).datos.legal.updated);
  });
});

describe('a reply written from the request', () => {
  let leadId = 0;
  beforeAll(async () => {
    const response = await postLead('/api/contacto-contacto/', {
      name: 'Rosa Respuesta',
      email: 'rosa@example.cl',
    });
    leadId = (response.json() as { id: number }).id;
  });
  const reply = (body: unknown, who: SignedInStaff = seller, id = leadId) =>
    callAs(t.app, 'POST', `/admin/api/solicitudes/${id}/responder`, who, body);
  const detail = async () =>
    (await callAs(t.app, 'GET', `/admin/api/solicitudes/${leadId}`, admin)).json() as LeadDetail;

  it('refuses an empty or broken e-mail in Spanish and sends nothing', async () => {
    const outbox = async () => (await t.database.db.select({ n: count() }).from(emailOutbox))[0]?.n ?? 0;
    const before = await outbox();
    for (const [body, field] of [
      [{ asunto: '', mensaje: 'Hola Rosa' }, 'asunto'],
      [{ asunto: 'Hola', mensaje: '' }, 'mensaje'],
      [{ asunto: 'Hola\r\nBcc: otro@example.cl', mensaje: 'Hola Rosa' }, 'asunto'],
      [{ asunto: 'Hola', mensaje: 'x'.repeat(10_001) }, 'mensaje'],
      [{ asunto: 'Hola', mensaje: 'Hola', copia: 'otro@example.cl' }, '_'],
    ] as const) {
      const response = await reply(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const answer = response.json() as { error: string; campos?: Record<string, string> };
      if (field === '_') expect(answer.error).toBe('Envía el asunto y el mensaje del correo.');
      else expect(answer.campos?.[field]).toMatch(/^(Ingresa|El asunto|El mensaje)/);
    }
    expect(await outbox()).toBe(before);
    expect((await reply({ asunto: 'Hola', mensaje: 'Hola Rosa' }, seller, 987_654)).statusCode).toBe(404);
  });

  it('sends it through the outbox to the person, replies to the writer, and records it on the request', async () => {
    const response = await reply({
      asunto: 'Tu consulta — Automotora',
      mensaje: 'Hola Rosa,\n\nTenemos el SUV que buscas.\n\nSaludos,\nVendedor',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ contactada: true });
    const mail = await eventually(() =>
      mailsTo('rosa@example.cl').find((m) => m.subject === 'Tu consulta — Automotora'),
    );
    expect(mail.text).toContain('Tenemos el SUV que buscas.');
    expect(JSON.stringify(mail.replyTo)).toContain(seller.email);
    // Contactado, the first contact the writer's.
    const [row] = await t.database.db
      .select({ status: leads.status, by: leads.firstContactBy })
      .from(leads)
      .where(eq(leads.id, leadId));
    expect(row).toEqual({ status: 'contactado', by: seller.id });
    // The request's history names it, with its text; the staff notices' panel does not.
    const lead = await eventually(async () => {
      const found = await detail();
      return found.history.some((e) => e.type === 'correo' && e.status === 'sent') ? found : null;
    });
    const entry = lead.history.find((e) => e.type === 'correo');
    expect(entry).toMatchObject({
      type: 'correo',
      toAddress: 'rosa@example.cl',
      subject: 'Tu consulta — Automotora',
      byEmail: seller.email,
      status: 'sent',
    });
    expect(lead.history.map((e) => e.type)).toEqual(['correo', 'estado']);
    expect(lead.emails.map((e) => e.subject)).not.toContain('Tu consulta — Automotora');
    // The audit trail says it in words.
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'correo_respondido'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(auditLines(audit?.action ?? '', audit?.details ?? {})).toContainEqual({
      label: 'Asunto',
      value: 'Tu consulta — Automotora',
    });
  });

  it('a second reply leaves the status alone; the person’s export carries both e-mails', async () => {
    const response = await reply({ asunto: 'Seguimiento', mensaje: '¿Pudiste ver el auto?' }, admin);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ contactada: false });
    const document = await exportPersonalData(t.database.db, null, 'rosa@example.cl', 'Automotora SpA');
    expect(document.correos.map((mail) => mail.asunto)).toEqual(
      expect.arrayContaining(['Tu consulta — Automotora', 'Seguimiento']),
    );
  });

  it('an anonymised request has nobody to write to', async () => {
    await t.database.db
      .update(leads)
      .set({
        email: '',
        phone: null,
        message: null,
        name: '',
        ipHash: null,
        sourcePage: null,
        landingPage: null,
        referrerHost: null,
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        anonymizedAt: new Date(),
      })
      .where(eq(leads.id, leadId));
    const response = await reply({ asunto: 'Hola', mensaje: 'Hola Rosa' });
    expect(response.statusCode).toBe(409);
    expect((response.json() as { error: string }).error).toContain('ya no guarda el correo');
  });
});

describe('the audit trail in words', () => {
  it('every entry the back office wrote reads without a code, JSON or English', async () => {
    // A few more kinds of entry: an owner change, a status change, a rename, the round-robin switch.
    const lead = (await postLead('/api/contacto-contacto/', {})).json() as { id: number };
    expect(
      (
        await callAs(t.app, 'PATCH', `/admin/api/solicitudes/${lead.id}/responsable`, admin, {
          responsable: seller.id,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await callAs(t.app, 'PATCH', `/admin/api/solicitudes/${lead.id}/estado`, seller, {
          estado: 'contactado',
        })
      ).statusCode,
    ).toBe(200);
    for (const turnos of [true, false])
      expect((await callAs(t.app, 'PUT', '/admin/api/asignacion', admin, { turnos })).statusCode).toBe(200);
    const page = await listAudit(t.database.db, { pagina: 1 });
    expect(page.entradas.length).toBeGreaterThan(8);
    for (const entry of page.entradas) expectReadable(auditLines(entry.accion, entry.detalles));
    const lines = page.entradas.flatMap((entry) => auditLines(entry.accion, entry.detalles));
    expect(lines).toContainEqual({ label: 'Estado', before: 'Nuevo', after: 'Contactado' });
    expect(lines).toContainEqual(expect.objectContaining({ label: 'Responsable', before: 'Sin asignar' }));
    expect(lines).toContainEqual({ label: 'Reparto por turnos', value: 'Activado' });
    expect(lines).toContainEqual({ label: 'Reparto por turnos', value: 'Desactivado' });
  });
});

describe('the personal-data export as a page', () => {
  it('says each request, its history and its e-mails in words', async () => {
    const response = await postLead('/api/contact-form/', {
      correo: 'pagina@example.cl',
      telefono: '9 6555 4444',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json() as { id: number };
    await callAs(t.app, 'PATCH', `/admin/api/solicitudes/${id}/estado`, seller, { estado: 'contactado' });
    const document = await exportPersonalData(t.database.db, null, 'pagina@example.cl', 'Automotora SpA');
    const page = readablePersonalData(document);
    expect(page.secciones.map((s) => s.title)).toEqual([
      'Resumen',
      `Solicitud de financiamiento N° ${id}`,
      'Correos',
    ]);
    const lead = page.secciones[1]?.rows ?? [];
    expect(lead).toContainEqual({ label: 'Teléfono', value: '+56 9 6555 4444' });
    expect(lead).toContainEqual({ label: 'Estado de la solicitud', value: 'Contactado' });
    expect(lead.find((row) => row.label.startsWith('Historial'))?.value).toBe(
      'Estado de solicitud cambiado. Estado: Nuevo → Contactado',
    );
    // No code of the JSON reaches the page.
    const text = JSON.stringify(page.secciones);
    expect(text).not.toMatch(/plazoPrimerContacto|tipoEtiqueta|"from"|"to"|contact-form|null/);
  });
});

describe('accounts: the old address told, a reactivated colleague told', () => {
  it('tells the old address of a change of e-mail, and a reactivated account that it can sign in again', async () => {
    const { id } = await testStaffUser(t.database.db, {
      email: 'marta.antes@automotora.cl',
      name: 'Marta Cambio',
      password: 'una-clave-larga-2026',
      role: 'ventas',
    });
    const moved = await callAs(t.app, 'PATCH', `/admin/api/usuarios/${id}`, admin, {
      email: 'marta.ahora@automotora.cl',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const told = await eventually(() => mailsTo('marta.antes@automotora.cl')[0]);
    expect(told.subject).toMatch(/^Cambió el correo de tu cuenta del panel de /);
    expect(told.text).toContain('Desde ahora es marta.ahora@automotora.cl');
    expect(mailsTo('marta.ahora@automotora.cl')).toEqual([]);

    expect(
      (await callAs(t.app, 'PATCH', `/admin/api/usuarios/${id}`, admin, { active: false })).statusCode,
    ).toBe(200);
    expect(mailsTo('marta.ahora@automotora.cl')).toEqual([]);
    expect(
      (await callAs(t.app, 'PATCH', `/admin/api/usuarios/${id}`, admin, { active: true })).statusCode,
    ).toBe(200);
    const back = await eventually(() => mailsTo('marta.ahora@automotora.cl')[0]);
    expect(back.subject).toMatch(/está activa de nuevo$/);
    expect(back.text).toContain('/admin/clave-olvidada');
  });
});
