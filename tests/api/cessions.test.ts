// The register of cessions (Ley 19.628 as amended by Ley 21.719, art. 15; ADR 0031, decision 8): a request passed
// to a lender or an insurer is recorded only with the person's cession consent in force and naming the recipient,
// by its owner or an admin, once per recipient; the register lists, filters and exports them for admins.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_PRIVACY_SETTINGS } from '@contracts/dealership.ts';
import { auditLog, consentEvents, leadCessions, leads, rightsRequests } from '@db/schema.ts';
import { loadCessionPanel } from '@server/services/privacy/cession-panel.ts';
import { parse } from 'csv-parse/sync';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveConsent, sendRequest } from '../support/consents.ts';
import { expectSpanishRefusal } from '../support/hostile-checks.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: SignedInStaff;
let ventas: SignedInStaff;
const INSURERS = ['Seguros Austral', '=Seguros Sur'];

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'automotora-cesiones-'));
  const file = path.join(dir, 'dealership.json');
  writeFileSync(file, JSON.stringify({ privacy: { ...DEFAULT_PRIVACY_SETTINGS, insurers: INSURERS } }));
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000', DEALERSHIP_FILE: file });
  admin = await signedInStaff(t.app, 'admin');
  ventas = await signedInStaff(t.app, 'ventas');
});
afterAll(() => t.close());

/** The register's CSV as Excel in Chile reads it: ';' between cells, CRLF rows. */
const parseCsv = (text: string): string[][] => parse(text, { delimiter: ';', record_delimiter: '\r\n' });

const cede = (leadId: number, destinatario: unknown, caller: SignedInStaff = admin) =>
  callAs(t.app, 'POST', `/admin/api/solicitudes/${leadId}/cesiones`, caller, { destinatario });

async function tally() {
  const [c] = await t.database.db.select({ n: count() }).from(leadCessions);
  const [a] = await t.database.db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.action, 'cesion_registrada'));
  return { cessions: c?.n ?? 0, audit: a?.n ?? 0 };
}

/** A financing request whose person ticked the cession box naming the partners. */
async function financingWithConsent(email: string) {
  const lead = await sendRequest(t.app, '/api/contact-form/', {
    correo: email,
    consentimiento_datos_socioeconomicos: true,
  });
  const consent = await giveConsent(t.database.db, {
    email,
    leadId: lead,
    purpose: 'cesion',
    channel: 'financiamiento',
  });
  return { lead, consent };
}

