// Every lead has an owner (issue 21, item 1): round-robin among the active 'ventas' accounts when an admin turns it
// on, fair across instances (ADR 0023); staff take and reassign leads, each change in the lead's history; the inbox
// filters 'Mis solicitudes' and 'Sin asignar'; the CSV's 'Responsable'.
import type { LeadAssignmentSettings, LeadDetail, LeadListPage } from '@contracts/admin-leads.ts';
import { ApiErrorSchema } from '@contracts/vehicle.ts';
import { type Database, openDatabase } from '@db/client.ts';
import { appState, auditLog, leads, staffUsers } from '@db/schema.ts';
import { nextInTurn } from '@server/services/leads/lead-assignment.ts';
import { count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { apiAppOn, createTestApp, type TestApp } from '../support/test-app.ts';
import { ThrowawayPostgres } from '../support/throwaway-postgres.ts';

const PATH = '/api/contacto-contacto/';
let sent = 0;

async function sendLead(app: FastifyInstance, email = `cliente${++sent}@example.cl`): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: PATH,
    payload: { ...VALID_PAYLOADS[PATH], email },
    headers: await csrfHeaders(app),
  });
  expect(response.statusCode, response.body).toBe(201);
  // The public answer of SPEC §7 is unchanged: the owner is never part of it.
  expect(Object.keys(response.json()).sort()).toEqual(['id', 'mensaje']);
  return (response.json() as { id: number }).id;
}

