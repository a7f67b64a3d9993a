// What each car draws (issue 21): views of its page over 7 and 30 days (vehicle_views, flushed every few seconds by
// each instance), the leads that named it over 30 days, its days in stock and leads per 100 views.
import type { VehiclePerformance } from '@contracts/admin-stock.ts';
import type { Db } from '@db/client.ts';
import { leads, vehicles, vehicleViews } from '@db/schema.ts';
import { chileDayKey, chileDayStart } from '@domain/chile-time.ts';
import { and, count, gte, inArray, sql } from 'drizzle-orm';
import { addDays } from './dashboard.ts';

const DAY_MS = 86_400_000;
/** A vehicle the figures were not read for (deleted meanwhile). */
export const NO_PERFORMANCE: VehiclePerformance = {
  vistas7: 0,
  vistas30: 0,
  solicitudes30: 0,
  diasEnStock: null,
  solicitudesPor100Vistas: null,
};
export const PERFORMANCE_DAYS = 30;

/** Leads per 100 views, one decimal; null without views (a rate of nothing says nothing). */
export function leadsPer100Views(leadCount: number, views: number): number | null {
  return views > 0 ? Math.round((leadCount / views) * 1000) / 10 : null;
}

/** Whole days from its first publication to its sale (or to now); null for a vehicle never published. */
export function daysInStock(
  vehicle: { publishedAt: Date | null; soldAt: Date | null },
  now: Date,
): number | null {
  if (!vehicle.publishedAt) return null;
  const end = vehicle.soldAt ?? now;
  return Math.max(0, Math.floor((end.getTime() - vehicle.publishedAt.getTime()) / DAY_MS));
}

/** The first Chilean day of the last `days` days (today included), and the instant it starts. */
export function windowStart(now: Date, days: number): { day: string; at: Date } {
  const day = addDays(chileDayKey(now), -(days - 1));
  return { day, at: chileDayStart(day) };
}

/** The figures of each vehicle of `ids` (those with no views or leads get zeros). */
export async function vehiclePerformance(
  db: Db,
  ids: number[],
  now = new Date(),
): Promise<Map<number, VehiclePerformance>> {
  const result = new Map<number, VehiclePerformance>();
  if (ids.length === 0) return result;
  const month = windowStart(now, PERFORMANCE_DAYS);
  const week = windowStart(now, 7);
  const [stockRows, viewRows, leadRows] = await Promise.all([
    db
      .select({ id: vehicles.id, publishedAt: vehicles.publishedAt, soldAt: vehicles.soldAt })
      .from(vehicles)
      .where(inArray(vehicles.id, ids)),
    db
      .select({
        id: vehicleViews.vehicleId,
        month: sql<number>`sum(${vehicleViews.count})`.mapWith(Number),
        week: sql<number>`coalesce(sum(${vehicleViews.count}) filter (where ${vehicleViews.day} >= ${week.day}), 0)`.mapWith(
          Number,
        ),
      })
      .from(vehicleViews)
      .where(and(inArray(vehicleViews.vehicleId, ids), gte(vehicleViews.day, month.day)))
      .groupBy(vehicleViews.vehicleId),
    db
      .select({ id: leads.vehicleId, n: count() })
      .from(leads)
      .where(and(inArray(leads.vehicleId, ids), gte(leads.createdAt, month.at)))
      .groupBy(leads.vehicleId),
  ]);
  const views = new Map(viewRows.map((row) => [row.id, row]));
  const leadCounts = new Map(leadRows.map((row) => [row.id, row.n]));
  for (const vehicle of stockRows) {
    const seen = views.get(vehicle.id);
    const vistas30 = seen?.month ?? 0;
    const solicitudes30 = leadCounts.get(vehicle.id) ?? 0;
    result.set(vehicle.id, {
      vistas7: seen?.week ?? 0,
      vistas30,
      solicitudes30,
      diasEnStock: daysInStock(vehicle, now),
      solicitudesPor100Vistas: leadsPer100Views(solicitudes30, vistas30),
    });
  }
  return result;
}
