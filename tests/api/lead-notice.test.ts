// Issue 21, item 2: a new lead's owner (or, unassigned, every active salesperson who wants it) is told by e-mail
// through the outbox, within seconds, with the lead's essentials and a link; each member switches it off in 'Mi cuenta'.
import { ApiErrorSchema } from '@contracts/vehicle.ts';
import { auditLog, emailOutbox, staffUsers } from '@db/schema.ts';
import { createStaffUser } from '@server/services/auth/create-staff-user.ts';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { eventually } from '../support/eventually.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PATH = '/api/contacto-contacto/';
let t: TestApp;
let smtp: SmtpSink;
let admin: SignedInStaff;
let ana: SignedInStaff;
let beto: SignedInStaff;
let carla: SignedInStaff;
let dora: SignedInStaff;
let sent = 0;

const toOf = (mail: ParsedMail | undefined) => (mail?.to && 'text' in mail.to ? mail.to.text : '');

async function sendLead(name = `Cliente Aviso ${++sent}`): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: PATH,
    payload: { ...VALID_PAYLOADS[PATH], name, email: `aviso${sent}@example.cl` },
    headers: await csrfHeaders(t.app),
  });
  expect(response.statusCode, response.body).toBe(201);
  expect(Object.keys(response.json()).sort()).toEqual(['id', 'mensaje']);
  return (response.json() as { id: number }).id;
}

/** The addresses the lead's e-mails were queued for, sales mailbox left out, sorted. */
async function noticesOf(id: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ to: emailOutbox.toAddress })
    .from(emailOutbox)
    .where(eq(emailOutbox.leadId, id));
  return rows
    .map((row) => row.to)
    .filter((to) => to !== t.config.dealership.salesEmail)
    .sort();
}

const setTurns = (turnos: boolean) => callAs(t.app, 'PUT', '/admin/api/asignacion', admin, { turnos });
const setEmails = (caller: SignedInStaff, body: unknown) =>
  callAs(t.app, 'PUT', '/admin/api/cuenta/avisos', caller, body);

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  t.app.services.outbox.start();
  admin = await signedInStaff(t.app, 'admin');
  ana = await signedInStaff(t.app, 'ventas');
  beto = await signedInStaff(t.app, 'ventas');
  carla = await signedInStaff(t.app, 'ventas');
  dora = await signedInStaff(t.app, 'ventas');
  expect((await setEmails(carla, { correoSolicitudes: false })).statusCode).toBe(200);
  expect(
    (await callAs(t.app, 'PATCH', `/admin/api/usuarios/${dora.id}`, admin, { active: false })).statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the e-mail of a new lead', () => {
  it('goes, for a lead nobody owns, to every active salesperson who wants it, within seconds', async () => {
    const id = await sendLead('Rosa Aviso');
    expect(await noticesOf(id)).toEqual([ana.email, beto.email].sort());
    await eventually(
      async () =>
        smtp.messages.filter((m) => m.subject?.startsWith(`Solicitud sin asignar #${id}:`)).length === 2,
      5_000,
    );
    const mails = smtp.messages.filter((m) => m.subject?.startsWith(`Solicitud sin asignar #${id}:`));
    expect(mails.map(toOf).sort()).toEqual([ana.email, beto.email].sort());
    const [mail] = mails;
    expect(mail?.subject).toBe(`Solicitud sin asignar #${id}: Mensaje de contacto, Rosa Aviso`);
    expect(mail?.replyTo?.text).toBe(`aviso${sent}@example.cl`);
    for (const line of [
      'Nombre: Rosa Aviso',
      'Teléfono: +56 9 8123 4567',
      'Responder antes de:',
      `Ver la solicitud: https://autos.example.cl/admin/solicitudes/${id}`,
    ])
      expect(mail?.text).toContain(line);
    expect(mail?.html).toContain(`href="https://autos.example.cl/admin/solicitudes/${id}"`);
    // The dealership's mailbox still gets its full e-mail.
    expect(smtp.messages.some((m) => toOf(m) === t.config.dealership.salesEmail)).toBe(true);
  });

  it('goes to the owner alone when round-robin gives it one, and to nobody when the owner switched it off', async () => {
    expect((await setTurns(true)).statusCode).toBe(200);
    // Turns: Ana, Beto, Carla (who switched the e-mails off), then Ana again.
    const [first, second, third] = [await sendLead(), await sendLead(), await sendLead()];
    expect(await noticesOf(first as number)).toEqual([ana.email]);
    expect(await noticesOf(second as number)).toEqual([beto.email]);
    expect(await noticesOf(third as number)).toEqual([]);
    await eventually(
      async () => smtp.messages.some((m) => m.subject?.startsWith(`Te asignaron la solicitud #${first}:`)),
      5_000,
    );
    const mail = smtp.messages.find((m) => m.subject?.startsWith(`Te asignaron la solicitud #${first}:`));
    expect(toOf(mail)).toBe(ana.email);
    expect(mail?.text).toMatch(/^Vendedor \d+, te asignaron una solicitud nueva\./);

    expect((await setEmails(ana, { correoSolicitudes: false })).statusCode).toBe(200);
    const fourth = await sendLead();
    expect(await noticesOf(fourth)).toEqual([]);
    expect((await setTurns(false)).statusCode).toBe(200);
  });
});

describe("'Mi cuenta': the member's own switch", () => {
  it('reads and changes only the signed-in member, recorded in the audit trail', async () => {
    const read = await callAs(t.app, 'GET', '/admin/api/cuenta/avisos', beto, undefined);
    expect(read.json()).toEqual({ correoSolicitudes: true });
    const off = await setEmails(beto, { correoSolicitudes: false });
    expect(off.json()).toEqual({ correoSolicitudes: false });
    const rows = await t.database.db
      .select({ id: staffUsers.id, leadEmails: staffUsers.leadEmails })
      .from(staffUsers)
      .where(eq(staffUsers.leadEmails, false));
    expect(rows.map((r) => r.id).sort()).toEqual([ana.id, beto.id, carla.id].sort());
    const audit = await t.database.db
      .select({ actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'avisos_cambiados'));
    expect(audit.at(-1)).toMatchObject({ actorId: beto.id, details: { correoSolicitudes: false } });
    expect((await setEmails(beto, { correoSolicitudes: true })).statusCode).toBe(200);
  });

  it('refuses a malformed choice in Spanish and changes nothing', async () => {
    for (const body of [
      { correoSolicitudes: 'no' },
      {},
      { correoSolicitudes: true, usuario: ana.id },
      null,
    ]) {
      const response = await setEmails(beto, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(ApiErrorSchema.parse(response.json()).error).toMatch(/^(Revisa|Solo se puede|Indica)/);
    }
    expect((await callAs(t.app, 'GET', '/admin/api/cuenta/avisos', beto, undefined)).json()).toEqual({
      correoSolicitudes: true,
    });
    const anonymous = await csrfHeaders(t.app);
    expect(
      (await callAs(t.app, 'PUT', '/admin/api/cuenta/avisos', anonymous, { correoSolicitudes: false }))
        .statusCode,
    ).toBe(401);
  });

  it('keeps an account created from the command line opted in', async () => {
    const { id } = await createStaffUser(t.database.db, {
      email: 'nuevo.aviso@automotora.cl',
      name: 'Nuevo Aviso',
      password: 'una-clave-larga-2026',
      role: 'ventas',
    });
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, id));
    expect(row?.leadEmails).toBe(true);
  });
});
