// The dashboard's 'Equipo de ventas' (issue 21, item 5): figures per active salesperson, and for the leads nobody owns,
// on known data; admins only.
import type { TeamMemberPerformance } from '@contracts/admin-insights.ts';
import { leads } from '@db/schema.ts';
import { formatDuration } from '@domain/lead-deadline.ts';
import { loadTeamPerformance } from '@server/services/admin/team-performance.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, type SignedInStaff, signedInStaff, testStaffUser } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let admin: SignedInStaff;
let seller: SignedInStaff;
const ids: Record<'ana' | 'beto' | 'carla' | 'zoe' | 'boss', number> = {
  ana: 0,
  beto: 0,
  carla: 0,
  zoe: 0,
  boss: 0,
};
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);

interface Known {
  owner: number | null;
  /** Age of the lead. */
  age: number;
  /** Time from arrival to first contact; none when not contacted. */
  contactAfter?: number;
  status?: 'nuevo' | 'contactado' | 'cerrado' | 'descartado';
  /** How long ago its status last changed. */
  changedAgo?: number;
  /** Due relative to now (negative: overdue). */
  dueIn?: number;
  /** Who made the first contact, when recorded (issue 31). */
  contactBy?: number;
}

async function insertLead(known: Known, n: number) {
  const createdAt = ago(known.age);
  await t.database.db.insert(leads).values({
    kind: 'contacto',
    name: `Cliente ${n}`,
    email: `equipo${n}@example.cl`,
    status: known.status ?? (known.contactAfter === undefined ? 'nuevo' : 'contactado'),
    ownerId: known.owner,
    createdAt,
    dueAt: new Date(now.getTime() + (known.dueIn ?? 24 * HOUR - known.age)),
    firstContactAt:
      known.contactAfter === undefined ? null : new Date(createdAt.getTime() + known.contactAfter),
    firstContactBy: known.contactBy ?? null,
    statusChangedAt: known.changedAgo === undefined ? null : ago(known.changedAgo),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t.app, 'admin');
  seller = await signedInStaff(t.app, 'ventas');
  const make = async (name: string, role: 'admin' | 'ventas' = 'ventas') =>
    (
      await testStaffUser(t.database.db, {
        email: `${name.toLowerCase()}.equipo@automotora.cl`,
        name: `${name} Equipo`,
        password: 'una-clave-larga-2026',
        role,
      })
    ).id;
  ids.ana = await make('Ana');
  ids.beto = await make('Beto');
  ids.carla = await make('Carla');
  ids.zoe = await make('Zoe');
  ids.boss = await make('Jefa', 'admin');
  const boss = ids.boss;
  const off = await callAs(t.app, 'PATCH', `/admin/api/usuarios/${ids.carla}`, admin, { active: false });
  expect(off.statusCode).toBe(200);

  const data: Known[] = [
    // Ana: four contacted in the window (30 min, 1 h, 2 h, 3 h: median 1 h 30 min, an even count), one of them
    // closed 4 days ago; one still new and overdue; an older lead closed 3 days ago (closed, not assigned in the
    // window); one closed 45 days ago (nothing).
    { owner: ids.ana, age: 10 * DAY, contactAfter: HOUR },
    { owner: ids.ana, age: 5 * DAY, contactAfter: 3 * HOUR, status: 'cerrado', changedAgo: 4 * DAY },
    { owner: ids.ana, age: 2 * DAY, contactAfter: 2 * HOUR },
    { owner: ids.ana, age: DAY, contactAfter: 30 * 60_000 },
    { owner: ids.ana, age: 3 * HOUR, dueIn: -HOUR },
    { owner: ids.ana, age: 40 * DAY, contactAfter: 10 * HOUR, status: 'cerrado', changedAgo: 3 * DAY },
    { owner: ids.ana, age: 60 * DAY, contactAfter: HOUR, status: 'cerrado', changedAgo: 45 * DAY },
    // Beto: three contacted (1 h, 4 h, 6 h: median 4 h, an odd count), one new and not yet due.
    { owner: ids.beto, age: 20 * DAY, contactAfter: 4 * HOUR },
    { owner: ids.beto, age: 21 * DAY, contactAfter: 6 * HOUR },
    { owner: ids.beto, age: 22 * DAY, contactAfter: HOUR },
    { owner: ids.beto, age: HOUR, dueIn: 23 * HOUR },
    // Carla is deactivated and the boss is an admin: each gets a marked row (issue 31), so every lead counts once.
    { owner: ids.carla, age: 2 * DAY, dueIn: -DAY },
    { owner: boss, age: 2 * DAY, contactAfter: HOUR },
    // Reassigned to Beto after Zoe contacted it in 5 minutes: Beto's lead, Zoe's first contact (issue 31).
    { owner: ids.beto, age: 3 * DAY, contactAfter: 5 * 60_000, contactBy: ids.zoe },
    // Nobody's: one overdue, one contacted after 30 min.
    { owner: null, age: 2 * DAY, dueIn: -DAY },
    { owner: null, age: 6 * DAY, contactAfter: 30 * 60_000 },
  ];
  for (const [n, known] of data.entries()) await insertLead(known, n);
});
afterAll(() => t?.close());

