// What staff see of the alerts (issue 33, ADR 0039) on the dashboard: the searches people save most that the stock
// does not meet (what to buy next), and how many alert e-mails led to a request. Counts and searches only: no
// person's address leaves the personal-data tools.
import type { CreditOffer } from '@contracts/dealership.ts';
import type { Db } from '@db/client.ts';
import { displayTransmission } from '@domain/format.ts';
import { alertTitle, parseSavedQuery } from '@domain/saved-search.ts';
import { installmentFrom, type VehicleRecord } from '@domain/vehicle.ts';
import { type FilterableVehicle, filterTest } from '@domain/vehicle-filter.ts';
import { sql } from 'drizzle-orm';
import { ALERT_SOURCE } from './alert-mail.ts';

/** The window of the e-mail figures. */
export const ALERT_FIGURES_DAYS = 90;

export interface AlertsDashboard {
  /** Confirmed alerts, and the people who hold them. */
  active: number;
  people: number;
  /** The searches most saved (by distinct people) that no published vehicle meets now, most wanted first. */
  unmet: Array<{ title: string; href: string; people: number }>;
  /** Alert e-mails of the last 90 days, those whose links led to at least one request, and the requests. */
  emails: number;
  emailsWithRequest: number;
  requests: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function loadAlertsDashboard(
  db: Db,
  stock: readonly VehicleRecord[],
  offer: CreditOffer,
  now = new Date(),
): Promise<AlertsDashboard> {
  const since = new Date(now.getTime() - ALERT_FIGURES_DAYS * 86_400_000).toISOString();
  const [totals] = rowsOf<{ active: number; people: number }>(
    await db.execute(sql`
      select count(*)::int as active, count(distinct email)::int as people
        from saved_searches where status = 'confirmed'`),
  );
  const groups = rowsOf<{ query_string: string; people: number }>(
    await db.execute(sql`
      select query_string, count(distinct email)::int as people from saved_searches
       where status = 'confirmed' and kind = 'busqueda'
       group by query_string order by people desc, query_string limit 50`),
  );
  const [mail] = rowsOf<{ emails: number }>(
    await db.execute(
      sql`select count(*)::int as emails from alert_digests where created_at >= ${since}::timestamptz`,
    ),
  );
  const [led] = rowsOf<{ emails: number; requests: number }>(
    await db.execute(sql`
      select count(distinct utm_campaign)::int as emails, count(*)::int as requests from leads
       where utm_source = ${ALERT_SOURCE} and utm_campaign like 'alerta-%' and created_at >= ${since}::timestamptz`),
  );

  const vehicles: FilterableVehicle[] = stock.map((record) => ({
    name: `${record.brand.nombre} ${record.model}`,
    model: record.model,
    bodyType: record.bodyType.nombre,
    transmission: displayTransmission(record.transmission.tipo),
    fuelType: record.fuel.tipo,
    condition: record.condition,
    price: record.price,
    year: record.year,
    cuota: installmentFrom(offer, record.price)?.installment ?? null,
  }));
  const unmet: AlertsDashboard['unmet'] = [];
  for (const group of groups) {
    const parsed = parseSavedQuery(group.query_string);
    if (!parsed.ok) continue;
    const test = filterTest(parsed.filters);
    if (vehicles.some(test)) continue;
    unmet.push({
      title: alertTitle({ kind: 'busqueda', queryString: parsed.canonical }),
      href: `/vehicles?${parsed.canonical}`,
      people: Number(group.people),
    });
    if (unmet.length === 5) break;
  }
  return {
    active: Number(totals?.active ?? 0),
    people: Number(totals?.people ?? 0),
    unmet,
    emails: Number(mail?.emails ?? 0),
    emailsWithRequest: Number(led?.emails ?? 0),
    requests: Number(led?.requests ?? 0),
  };
}