describe('recording a cession', () => {
  it('records it with the categories, the consent relied on, the member and an audit row', async () => {
    const { lead, consent } = await financingWithConsent('ana@example.cl');
    const response = await cede(lead, 'Banco Cumbre Andina');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().mensaje).toBe(
      'Quedó registrado que la solicitud se derivó a Banco Cumbre Andina.',
    );
    const [row] = await t.database.db.select().from(leadCessions).where(eq(leadCessions.leadId, lead));
    expect(row).toMatchObject({
      recipient: 'Banco Cumbre Andina',
      consentEventId: consent,
      staffId: admin.id,
    });
    expect(row?.categories).toEqual([
      'Identificación y contacto (nombre, correo y teléfono)',
      'Crédito solicitado (tipo, valor del vehículo, pie y plazo)',
      'Tipo de ingresos (situación socioeconómica)',
    ]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'cesion_registrada'));
    expect(audit).toMatchObject({ actorId: admin.id, entity: 'solicitud', entityId: String(lead) });
    expect(audit?.details).toMatchObject({ destinatario: 'Banco Cumbre Andina', consentimiento: consent });
  });

  it('passes no income category once the socio-economic value is gone', async () => {
    const { lead } = await financingWithConsent('sin.ingresos@example.cl');
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, lead));
    await t.database.db
      .update(leads)
      .set({ details: { ...row?.details, ingresos: null } })
      .where(eq(leads.id, lead));
    expect((await cede(lead, 'Finanzas Litoral')).statusCode).toBe(201);
    const [cession] = await t.database.db.select().from(leadCessions).where(eq(leadCessions.leadId, lead));
    expect(cession?.categories.join(' ')).not.toContain('ingresos');
  });

  it('records an insurance request to an insurer of the privacy settings', async () => {
    const email = 'matias@example.cl';
    const lead = await sendRequest(t.app, '/api/seguros/', { email });
    await giveConsent(t.database.db, {
      email,
      leadId: lead,
      purpose: 'cesion',
      channel: 'seguro',
      wording: 'Autorizo enviar mi solicitud a las aseguradoras: Seguros Austral y =Seguros Sur.',
    });
    expect((await cede(lead, 'Seguros Austral')).statusCode).toBe(201);
    expect((await cede(lead, '=Seguros Sur')).statusCode).toBe(201);
    const rows = await t.database.db.select().from(leadCessions).where(eq(leadCessions.leadId, lead));
    expect(rows[0]?.categories).toEqual([
      'Identificación y contacto (nombre, correo y teléfono)',
      'Vehículo a asegurar (marca, modelo y año)',
      'Tipo de seguro y comentarios',
    ]);
    // A lender is not an insurer.
    expect((await cede(lead, 'Banco Cumbre Andina')).statusCode).toBe(400);
  });

  it('refuses without a cession consent in force, saying why, and records nothing', async () => {
    const before = await tally();
    const email = 'sin.permiso@example.cl';
    const lead = await sendRequest(t.app, '/api/contact-form/', { correo: email });
    const response = await cede(lead, 'Banco Cumbre Andina');
    expect(response.statusCode).toBe(409);
    expect(expectSpanishRefusal(response).error).toMatch(/no autorizó enviar esta solicitud.*art\. 15/);

    // Given and then withdrawn (from the e-mail link, for all requests): refused the same way.
    await giveConsent(t.database.db, { email, leadId: lead, purpose: 'cesion' });
    await t.database.db.insert(consentEvents).values({
      email,
      leadId: null,
      purpose: 'cesion',
      action: 'retira',
      wording: 'Retirar',
      channel: 'correo',
    });
    expect((await cede(lead, 'Banco Cumbre Andina')).statusCode).toBe(409);
    // A consent of another request of the same person does not count for this one.
    const other = await sendRequest(t.app, '/api/contact-form/', { correo: email });
    await giveConsent(t.database.db, { email, leadId: other, purpose: 'cesion' });
    expect((await cede(lead, 'Banco Cumbre Andina')).statusCode).toBe(409);
    expect(await tally()).toEqual(before);
  });

  it('refuses a partner the consent does not name, an unknown one, a second time, and other kinds', async () => {
    const { lead } = await financingWithConsent('nombrados@example.cl');
    const before = await tally();
    const unnamed = await cede(lead, 'Crédito Araucaria');
    expect(unnamed.statusCode).toBe(409);
    expect(expectSpanishRefusal(unnamed).error).toContain('no nombra a Crédito Araucaria');
    const unknown = await cede(lead, 'Banco Desconocido');
    expect(unknown.statusCode).toBe(400);
    expect(expectSpanishRefusal(unknown).campos?.destinatario).toBe('Elige una institución de la lista.');
    expect(await tally()).toEqual(before);

    expect((await cede(lead, 'Banco Cumbre Andina')).statusCode).toBe(201);
    const again = await cede(lead, 'Banco Cumbre Andina');
    expect(again.statusCode).toBe(409);
    expect(expectSpanishRefusal(again).error).toMatch(/^Ya se derivó a Banco Cumbre Andina el /);

    const contact = await sendRequest(t.app, '/api/contacto-contacto/', { email: 'nombrados@example.cl' });
    await giveConsent(t.database.db, { email: 'nombrados@example.cl', leadId: contact, purpose: 'cesion' });
    const wrongKind = await cede(contact, 'Banco Cumbre Andina');
    expect(wrongKind.statusCode).toBe(409);
    expect(expectSpanishRefusal(wrongKind).error).toContain(
      'Solo las solicitudes de financiamiento y de seguro',
    );
    expect((await cede(999_999, 'Banco Cumbre Andina')).statusCode).toBe(404);
  });

  it('refuses while the person has the processing of their data blocked (art. 8 ter), and again once lifted', async () => {
    const email = 'bloqueada@example.cl';
    const { lead } = await financingWithConsent(email);
    const [block] = await t.database.db
      .insert(rightsRequests)
      .values({
        email,
        right: 'supresion',
        blockRequested: true,
        status: 'abierta',
        tokenExpiresAt: new Date(),
        blockedAt: new Date(),
      })
      .returning({ id: rightsRequests.id });
    const before = await tally();
    const refused = await cede(lead, 'Banco Cumbre Andina');
    expect(refused.statusCode).toBe(409);
    expect(expectSpanishRefusal(refused).error).toMatch(/^Tratamiento bloqueado/);
    const dealership = await t.app.services.catalogue.dealership();
    const panel = await loadCessionPanel(t.database.db, lead, dealership, { id: admin.id, role: 'admin' });
    expect(panel?.impedimento).toMatch(/^Tratamiento bloqueado/);
    expect(await tally()).toEqual(before);

    await t.database.db
      .update(rightsRequests)
      .set({ unblockedAt: new Date() })
      .where(eq(rightsRequests.id, block?.id ?? 0));
    expect((await cede(lead, 'Banco Cumbre Andina')).statusCode).toBe(201);
  });

  it('records one cession when two clicks arrive together', async () => {
    const { lead } = await financingWithConsent('doble@example.cl');
    const answers = await Promise.all([cede(lead, 'Fondo Quillay'), cede(lead, 'Fondo Quillay')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(leadCessions).where(eq(leadCessions.leadId, lead));
    expect(rows).toHaveLength(1);
  });

  it('lets a salesperson record the requests they own, not the others', async () => {
    const { lead } = await financingWithConsent('ventas@example.cl');
    const refused = await cede(lead, 'Mutual Pehuén', ventas);
    expect(refused.statusCode).toBe(403);
    expect(expectSpanishRefusal(refused).error).toBe(
      'Solo puedes derivar las solicitudes a tu cargo. Tómala primero desde esta página.',
    );
    await t.database.db.update(leads).set({ ownerId: ventas.id }).where(eq(leads.id, lead));
    expect((await cede(lead, 'Mutual Pehuén', ventas)).statusCode).toBe(201);
  });

  it('tells the lead page what "Derivar a…" may do, and why not', async () => {
    const dealership = await t.app.services.catalogue.dealership();
    const { lead, consent } = await financingWithConsent('panel@example.cl');
    await cede(lead, 'Banco Cumbre Andina');
    const panel = await loadCessionPanel(t.database.db, lead, dealership, { id: admin.id, role: 'admin' });
    expect(panel?.impedimento).toBeNull();
    expect(panel?.consentimiento?.id).toBe(consent);
    expect(panel?.destinatarios.map((d) => [d.nombre, d.impedimento === null])).toEqual([
      ['Banco Cumbre Andina', false],
      ['Finanzas Litoral', true],
      ['Crédito Araucaria', false],
      ['Banco Horizonte Sur', true],
      ['Fondo Quillay', true],
      ['Mutual Pehuén', true],
    ]);
    expect(panel?.cesiones.map((c) => c.destinatario)).toEqual(['Banco Cumbre Andina']);
    const asSales = await loadCessionPanel(t.database.db, lead, dealership, {
      id: ventas.id,
      role: 'ventas',
    });
    expect(asSales?.impedimento).toContain('Solo puedes derivar las solicitudes a tu cargo');
    const contact = await sendRequest(t.app, '/api/contacto-contacto/');
    expect(
      await loadCessionPanel(t.database.db, contact, dealership, { id: admin.id, role: 'admin' }),
    ).toBeNull();
  });
});