describe('lead owners on one instance', () => {
  let t: TestApp;
  let admin: SignedInStaff;
  let ana: SignedInStaff;
  let beto: SignedInStaff;
  let carla: SignedInStaff;
  const db = () => t.database.db;
  const ownerOf = async (id: number) =>
    (await db().select({ ownerId: leads.ownerId }).from(leads).where(eq(leads.id, id)))[0]?.ownerId;
  const auditRows = async () => (await db().select({ n: count() }).from(auditLog))[0]?.n ?? 0;
  const setTurns = (turnos: unknown, caller: SignedInStaff = admin) =>
    callAs(t.app, 'PUT', '/admin/api/asignacion', caller, { turnos });
  const setOwner = (id: number, responsable: unknown, caller: SignedInStaff = ana) =>
    callAs(t.app, 'PATCH', `/admin/api/solicitudes/${id}/responsable`, caller, { responsable });
  const detail = async (id: number, caller: SignedInStaff = ana) =>
    (await callAs(t.app, 'GET', `/admin/api/solicitudes/${id}`, caller, undefined)).json() as LeadDetail;
  const list = async (query: string, caller: SignedInStaff) => {
    const response = await callAs(t.app, 'GET', `/admin/api/solicitudes?${query}`, caller, undefined);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as LeadListPage;
  };

  beforeAll(async () => {
    t = await createTestApp({ LEAD_RATE_LIMIT: '1000' });
    admin = await signedInStaff(t.app, 'admin');
    ana = await signedInStaff(t.app, 'ventas');
    beto = await signedInStaff(t.app, 'ventas');
    carla = await signedInStaff(t.app, 'ventas');
  });
  afterAll(() => t?.close());

  it('leaves new leads unassigned by default', async () => {
    const response = await callAs(t.app, 'GET', '/admin/api/asignacion', admin, undefined);
    expect(response.json()).toEqual({ turnos: false });
    const id = await sendLead(t.app);
    expect(await ownerOf(id)).toBeNull();
    expect((await detail(id)).owner).toBeNull();
  });

  it('lets only an admin read or switch round-robin', async () => {
    expect((await callAs(t.app, 'GET', '/admin/api/asignacion', ana, undefined)).statusCode).toBe(403);
    expect((await setTurns(true, ana)).statusCode).toBe(403);
    const anonymous = await csrfHeaders(t.app);
    expect(
      (await callAs(t.app, 'PUT', '/admin/api/asignacion', anonymous, { turnos: true })).statusCode,
    ).toBe(401);
  });

  it('refuses a malformed setting in Spanish and stores nothing', async () => {
    const before = await auditRows();
    for (const body of [{ turnos: 'si' }, { turnos: 1 }, {}, { turnos: true, extra: 1 }, []]) {
      const response = await callAs(t.app, 'PUT', '/admin/api/asignacion', admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(ApiErrorSchema.parse(response.json()).error).toMatch(/^Revisa la configuración/);
    }
    expect(await db().select().from(appState).where(eq(appState.key, 'asignacion_solicitudes'))).toEqual([]);
    expect(await auditRows()).toBe(before);
  });

  it('gives leads in turn to the active ventas accounts only, each in the history', async () => {
    // Carla is deactivated: she gets none; the admin is not a salesperson: none either.
    const off = await callAs(t.app, 'PATCH', `/admin/api/usuarios/${carla.id}`, admin, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    const on = await setTurns(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ turnos: true } satisfies LeadAssignmentSettings);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'asignacion_configurada'));
    expect(audit).toMatchObject({ actorId: admin.id, details: { turnos: true } });

    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await sendLead(t.app));
    const owners = await Promise.all(ids.map(ownerOf));
    expect(owners).toEqual([ana.id, beto.id, ana.id, beto.id, ana.id, beto.id]);

    const lead = await detail(ids[0] as number);
    expect(lead.owner?.id).toBe(ana.id);
    expect(lead.history).toEqual([
      expect.objectContaining({
        type: 'responsable',
        fromName: null,
        toName: lead.owner?.name,
        automatic: true,
      }),
    ]);
  });

  it('keeps the turn when switched off and on, and assigns nobody while off', async () => {
    expect((await setTurns(false)).statusCode).toBe(200);
    const unassigned = await sendLead(t.app);
    expect(await ownerOf(unassigned)).toBeNull();
    expect((await setTurns(true)).statusCode).toBe(200);
    // Beto had the last turn: Ana is next.
    expect(await ownerOf(await sendLead(t.app))).toBe(ana.id);
  });

  it('lets staff take, reassign and release a lead, each change in its history', async () => {
    expect((await setTurns(false)).statusCode).toBe(200);
    const id = await sendLead(t.app);
    const took = await setOwner(id, beto.id, beto);
    expect(took.statusCode, took.body).toBe(200);
    expect(took.json()).toEqual({ owner: { id: beto.id, name: expect.any(String) } });
    expect((await setOwner(id, ana.id, beto)).statusCode).toBe(200);
    expect((await setOwner(id, null, ana)).statusCode).toBe(200);
    expect(await ownerOf(id)).toBeNull();
    const history = (await detail(id)).history;
    expect(
      history.map((h) => (h.type === 'responsable' ? [h.fromName, h.toName, h.automatic] : null)),
    ).toEqual([
      [null, expect.stringMatching(/^Vendedor/), false],
      [expect.stringMatching(/^Vendedor/), expect.stringMatching(/^Vendedor/), false],
      [expect.stringMatching(/^Vendedor/), null, false],
    ]);
    expect(history.map((h) => h.byEmail)).toEqual([beto.email, beto.email, ana.email]);
  });

  it('refuses a deactivated, unknown or hostile owner in Spanish and changes nothing', async () => {
    const id = await sendLead(t.app);
    expect((await setOwner(id, ana.id)).statusCode).toBe(200);
    const before = await auditRows();

    const deactivated = await setOwner(id, carla.id);
    expect(deactivated.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(deactivated.json()).error).toMatch(
      /está desactivada: elige a otra persona\.$/,
    );
    const unknown = await setOwner(id, 2_000_000_000);
    expect(unknown.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(unknown.json()).error).toBe(
      'Esa cuenta no existe. Elige una persona de la lista.',
    );
    const same = await setOwner(id, ana.id);
    expect(same.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(same.json()).error).toMatch(/^La solicitud ya está asignada a /);

    for (const hostile of [
      '1',
      `${ana.id}; drop table leads`,
      -1,
      0,
      1.5,
      2 ** 31,
      Number.MAX_SAFE_INTEGER,
      true,
      [ana.id],
      { id: ana.id },
      '',
    ]) {
      const response = await setOwner(id, hostile);
      expect(response.statusCode, JSON.stringify(hostile)).toBe(400);
      expect(ApiErrorSchema.parse(response.json()).campos?.responsable).toMatch(
        /^Elige una persona de la lista/,
      );
    }
    const extra = await callAs(t.app, 'PATCH', `/admin/api/solicitudes/${id}/responsable`, ana, {
      responsable: ana.id,
      estado: 'cerrado',
    });
    expect(extra.statusCode).toBe(400);
    const missing = await callAs(t.app, 'PATCH', `/admin/api/solicitudes/${id}/responsable`, ana, {});
    expect(missing.statusCode).toBe(400);
    for (const badId of ['999999999', 'abc', '0']) {
      expect(
        (
          await callAs(t.app, 'PATCH', `/admin/api/solicitudes/${badId}/responsable`, ana, {
            responsable: null,
          })
        ).statusCode,
      ).toBe(404);
    }
    expect(await ownerOf(id)).toBe(ana.id);
    expect(await auditRows()).toBe(before);
    expect(
      (
        await callAs(t.app, 'PATCH', `/admin/api/solicitudes/${id}/responsable`, await csrfHeaders(t.app), {
          responsable: null,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('filters the inbox by "Mis solicitudes" and "Sin asignar", and refuses another value', async () => {
    const mine = await list('responsable=yo&pagina=1', beto);
    expect(mine.total).toBeGreaterThan(0);
    const betoIds = (await db().select({ id: leads.id }).from(leads).where(eq(leads.ownerId, beto.id))).map(
      (r) => r.id,
    );
    expect(mine.items.map((i) => i.id).sort()).toEqual(betoIds.sort());
    expect(mine.items.every((i) => i.owner?.id === beto.id)).toBe(true);

    const nobody = await list('responsable=nadie', ana);
    expect(nobody.items.every((i) => i.owner === null)).toBe(true);
    const [all] = await db().select({ n: count() }).from(leads);
    const [owned] = await db().select({ n: count() }).from(leads).where(isNotNull(leads.ownerId));
    expect(nobody.total).toBe((all?.n ?? 0) - (owned?.n ?? 0));

    const bad = await callAs(t.app, 'GET', '/admin/api/solicitudes?responsable=todos', ana, undefined);
    expect(bad.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(bad.json()).campos?.responsable).toBe('Elige Mis solicitudes o Sin asignar.');
  });

  it('exports the owner as the CSV\'s last column, "Responsable", with the same filters', async () => {
    const response = await callAs(t.app, 'GET', '/admin/api/solicitudes.csv?responsable=yo', beto, undefined);
    expect(response.statusCode).toBe(200);
    const lines = response.body.slice(1).trim().split('\r\n');
    expect(lines[0]?.split(';').at(-1)).toBe('Responsable');
    const [betoRow] = await db()
      .select({ name: staffUsers.name })
      .from(staffUsers)
      .where(eq(staffUsers.id, beto.id));
    expect(lines.length - 1).toBe((await list('responsable=yo', beto)).total);
    for (const line of lines.slice(1)) expect(line.split(';').at(-1)).toBe(betoRow?.name);
  });

  it('keeps the personal-data export working for an assigned lead', async () => {
    const email = 'asignada.datos@example.cl';
    const id = await sendLead(t.app, email);
    expect((await setOwner(id, ana.id)).statusCode).toBe(200);
    const response = await callAs(
      t.app,
      'GET',
      `/admin/api/datos-personales?email=${encodeURIComponent(email)}`,
      admin,
      undefined,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain(email);
  });

  it('moves a deactivated salesperson out of the turn at once', async () => {
    await db()
      .update(leads)
      .set({ ownerId: null })
      .where(inArray(leads.ownerId, [ana.id, beto.id]));
    expect((await setTurns(true)).statusCode).toBe(200);
    expect(
      (await callAs(t.app, 'PATCH', `/admin/api/usuarios/${beto.id}`, admin, { active: false })).statusCode,
    ).toBe(200);
    const owners = [];
    for (let i = 0; i < 3; i++) owners.push(await ownerOf(await sendLead(t.app)));
    expect(owners).toEqual([ana.id, ana.id, ana.id]);
  });
});

describe('the next in turn', () => {
  const team = [{ id: 3 }, { id: 7 }, { id: 9 }];
  it('follows the ids and wraps around, also past a member who left', () => {
    expect(nextInTurn(team, null)?.id).toBe(3);
    expect(nextInTurn(team, 3)?.id).toBe(7);
    expect(nextInTurn(team, 9)?.id).toBe(3);
    expect(nextInTurn(team, 8)?.id).toBe(9);
    expect(nextInTurn([], 3)).toBeNull();
  });
});

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('round-robin across two instances on one PostgreSQL', () => {
  let throwaway: ThrowawayPostgres;
  let databases: Database[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    throwaway = await ThrowawayPostgres.create('t_assign');
    databases = await Promise.all(
      [1, 2].map(() => openDatabase({ databaseUrl: throwaway.url, dataDir: 'unused', poolSize: 4 })),
    );
    const [first, second] = databases;
    if (!first || !second) throw new Error('databases missing');
    const env = { LEAD_RATE_LIMIT: '1000' };
    [a, b] = await Promise.all([apiAppOn(first, env), apiAppOn(second, env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await Promise.all(databases.map((d) => d.close()));
    await throwaway?.drop();
  });

  it('spreads 30 leads sent at once to both instances so that nobody gets more than one lead more', async () => {
    const admin = await signedInStaff(a, 'admin');
    const team = await Promise.all([1, 2, 3, 4].map(() => signedInStaff(a, 'ventas')));
    expect((await callAs(b, 'PUT', '/admin/api/asignacion', admin, { turnos: true })).statusCode).toBe(200);
    const [ha, hb] = await Promise.all([csrfHeaders(a), csrfHeaders(b)]);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 === 0 ? a : b).inject({
          method: 'POST',
          url: PATH,
          payload: { ...VALID_PAYLOADS[PATH], email: `carrera${i}@example.cl` },
          headers: i % 2 === 0 ? ha : hb,
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    const rows = await a.services.db
      .select({ ownerId: leads.ownerId, n: count() })
      .from(leads)
      .groupBy(leads.ownerId);
    const perMember = team.map((member) => rows.find((r) => r.ownerId === member.id)?.n ?? 0);
    expect(perMember.reduce((sum, n) => sum + n, 0)).toBe(30);
    expect(Math.max(...perMember) - Math.min(...perMember), JSON.stringify(perMember)).toBeLessThanOrEqual(1);
  });
});
