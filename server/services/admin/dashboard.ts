import type { DashboardData, VehicleStatus } from '@contracts/admin-leads.ts';
import type { PrivacySettings } from '@contracts/dealership.ts';
import type { Db } from '@db/client.ts';
import { brands, images, leads, vehicleImages, vehicles } from '@db/schema.ts';
import { CHILE_TIME_ZONE, chileDayKey, chileDayStart } from '@domain/chile-time.ts';
import { ANNOUNCED_DAYS, daysAfter } from '@domain/retention.ts';
import { slotTime } from '@domain/test-drive.ts';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { LEAD_KIND_DEFS } from '../leads/lead-kinds.ts';
import { heldTestDrivesBetween } from '../leads/test-drive-booking.ts';
import { countLeadsExpiredBy } from '../privacy/retention-rule.ts';

const DAYS = 30;
const FEATURED_LIMIT = 12;

/** 'yyyy-mm-dd' plus `days` calendar days (no time zone involved: it is a date, not an instant). */
export function addDays(dayKey: string, days: number): string {
  const [y, m, d] = dayKey.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/**
 * What staff see first: the leads waiting for an answer by kind (and how many are late), the leads of the last 30
 * days, the stock by status, the featured vehicles, and how many requests the retention job will anonymise in the
 * next 30 days under the settings' periods (`privacy`). A handful of grouped queries, each served by an index.
 */
export async function loadDashboard(db: Db, now: Date, privacy: PrivacySettings): Promise<DashboardData> {
  const today = chileDayKey(now);
  const firstDay = addDays(today, -(DAYS - 1));
  const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${CHILE_TIME_ZONE})`;

  const tomorrow = addDays(today, 1);
  const [waiting, perDayRows, stockRows, featuredRows, testDriveRows, expiring] = await Promise.all([
    db
      .select({
        kind: leads.kind,
        nuevas: count(),
        vencidas: sql<number>`count(*) filter (where ${leads.dueAt} <= ${now})`.mapWith(Number),
        porVencer: sql<number>`count(*) filter (where ${leads.dueAt} > ${now}
          and (${leads.dueAt} - ${now}::timestamptz) * 6 <= ${leads.dueAt} - ${leads.createdAt})`.mapWith(
          Number,
        ),
      })
      .from(leads)
      .where(eq(leads.status, 'nuevo'))
      .groupBy(leads.kind),
    db
      .select({
        day: sql<string>`to_char((${leads.createdAt} at time zone ${CHILE_TIME_ZONE})::date, 'YYYY-MM-DD')`,
        count: count(),
      })
      .from(leads)
      .where(sql`${leads.createdAt} >= ${dayStart(firstDay)}`)
      .groupBy(sql`1`),
    db.select({ status: vehicles.status, count: count() }).from(vehicles).groupBy(vehicles.status),
    db
      .select({
        id: vehicles.id,
        brand: brands.nombre,
        model: vehicles.model,
        year: vehicles.year,
        price: vehicles.price,
        status: vehicles.status,
        hash: images.hash,
        width: images.width,
        height: images.height,
      })
      .from(vehicles)
      .innerJoin(brands, eq(brands.id, vehicles.brandId))
      .leftJoin(vehicleImages, and(eq(vehicleImages.vehicleId, vehicles.id), eq(vehicleImages.position, 0)))
      .leftJoin(images, eq(images.id, vehicleImages.imageId))
      .where(eq(vehicles.featured, true))
      .orderBy(
        sql`case ${vehicles.status} when 'published' then 0 when 'draft' then 1 else 2 end`,
        asc(vehicles.sortOrder),
        desc(vehicles.id),
      )
      .limit(FEATURED_LIMIT),
    db
      .select({
        leadId: leads.id,
        at: leads.testDriveAt,
        client: leads.name,
        status: leads.status,
        brand: brands.nombre,
        model: vehicles.model,
        year: vehicles.year,
      })
      .from(leads)
      .leftJoin(vehicles, eq(vehicles.id, leads.vehicleId))
      .leftJoin(brands, eq(brands.id, vehicles.brandId))
      .where(heldTestDrivesBetween(chileDayStart(today), chileDayStart(addDays(today, 2))))
      .orderBy(asc(leads.testDriveAt), asc(leads.id)),
    // The job's own rule, judged at the end of the period announced.
    countLeadsExpiredBy(db, daysAfter(now, ANNOUNCED_DAYS), privacy),
  ]);

  const byKind = new Map(waiting.map((row) => [row.kind, row]));
  const leadsByKind = LEAD_KIND_DEFS.map((def) => {
    const row = byKind.get(def.kind);
    return {
      kind: def.kind,
      label: def.label,
      nuevas: row?.nuevas ?? 0,
      vencidas: row?.vencidas ?? 0,
      porVencer: row?.porVencer ?? 0,
    };
  });
  const counted = new Map(perDayRows.map((row) => [row.day, row.count]));
  const perDay = Array.from({ length: DAYS }, (_, i) => {
    const day = addDays(firstDay, i);
    return { day, count: counted.get(day) ?? 0 };
  });
  const stock: Record<VehicleStatus, number> = { draft: 0, published: 0, sold: 0 };
  for (const row of stockRows) stock[row.status] = row.count;

  const sum = (pick: (k: (typeof leadsByKind)[number]) => number) =>
    leadsByKind.reduce((total, k) => total + pick(k), 0);
  return {
    now: now.toISOString(),
    leadsByKind,
    totals: {
      nuevas: sum((k) => k.nuevas),
      vencidas: sum((k) => k.vencidas),
      porVencer: sum((k) => k.porVencer),
      hoy: perDay[perDay.length - 1]?.count ?? 0,
      ultimos30: perDay.reduce((total, d) => total + d.count, 0),
    },
    perDay,
    stock,
    testDrives: testDriveRows.flatMap((row) =>
      row.at
        ? [
            {
              leadId: row.leadId,
              at: new Date(row.at).toISOString(),
              day: chileDayKey(row.at) === tomorrow ? ('mañana' as const) : ('hoy' as const),
              time: slotTime(row.at),
              vehicle: row.brand ? `${row.brand} ${row.model} ${row.year}` : null,
              client: row.client,
              status: row.status,
            },
          ]
        : [],
    ),
    featured: featuredRows.map((row) => ({
      id: row.id,
      name: `${row.brand} ${row.model} ${row.year}`,
      price: row.price,
      status: row.status,
      photo:
        row.hash && row.width && row.height ? { hash: row.hash, width: row.width, height: row.height } : null,
      adminUrl: `/admin/vehiculos/${row.id}`,
    })),
    retention: { days: ANNOUNCED_DAYS, leads: expiring },
  };
}