describe('the register', () => {
  it('lists the cessions newest first, for admins only', async () => {
    const response = await callAs(t.app, 'GET', '/admin/api/cesiones', admin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBeGreaterThanOrEqual(6);
    expect(body.cesiones[0].fecha >= body.cesiones[1].fecha).toBe(true);
    expect(body.destinatarios).toContain('=Seguros Sur');
    expect(body.cesiones[0]).toMatchObject({
      solicitud: { tipo: expect.any(String) },
      por: expect.any(String),
    });
    expect((await callAs(t.app, 'GET', '/admin/api/cesiones', ventas)).statusCode).toBe(403);
    expect((await callAs(t.app, 'GET', '/admin/api/cesiones.csv', ventas)).statusCode).toBe(403);
  });

  it('filters by recipient and by Chilean days, both ends included', async () => {
    const { lead } = await financingWithConsent('antigua@example.cl');
    await cede(lead, 'Banco Horizonte Sur');
    // 2026-03-10 23:30 in Chile (summer time, UTC−3) is the 11th in UTC: the day is Chile's.
    await t.database.db
      .update(leadCessions)
      .set({ createdAt: new Date('2026-03-11T02:30:00Z') })
      .where(eq(leadCessions.leadId, lead));
    const list = async (query: string) =>
      (await callAs(t.app, 'GET', `/admin/api/cesiones?${query}`, admin)).json();
    expect(
      (await list('destinatario=Banco%20Horizonte%20Sur')).cesiones.map(
        (c: { solicitud: { id: number } }) => c.solicitud.id,
      ),
    ).toEqual([lead]);
    expect((await list('desde=2026-03-10&hasta=2026-03-10')).total).toBe(1);
    expect((await list('desde=2026-03-11&hasta=2026-03-11')).total).toBe(0);
    expect((await list('hasta=2026-03-09')).total).toBe(0);
    expect((await list('destinatario=&desde=&hasta=')).total).toBeGreaterThan(1);
    for (const bad of [
      'desde=2026-02-30',
      'hasta=ayer',
      'desde=2026-03-11&hasta=2026-03-10',
      'pagina=0',
      'otro=1',
    ]) {
      const response = await callAs(t.app, 'GET', `/admin/api/cesiones?${bad}`, admin);
      expect(response.statusCode, bad).toBe(400);
      expectSpanishRefusal(response);
    }
  });

  it('exports the filtered register as CSV, a recipient typed like a formula written as text', async () => {
    const response = await callAs(t.app, 'GET', '/admin/api/cesiones.csv', admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="cesiones-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(response.body.slice(1));
    expect(rows[0]).toEqual([
      'Fecha',
      'N° de solicitud',
      'Tipo de solicitud',
      'Destinatario',
      'Categorías de datos',
      'Consentimiento',
      'Registrada por',
    ]);
    const recipients = rows.slice(1).map((row) => row[3]);
    expect(recipients).toContain("'=Seguros Sur");
    expect(recipients).not.toContain('=Seguros Sur');
    for (const row of rows.slice(1)) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    const filtered = parseCsv(
      (
        await callAs(t.app, 'GET', '/admin/api/cesiones.csv?destinatario=Seguros%20Austral', admin)
      ).body.slice(1),
    );
    expect(filtered.slice(1).map((row) => row[3])).toEqual(['Seguros Austral']);
  });
});
