// The matching of the alerts (issue 33, ADR 0039): computed once per stock change, never per subscriber per car. A
// change (queued by the trigger on `vehicles`, migration 0022) is one vehicle; ONE query asks the database which
// confirmed searches hold it, through the GiST index on their price and year ranges, the brand keys and the
// exact-value lists, and the listing's own rules (domain/vehicle-filter.ts) then judge the words (search box, model)
// of the few left.
// What a price decrease matches is only what it brought into range: the same query, less what the old price already
// met. Batches are taken with FOR UPDATE SKIP LOCKED, so instances share the queue and each change is matched once.
import type { CreditOffer } from '@contracts/dealership.ts';
import type { Db } from '@db/client.ts';
import { displayTransmission } from '@domain/format.ts';
import { parseSavedQuery, vehicleBrandKeys } from '@domain/saved-search.ts';
import { installmentFrom } from '@domain/vehicle.ts';
import { type FilterableVehicle, filterTest } from '@domain/vehicle-filter.ts';
import { sql } from 'drizzle-orm';

interface ChangeRow {
  id: number;
  vehicle_id: number;
  change: 'publicado' | 'baja';
  previous_price: number | null;
}

interface VehicleFacts extends FilterableVehicle {
  id: number;
}

export interface MatchCounts {
  changes: number;
  matches: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** An array literal for one parameter: each element quoted, its quotes and backslashes escaped. */
const textArray = (values: readonly (string | number)[]) =>
  `{${values.map((value) => `"${String(value).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * The search box and the model need the listing's rules; a query string without them was fully judged by SQL (the
 * brand too, through its keys: domain/saved-search.ts brandKey).
 */
const HAS_WORDS = /(?:^|&)(?:q|modelo)=/;

async function vehicleFacts(db: Db, ids: number[]): Promise<Map<number, VehicleFacts>> {
  const rows = rowsOf<{
    id: number;
    brand: string;
    model: string;
    body: string;
    transmission: string;
    fuel: string;
    condition: string;
    price: string | number;
    year: number;
  }>(
    await db.execute(sql`
      select v.id, b.nombre as brand, v.model, bt.nombre as body, t.tipo as transmission, f.tipo as fuel,
             v.condition, v.price, v.year
        from vehicles v
        join brands b on b.id = v.brand_id
        join body_types bt on bt.id = v.body_type_id
        join transmissions t on t.id = v.transmission_id
        join fuels f on f.id = v.fuel_id
       where v.status = 'published' and v.id in (${sql.join(
         ids.map((id) => sql`${id}`),
         sql`, `,
       )})`),
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        name: `${row.brand} ${row.model}`,
        model: row.model,
        bodyType: row.body,
        // Saved searches keep transmissions as the listing's address shows them.
        transmission: displayTransmission(row.transmission),
        fuelType: row.fuel,
        condition: row.condition,
        price: Number(row.price),
        year: Number(row.year),
      },
    ]),
  );
}

const cuotaOf = (offer: CreditOffer, price: number) => installmentFrom(offer, price)?.installment ?? null;

/** The condition of a search holding `price` (and its cuota): the part of the match a price change moves. */
const holdsPrice = (price: number, cuota: number | null) =>
  sql`price_range @> ${price}::bigint and (cuota_max is null or coalesce(${cuota}::bigint <= cuota_max, false))`;

/**
 * The confirmed searches `vehicle` newly meets: all that hold it when it is published, those it came into range of
 * when its price went down from `previousPrice`. One query, then the words of what is left.
 */
