// `npm run bench:alerts` (issue 33, ADR 0039): the alerts' matching with 10,000 published vehicles and 50,000 confirmed
// saved searches. One stock change (a vehicle published, or its price lowered) is matched as the job does it: one
// query narrows the searches through the GiST index on their price and year ranges and the exact-value lists, then
// the listing's rules judge the words of those left. Prints the median time of one change's matching, with the
// spread and how many searches each change met; it asserts nothing about time.
//
// PGlite in memory by default (as `npm start` runs without DATABASE_URL); BENCH_DB=postgres uses a throwaway database
// on TEST_DATABASE_URL's server. BENCH_VEHICLES, BENCH_SEARCHES and BENCH_CHANGES change the sizes.
import { creditOffer } from '@contracts/dealership.ts';
import { type Database, openDatabase } from '@db/client.ts';
import { savedSearches } from '@db/schema.ts';
import { buildDemoVehicles } from '@db/seed/demo-catalogue.ts';
import { EMPTY_QUERY } from '@domain/listing-query.ts';
import { canonicalQuery } from '@domain/saved-search.ts';
import type { VehicleFilters } from '@domain/vehicle-filter.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import { matchStockChanges } from '@server/services/alerts/match-stock-changes.ts';
import { matchColumns } from '@server/services/alerts/save-search.ts';
import { sql } from 'drizzle-orm';
import { ThrowawayPostgres } from '../tests/support/throwaway-postgres.ts';
import { seedManyVehicles } from './support/seed-many.ts';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 50_000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 41);
const usePostgres = process.env.BENCH_DB === 'postgres';

/** A small deterministic generator, so two runs save the same searches. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Searches as people save them: mostly a brand or a body type under a price, some words, some a cuota. */
function searches(count: number): VehicleFilters[] {
  const random = prng(33);
  const demo = buildDemoVehicles(400);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const brands = [...new Set(demo.map((v) => v.brand))];
  const bodies = [...new Set(demo.map((v) => v.bodyType))];
  const fuels = [...new Set(demo.map((v) => v.fuel))];
  const priceMax = () => Math.round((6 + random() * 40) * 1_000_000);
  return Array.from({ length: count }, () => {
    const base: VehicleFilters = { ...EMPTY_QUERY };
    const kind = random();
    if (kind < 0.35) return { ...base, brands: [pick(brands)], price: { min: null, max: priceMax() } };
    if (kind < 0.55) {
      const max = priceMax();
      return { ...base, bodyTypes: [pick(bodies)], price: { min: Math.round(max * 0.6), max } };
    }
    if (kind < 0.7) {
      const vehicle = pick(demo);
      return {
        ...base,
        brands: [vehicle.brand],
        models: [vehicle.model],
        year: { min: vehicle.year - 2, max: null },
      };
    }
    if (kind < 0.8)
      return { ...base, search: `${pick(demo).model} ${pick(['automática', 'diésel', '4x4', ''])}`.trim() };
    if (kind < 0.9)
      return { ...base, bodyTypes: [pick(bodies)], cuotaMax: Math.round((150 + random() * 450) * 1000) };
    return {
      ...base,
      conditions: [pick(['Nuevo', 'Usado'])],
      fuelTypes: [pick(fuels)],
      year: { min: 2016 + Math.floor(random() * 8), max: null },
      price: { min: null, max: priceMax() },
    };
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

const throwaway = usePostgres ? await ThrowawayPostgres.create('bench_alerts') : null;
let database: Database | null = null;
try {
  database = await openDatabase({ databaseUrl: throwaway?.url, dataDir: 'memory://bench-alerts' });
  const { db } = database;
  console.info(`Base de datos: ${usePostgres ? 'PostgreSQL' : 'PGlite (en memoria)'}`);

  let started = performance.now();
  await seedManyVehicles(db, VEHICLES);
  // The publications of the seed are not the stock changes measured here.
  await db.execute(sql`delete from alert_stock_changes`);
  console.info(
    `${VEHICLES.toLocaleString('es-CL')} vehículos publicados en ${ms(performance.now() - started)}`,
  );

  started = performance.now();
  const all = searches(SEARCHES);
  for (let at = 0; at < all.length; at += 1_000) {
    await db.insert(savedSearches).values(
      all.slice(at, at + 1_000).map((filters, i) => ({
        email: `persona${(at + i) % 20_000}@example.cl`,
        kind: 'busqueda' as const,
        queryString: canonicalQuery(filters),
        ...matchColumns(filters),
        source: 'listado',
        status: 'confirmed' as const,
        tokenExpiresAt: new Date(),
        wording: 'Acepto que me envíen correos de esta búsqueda.',
        confirmedAt: new Date(),
      })),
    );
  }
  await db.execute(sql`analyze saved_searches`);
  console.info(
    `${SEARCHES.toLocaleString('es-CL')} búsquedas confirmadas en ${ms(performance.now() - started)}`,
  );

  const offer = creditOffer(defaultDealership);
  const ids = (
    (await db.execute(sql`select id from vehicles order by id`)) as unknown as { rows: Array<{ id: number }> }
  ).rows.map((row) => Number(row.id));
  const step = Math.max(1, Math.floor(ids.length / CHANGES));
  const times: Record<'publicado' | 'baja', number[]> = { publicado: [], baja: [] };
  const matched: Record<'publicado' | 'baja', number[]> = { publicado: [], baja: [] };
  for (let i = 0; i < CHANGES; i++) {
    const id = ids[(i * step) % ids.length] ?? 1;
    const change = i % 2 === 0 ? 'publicado' : 'baja';
    // The change itself, as staff make it: the trigger queues it in the same transaction.
    if (change === 'publicado') {
      await db.execute(sql`update vehicles set status = 'draft' where id = ${id}`);
      await db.execute(sql`update vehicles set status = 'published' where id = ${id}`);
    } else {
      await db.execute(sql`update vehicles set price = (price * 0.85)::bigint where id = ${id}`);
    }
    const before = performance.now();
    const counts = await matchStockChanges(db, { offer, batchSize: 1, maxBatches: 1 });
    times[change].push(performance.now() - before);
    matched[change].push(counts.matches);
  }

  const every = [...times.publicado, ...times.baja];
  console.info('');
  console.info(`Coincidencias de un cambio de stock (${CHANGES} cambios, uno por transacción, como el job):`);
  console.info(
    `  mediana ${ms(median(every))} · mínimo ${ms(Math.min(...every))} · máximo ${ms(Math.max(...every))}`,
  );
  for (const change of ['publicado', 'baja'] as const) {
    console.info(
      `  ${change === 'publicado' ? 'vehículo publicado' : 'precio rebajado  '}: mediana ${ms(median(times[change]))}, ` +
        `${median(matched[change]).toLocaleString('es-CL')} búsquedas cumplidas (mediana), ` +
        `${Math.max(...matched[change]).toLocaleString('es-CL')} como máximo`,
    );
  }
  const plan = (
    (await db.execute(sql`
      explain select id from saved_searches
       where status = 'confirmed' and kind = 'busqueda'
         and year_range @> 2020::int and price_range @> 12000000::bigint`)) as unknown as {
      rows: Array<Record<string, string>>;
    }
  ).rows
    .map((row) => Object.values(row)[0])
    .join('\n  ');
  console.info(`\nPlan de la consulta que acota las búsquedas:\n  ${plan}`);
} finally {
  await database?.close();
  await throwaway?.drop();
}
