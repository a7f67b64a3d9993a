// The dashboard's 'Equipo de ventas' (issue 21, admins only): per active salesperson, and for the leads nobody owns,
// the leads of the last 30 days, the median time to first contact, the overdue leads and the leads closed.
import type { TeamMemberPerformance } from '@contracts/admin-insights.ts';
import type { Db } from '@db/client.ts';
import { leads, staffUsers } from '@db/schema.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { PERFORMANCE_DAYS, windowStart } from './vehicle-performance.ts';

export const UNASSIGNED_LABEL = 'Sin asignar';

/**
 * One grouped query over the leads that can count (arrived in the window, overdue now, or closed in the window),
 * by owner; the median is PostgreSQL's percentile_cont over the seconds from arrival to first contact, so an even
 * count gives the mean of the two middle values. Active 'ventas' accounts without leads show zeros; leads of an
 * admin or a deactivated account count only in the totals they belong to, not as a row.
 */
export async function loadTeamPerformance(db: Db, now = new Date()): Promise<TeamMemberPerformance[]> {
  const since = windowStart(now, PERFORMANCE_DAYS).at;
  const recent = sql`${leads.createdAt} >= ${since}`;
  const overdue = sql`${leads.status} = 'nuevo' and ${leads.dueAt} <= ${now}`;
  const closed = sql`${leads.status} = 'cerrado' and ${leads.statusChangedAt} >= ${since}`;
  const [team, rows] = await Promise.all([
    db
      .select({ id: staffUsers.id, name: staffUsers.name })
      .from(staffUsers)
      .where(and(eq(staffUsers.role, 'ventas'), eq(staffUsers.active, true)))
      .orderBy(asc(staffUsers.name), asc(staffUsers.id)),
    db
      .select({
        ownerId: leads.ownerId,
        assigned: sql<number>`count(*) filter (where ${recent})`.mapWith(Number),
        median: sql<number | null>`percentile_cont(0.5) within group (order by
          extract(epoch from (${leads.firstContactAt} - ${leads.createdAt})))
          filter (where ${recent} and ${leads.firstContactAt} is not null)`,
        overdue: sql<number>`count(*) filter (where ${overdue})`.mapWith(Number),
        closed: sql<number>`count(*) filter (where ${closed})`.mapWith(Number),
      })
      .from(leads)
      .where(sql`(${recent}) or (${overdue}) or (${closed})`)
      .groupBy(leads.ownerId),
  ]);
  const byOwner = new Map(rows.map((row) => [row.ownerId, row]));
  const figures = (ownerId: number | null, name: string): TeamMemberPerformance => {
    const row = byOwner.get(ownerId);
    return {
      ownerId,
      name,
      assigned: row?.assigned ?? 0,
      medianFirstContactSeconds: row?.median == null ? null : Math.round(Number(row.median)),
      overdue: row?.overdue ?? 0,
      closed: row?.closed ?? 0,
    };
  };
  const members = team.map((member) => figures(member.id, member.name));
  const nobody = figures(null, UNASSIGNED_LABEL);
  const anyUnassigned = nobody.assigned + nobody.overdue + nobody.closed > 0;
  return anyUnassigned ? [...members, nobody] : members;
}