export async function searchesMatching(
  db: Db,
  vehicle: VehicleFacts,
  offer: CreditOffer,
  previousPrice: number | null,
): Promise<number[]> {
  const cuota = cuotaOf(offer, vehicle.price);
  const notBefore =
    previousPrice === null
      ? sql``
      : sql`and not (${holdsPrice(previousPrice, cuotaOf(offer, previousPrice))})`;
  const candidates = rowsOf<{ id: number; query_string: string }>(
    await db.execute(sql`
      select id, query_string from saved_searches
       where status = 'confirmed' and kind = 'busqueda'
         and year_range @> ${vehicle.year}::int
         and ${holdsPrice(vehicle.price, cuota)} ${notBefore}
         and (cardinality(brand_keys) = 0 or brand_keys && ${textArray(vehicleBrandKeys(vehicle.name))}::text[])
         and (cardinality(conditions) = 0 or ${vehicle.condition} = any(conditions))
         and (cardinality(body_types) = 0 or ${vehicle.bodyType} = any(body_types))
         and (cardinality(transmissions) = 0 or ${vehicle.transmission} = any(transmissions))
         and (cardinality(fuel_types) = 0 or ${vehicle.fuelType} = any(fuel_types))`),
  );
  const subject = { ...vehicle, cuota };
  return candidates
    .filter((row) => {
      if (!HAS_WORDS.test(row.query_string)) return true;
      const parsed = parseSavedQuery(row.query_string);
      return parsed.ok && filterTest(parsed.filters)(subject);
    })
    .map((row) => Number(row.id));
}

/** The favourites alerts that list `vehicleId` (GIN index on their ids). */
async function favouritesWatching(db: Db, vehicleId: number): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from saved_searches
       where status = 'confirmed' and kind = 'favoritos' and vehicle_ids @> array[${vehicleId}::int]`),
  ).map((row) => Number(row.id));
}

/**
 * Matches the queued stock changes, a batch per transaction, until none is left (or `maxBatches`); each change is
 * deleted in the transaction that records its matches, so a crash repeats a batch whole or not at all.
 */
export async function matchStockChanges(
  db: Db,
  options: { offer: CreditOffer; batchSize?: number; maxBatches?: number },
): Promise<MatchCounts> {
  const counts: MatchCounts = { changes: 0, matches: 0 };
  const batchSize = options.batchSize ?? 50;
  for (let batch = 0; batch < (options.maxBatches ?? Number.POSITIVE_INFINITY); batch++) {
    const done = await db.transaction(async (tx) => {
      const changes = rowsOf<ChangeRow>(
        await tx.execute(sql`
          select id, vehicle_id, change, previous_price from alert_stock_changes
           order by id limit ${batchSize} for update skip locked`),
      );
      if (changes.length === 0) return null;
      const facts = await vehicleFacts(
        tx,
        changes.map((change) => Number(change.vehicle_id)),
      );
      let matched = 0;
      for (const change of changes) {
        // A vehicle no longer published (sold, back to draft, deleted since) matches nothing.
        const vehicle = facts.get(Number(change.vehicle_id));
        if (!vehicle) continue;
        const previous = change.previous_price === null ? null : Number(change.previous_price);
        const found: Array<[number, 'nuevo' | 'baja' | 'favorito']> = (
          await searchesMatching(tx, vehicle, options.offer, previous)
        ).map((id) => [id, change.change === 'publicado' ? 'nuevo' : 'baja']);
        if (change.change === 'baja')
          for (const id of await favouritesWatching(tx, vehicle.id)) found.push([id, 'favorito']);
        if (found.length === 0) continue;
        // Two arrays, whatever the number of searches met (a popular car may meet thousands): a statement's
        // parameters stay few.
        const inserted = await tx.execute(sql`
          insert into saved_search_matches (saved_search_id, vehicle_id, reason, price, previous_price)
          select unnest(${textArray(found.map(([id]) => id))}::bigint[]), ${vehicle.id},
                 unnest(${textArray(found.map(([, reason]) => reason))}::text[]), ${vehicle.price}, ${previous}::bigint
          on conflict do nothing returning id`);
        matched += rowsOf(inserted).length;
      }
      await tx.execute(
        sql`delete from alert_stock_changes where id in (${sql.join(
          changes.map((change) => sql`${Number(change.id)}`),
          sql`, `,
        )})`,
      );
      return { changes: changes.length, matches: matched };
    });
    if (!done) break;
    counts.changes += done.changes;
    counts.matches += done.matches;
  }
  return counts;
}
