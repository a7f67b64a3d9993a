// Ownership that holds (issue 31): every manual (re)assignment e-mails the new owner through the outbox and a real SMTP
// server; deactivating an account can hand its open requests to someone else; a deactivated owner is marked; the
// team figures count each request once and credit each first contact to whoever made it.

import type { TeamMemberPerformance } from '@contracts/admin-insights.ts';
import type { LeadDetail, LeadListPage } from '@contracts/admin-leads.ts';
import type { StaffMember } from '@contracts/admin-staff.ts';
import { ApiErrorSchema } from '@contracts/vehicle.ts';
import { auditLog, leads, staffUsers } from '@db/schema.ts';
import { and, eq } from 'drizzle-orm';
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

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LEAD_RATE_LIMIT: '1000' });
  t.app.services.outbox.start();
  admin = await signedInStaff(t.app, 'admin');
}, 180_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let sent = 0;
async function sendLead(): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: PATH,
    payload: { ...VALID_PAYLOADS[PATH], email: `dueno${++sent}@example.cl` },
    headers: await csrfHeaders(t.app),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}
const setOwner = (id: number, responsable: number | null, caller: SignedInStaff = admin) =>
  callAs(t.app, 'PATCH', `/admin/api/solicitudes/${id}/responsable`, caller, { responsable });
const setStatus = (id: number, estado: string, caller: SignedInStaff) =>
  callAs(t.app, 'PATCH', `/admin/api/solicitudes/${id}/estado`, caller, { estado });
const mailsTo = (email: string) => smtp.messages.filter((m) => JSON.stringify(m.to ?? '').includes(email));
const row = async (id: number) => (await t.database.db.select().from(leads).where(eq(leads.id, id)))[0];

describe('a manual assignment', () => {
  it('e-mails the new owner, with the lead and its link, each time it changes hands', async () => {
    const ana = await signedInStaff(t.app, 'ventas');
    const beto = await signedInStaff(t.app, 'ventas');
    const id = await sendLead();
    expect((await setOwner(id, ana.id)).statusCode).toBe(200);
    await eventually(
      () => mailsTo(ana.email).some((m) => m.subject?.startsWith(`Te asignaron la solicitud #${id}`)),
      15_000,
    );
    const mail = mailsTo(ana.email).find((m) => m.subject?.startsWith(`Te asignaron la solicitud #${id}`));
    expect(mail?.text).toContain('te asignó la solicitud');
    expect(mail?.text).toContain(`https://autos.example.cl/admin/solicitudes/${id}`);
    expect(mail?.text).toContain('Responder antes de:');
    // Reassigned: the next owner is told too.
    expect((await setOwner(id, beto.id, ana)).statusCode).toBe(200);
    await eventually(
      () => mailsTo(beto.email).some((m) => m.subject?.startsWith(`Te asignaron la solicitud #${id}`)),
      15_000,
    );
  });

  it('sends nothing to a member who takes the lead, or who switched lead e-mails off', async () => {
    const self = await signedInStaff(t.app, 'ventas');
    const quiet = await signedInStaff(t.app, 'ventas');
    await t.database.db.update(staffUsers).set({ leadEmails: false }).where(eq(staffUsers.id, quiet.id));
    const id = await sendLead();
    expect((await setOwner(id, self.id, self)).statusCode).toBe(200);
    expect((await setOwner(id, quiet.id, self)).statusCode).toBe(200);
    // A later e-mail to the same person proves the relay has delivered everything queued before it.
    const probe = await sendLead();
    expect((await setOwner(probe, self.id)).statusCode).toBe(200);
    await eventually(() => mailsTo(self.email).some((m) => m.subject?.includes(`#${probe}`)), 15_000);
    expect(
      mailsTo(self.email).filter((m) => m.subject?.startsWith(`Te asignaron la solicitud #${id}:`)),
    ).toEqual([]);
    expect(mailsTo(quiet.email)).toEqual([]);
  });
});