describe('the team figures', () => {
  let rows: TeamMemberPerformance[];
  const row = (ownerId: number | null) => rows.find((r) => r.ownerId === ownerId);

  beforeAll(async () => {
    rows = await loadTeamPerformance(t.database.db, now);
  });

  it('counts leads assigned in 30 days, the median to first contact, overdue now and closed in 30 days', () => {
    expect(row(ids.ana)).toEqual({
      ownerId: ids.ana,
      name: 'Ana Equipo',
      note: null,
      assigned: 5,
      medianFirstContactSeconds: 5400,
      firstContacts: 4,
      overdue: 1,
      closed: 2,
    });
    expect(row(ids.beto)).toEqual({
      ownerId: ids.beto,
      name: 'Beto Equipo',
      note: null,
      assigned: 5,
      medianFirstContactSeconds: 4 * 3600,
      firstContacts: 3,
      overdue: 0,
      closed: 0,
    });
  });

  it('credits a first contact to who made it: an active salesperson who owns nothing has its median only', () => {
    expect(row(ids.zoe)).toEqual({
      ownerId: ids.zoe,
      name: 'Zoe Equipo',
      note: null,
      assigned: 0,
      medianFirstContactSeconds: 5 * 60,
      firstContacts: 1,
      overdue: 0,
      closed: 0,
    });
  });

  it('counts every lead once: marked rows for an admin and a deactivated account, then the leads nobody owns', async () => {
    expect(rows.at(-1)).toEqual({
      ownerId: null,
      name: 'Sin asignar',
      note: null,
      assigned: 2,
      medianFirstContactSeconds: 1800,
      firstContacts: 1,
      overdue: 1,
      closed: 0,
    });
    expect(row(ids.carla)).toEqual({
      ownerId: ids.carla,
      name: 'Carla Equipo',
      note: 'Cuenta desactivada',
      assigned: 1,
      medianFirstContactSeconds: null,
      firstContacts: 0,
      overdue: 1,
      closed: 0,
    });
    expect(row(ids.boss)).toEqual({
      ownerId: ids.boss,
      name: 'Jefa Equipo',
      note: 'Administrador',
      assigned: 1,
      medianFirstContactSeconds: 3600,
      firstContacts: 1,
      overdue: 0,
      closed: 0,
    });
    // An admin with no lead that counts has no row.
    expect(rows.map((r) => r.ownerId)).not.toContain(admin.id);
    // Every lead of the window in exactly one row.
    const [{ n } = { n: 0 }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .where(sql`${leads.createdAt} >= ${ago(30 * DAY)}`);
    expect(rows.reduce((sum, r) => sum + r.assigned, 0)).toBe(Number(n));
    // Active salespeople by name, then the marked rows, then nobody.
    const sellers = rows.filter((r) => r.note === null && r.ownerId !== null).length;
    expect(rows.map((r) => r.note)).toEqual([
      ...Array(sellers).fill(null),
      'Cuenta desactivada',
      'Administrador',
      null,
    ]);
    const names = rows.filter((r) => r.note === null && r.ownerId !== null).map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
  });

  it('reads the medians in Spanish hours and minutes', () => {
    expect(formatDuration(5400 * 1000)).toBe('1 h 30 min');
    expect(formatDuration(4 * 3600 * 1000)).toBe('4 h');
    expect(formatDuration(1800 * 1000)).toBe('30 min');
  });
});

describe('GET /admin/api/panel/equipo', () => {
  it('gives admins the same figures', async () => {
    const response = await callAs(t.app, 'GET', '/admin/api/panel/equipo', admin, undefined);
    expect(response.statusCode).toBe(200);
    const { equipo } = response.json() as { equipo: TeamMemberPerformance[] };
    expect(equipo.find((r) => r.ownerId === ids.ana)).toMatchObject({
      assigned: 5,
      medianFirstContactSeconds: 5400,
      overdue: 1,
      closed: 2,
    });
    expect(equipo.find((r) => r.ownerId === seller.id)).toMatchObject({ assigned: 0, overdue: 0 });
  });

  it('refuses a salesperson (403) and anybody signed out (401)', async () => {
    expect((await callAs(t.app, 'GET', '/admin/api/panel/equipo', seller, undefined)).statusCode).toBe(403);
    expect((await callAs(t.app, 'GET', '/admin/api/panel/equipo', null, undefined)).statusCode).toBe(401);
  });
});
