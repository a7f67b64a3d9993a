// The dashboard's 'Equipo de ventas' (issue 21, admins only): per person, and for the leads nobody owns, the leads of
// the last 30 days, the median time to first contact, the overdue leads and the leads closed. Every lead counts once,
// in its owner's row, whoever the owner is (issue 31); each first contact counts for the person who made it.
import type { TeamMemberPerformance } from '@contracts/admin-insights.ts';
import type { Db } from '@db/client.ts';
import { leads, staffUsers } from '@db/schema.ts';
import { asc, inArray, or, sql } from 'drizzle-orm';
import { PERFORMANCE_DAYS, windowStart } from './vehicle-performance.ts';

export const UNASSIGNED_LABEL = 'Sin asignar';

/**
 * Two grouped queries over the leads that can count (arrived in the window, overdue now, or closed in the window): by
 * owner for the counts, and by who made the first contact (the owner for a lead contacted before that was recorded)
 * for the median, PostgreSQL's percentile_cont over the seconds from arrival to first contact, so an even count
 * gives the mean of the two middle values. Every active 'ventas' account has a row, zeros included; an admin or a
 * deactivated account has one, marked, when a lead counts for them.
 */
export async function loadTeamPerformance(db: Db, now = new Date()): Promise<TeamMemberPerformance[]> {
  const since = windowStart(now, PERFORMANCE_DAYS).at;
  const recent = sql`${leads.createdAt} >= ${since}`;
  const overdue = sql`${leads.status} = 'nuevo' and ${leads.dueAt} <= ${now}`;
  const closed = sql`${leads.status} = 'cerrado' and ${leads.statusChangedAt} >= ${since}`;
  const contactedBy = sql<number | null>`coalesce(${leads.firstContactBy}, ${leads.ownerId})`;
  const [counts, medians] = await Promise.all([
    db
      .select({
        ownerId: leads.ownerId,
        assigned: sql<number>`count(*) filter (where ${recent})`.mapWith(Number),
        overdue: sql<number>`count(*) filter (where ${overdue})`.mapWith(Number),
        closed: sql<number>`count(*) filter (where ${closed})`.mapWith(Number),
      })
      .from(leads)
      .where(sql`(${recent}) or (${overdue}) or (${closed})`)
      .groupBy(leads.ownerId),
    db
      .select({
        by: contactedBy,
        median: sql<number | null>`percentile_cont(0.5) within group (order by
          extract(epoch from (${leads.firstContactAt} - ${leads.createdAt})))`,
        contacts: sql<number>`count(*)`.mapWith(Number),
      })
      .from(leads)
      .where(sql`${recent} and ${leads.firstContactAt} is not null`)
      .groupBy(contactedBy),
  ]);
  const byOwner = new Map(counts.map((row) => [row.ownerId, row]));
  const medianOf = new Map(medians.map((row) => [row.by === null ? null : Number(row.by), row]));
  const named = [...byOwner.keys(), ...medianOf.keys()].filter((id): id is number => id !== null);
  const people = await db
    .select({ id: staffUsers.id, name: staffUsers.name, role: staffUsers.role, active: staffUsers.active })
    .from(staffUsers)
    .where(
      or(
        sql`${staffUsers.role} = 'ventas' and ${staffUsers.active}`,
        named.length > 0 ? inArray(staffUsers.id, named) : sql`false`,
      ),
    )
    .orderBy(asc(staffUsers.name), asc(staffUsers.id));
  const figures = (ownerId: number | null, name: string, note: string | null): TeamMemberPerformance => {
    const row = byOwner.get(ownerId);
    const contacts = medianOf.get(ownerId);
    const median = contacts?.median;
    return {
      ownerId,
      name,
      note,
      assigned: row?.assigned ?? 0,
      medianFirstContactSeconds: median == null ? null : Math.round(Number(median)),
      firstContacts: contacts?.contacts ?? 0,
      overdue: row?.overdue ?? 0,
      closed: row?.closed ?? 0,
    };
  };
  const noteOf = (person: (typeof people)[number]) =>
    !person.active ? 'Cuenta desactivada' : person.role === 'admin' ? 'Administrador' : null;
  const sellers = people.filter((p) => noteOf(p) === null).map((p) => figures(p.id, p.name, null));
  const others = people.filter((p) => noteOf(p) !== null).map((p) => figures(p.id, p.name, noteOf(p)));
  const nobody = figures(null, UNASSIGNED_LABEL, null);
  const anyUnassigned =
    nobody.assigned + nobody.overdue + nobody.closed > 0 || nobody.medianFirstContactSeconds !== null;
  return [...sellers, ...others, ...(anyUnassigned ? [nobody] : [])];
}