describe('deactivating an account with open requests', () => {
  it('hands its open requests to the person chosen, recorded per request, and tells them once', async () => {
    const leaving = await signedInStaff(t.app, 'ventas');
    const heir = await signedInStaff(t.app, 'ventas');
    const open = [await sendLead(), await sendLead()];
    const done = await sendLead();
    for (const id of [...open, done]) expect((await setOwner(id, leaving.id)).statusCode).toBe(200);
    expect((await setStatus(open[1] as number, 'contactado', leaving)).statusCode).toBe(200);
    expect((await setStatus(done, 'contactado', leaving)).statusCode).toBe(200);
    expect((await setStatus(done, 'cerrado', leaving)).statusCode).toBe(200);

    const listed = (await callAs(t.app, 'GET', '/admin/api/usuarios', admin, undefined)).json() as {
      usuarios: StaffMember[];
    };
    expect(listed.usuarios.find((m) => m.id === leaving.id)?.abiertas).toBe(2);

    const off = await callAs(t.app, 'PATCH', `/admin/api/usuarios/${leaving.id}`, admin, {
      active: false,
      traspasarA: heir.id,
    });
    expect(off.statusCode, off.body).toBe(200);
    for (const id of open) expect((await row(id))?.ownerId).toBe(heir.id);
    expect((await row(done))?.ownerId).toBe(leaving.id);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'responsable_solicitud'), eq(auditLog.entityId, String(open[0]))));
    expect(audits.at(-1)?.details).toMatchObject({ a: { id: heir.id }, traspaso: true });
    const [deactivated] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'usuario_desactivado'), eq(auditLog.entityId, String(leaving.id))));
    expect(deactivated?.details).toMatchObject({ solicitudesTraspasadas: 2 });
    await eventually(
      () => mailsTo(heir.email).some((m) => m.subject?.startsWith('Te asignaron 2 solicitudes')),
      15_000,
    );
  });

  it('refuses a deactivated, missing or same heir in Spanish beside the field, changing nothing', async () => {
    const leaving = await signedInStaff(t.app, 'ventas');
    const gone = await signedInStaff(t.app, 'ventas');
    await t.database.db.update(staffUsers).set({ active: false }).where(eq(staffUsers.id, gone.id));
    const id = await sendLead();
    expect((await setOwner(id, leaving.id)).statusCode).toBe(200);
    for (const traspasarA of [gone.id, 999_999, leaving.id]) {
      const response = await callAs(t.app, 'PATCH', `/admin/api/usuarios/${leaving.id}`, admin, {
        active: false,
        traspasarA,
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(ApiErrorSchema.parse(response.json()).campos ?? {})).toEqual(['traspasarA']);
    }
    const [still] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, leaving.id));
    expect(still?.active).toBe(true);
    expect((await row(id))?.ownerId).toBe(leaving.id);
    const notDeactivating = await callAs(t.app, 'PATCH', `/admin/api/usuarios/${leaving.id}`, admin, {
      name: 'Otro Nombre',
      traspasarA: admin.id,
    });
    expect(notDeactivating.statusCode).toBe(400);
  });

  it('without a handover, leaves the requests with the account and marks it as deactivated in the list', async () => {
    const leaving = await signedInStaff(t.app, 'ventas');
    const id = await sendLead();
    expect((await setOwner(id, leaving.id)).statusCode).toBe(200);
    expect(
      (await callAs(t.app, 'PATCH', `/admin/api/usuarios/${leaving.id}`, admin, { active: false }))
        .statusCode,
    ).toBe(200);
    const page = (
      await callAs(t.app, 'GET', '/admin/api/solicitudes?pagina=1', admin, undefined)
    ).json() as LeadListPage;
    expect(page.items.find((item) => item.id === id)?.owner).toEqual({
      id: leaving.id,
      name: expect.any(String),
      inactive: true,
    });
    const detail = (
      await callAs(t.app, 'GET', `/admin/api/solicitudes/${id}`, admin, undefined)
    ).json() as LeadDetail;
    expect(detail.owner?.inactive).toBe(true);
  });
});

describe('the team figures', () => {
  it('credit a first contact to who made it, after the lead changed hands', async () => {
    const first = await signedInStaff(t.app, 'ventas');
    const later = await signedInStaff(t.app, 'ventas');
    const id = await sendLead();
    expect((await setOwner(id, first.id)).statusCode).toBe(200);
    expect((await setStatus(id, 'contactado', first)).statusCode).toBe(200);
    expect((await row(id))?.firstContactBy).toBe(first.id);
    expect((await setOwner(id, later.id)).statusCode).toBe(200);
    // A later status change keeps the credit where it was.
    expect((await setStatus(id, 'cerrado', later)).statusCode).toBe(200);
    expect((await row(id))?.firstContactBy).toBe(first.id);
    const { equipo } = (await callAs(t.app, 'GET', '/admin/api/panel/equipo', admin, undefined)).json() as {
      equipo: TeamMemberPerformance[];
    };
    expect(equipo.find((r) => r.ownerId === first.id)).toMatchObject({
      assigned: 0,
      medianFirstContactSeconds: expect.any(Number),
    });
    expect(equipo.find((r) => r.ownerId === later.id)).toMatchObject({
      assigned: 1,
      medianFirstContactSeconds: null,
      closed: 1,
    });
    // Every request of the window counts once, whoever owns it (admins and deactivated accounts included).
    const total = equipo.reduce((sum, r) => sum + r.assigned, 0);
    expect(total).toBe(sent);
  });
});
