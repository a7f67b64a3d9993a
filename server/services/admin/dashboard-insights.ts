// The dashboard's "Solicitudes por origen (últimos 30 días)" and "Más vistos sin solicitudes" (issue 21).
import type { DashboardInsights, LeadsBySource } from '@contracts/admin-insights.ts';
import type { Db } from '@db/client.ts';
import { brands, leads, vehicles, vehicleViews } from '@db/schema.ts';
import { leadSourceLabel } from '@domain/attribution.ts';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { PERFORMANCE_DAYS, windowStart } from './vehicle-performance.ts';

const VIEWED_WITHOUT_LEADS = 5;

/** Counts of (utm_source, referrer host) pairs, merged under the label staff read; most first, then by name. */
export function groupBySource(
  rows: Array<{ utmSource: string | null; referrerHost: string | null; count: number }>,
): LeadsBySource[] {
  const bySource = new Map<string, number>();
  for (const row of rows) {
    const source = leadSourceLabel(row.utmSource, row.referrerHost);
    bySource.set(source, (bySource.get(source) ?? 0) + row.count);
  }
  return [...bySource]
    .map(([source, n]) => ({ source, count: n }))
    .sort((a, b) => b.count - a.count || a.source.localeCompare(b.source, 'es'));
}

export async function loadDashboardInsights(db: Db, now = new Date()): Promise<DashboardInsights> {
  const month = windowStart(now, PERFORMANCE_DAYS);
  const views = sql<number>`sum(${vehicleViews.count})`.mapWith(Number);
  const [sourceRows, viewedRows] = await Promise.all([
    db
      .select({ utmSource: leads.utmSource, referrerHost: leads.referrerHost, count: count() })
      .from(leads)
      .where(gte(leads.createdAt, month.at))
      .groupBy(leads.utmSource, leads.referrerHost),
    db
      .select({ id: vehicles.id, brand: brands.nombre, model: vehicles.model, year: vehicles.year, views })
      .from(vehicleViews)
      .innerJoin(vehicles, eq(vehicles.id, vehicleViews.vehicleId))
      .innerJoin(brands, eq(brands.id, vehicles.brandId))
      .where(
        and(
          gte(vehicleViews.day, month.day),
          eq(vehicles.status, 'published'),
          sql`not exists (select 1 from ${leads} where ${leads.vehicleId} = ${vehicles.id}
            and ${leads.createdAt} >= ${month.at})`,
        ),
      )
      .groupBy(vehicles.id, brands.nombre)
      .orderBy(desc(views), vehicles.id)
      .limit(VIEWED_WITHOUT_LEADS),
  ]);
  return {
    leadsBySource: groupBySource(sourceRows),
    viewedWithoutLeads: viewedRows.map((row) => ({
      id: row.id,
      name: `${row.brand} ${row.model} ${row.year}`,
      views: row.views,
      adminUrl: `/admin/vehiculos/${row.id}`,
    })),
  };
}
