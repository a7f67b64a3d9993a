// The /vehicles listing sends only the visible page, so its weight must not grow with the stock. This bench
// builds the app on an in-memory database with 60 and then 10,000 published vehicles and compares the HTML
// (and the client-navigation data) of the same listings. It exits with 1 when they differ by more than 3%.
//   BUILD_DIR=build npx react-router build && BUILD_DIR=build npx tsx bench/listing-weight.ts
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, openDatabase } from '../db/client.ts';
import { bodyTypes, brands, fuels, transmissions, vehicles } from '../db/schema.ts';
import { buildDemoVehicles } from '../db/seed/demo-catalogue.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config/env.ts';

const PAGES = [
  '/vehicles',
  '/vehicles?condicion=Usado&orden=price-asc',
  '/vehicles?q=toyota',
  '/vehicles?tipo=SUV&pagina=2',
  '/vehicles?marca=Kia&marca=Hyundai&anio_min=2018&orden=year-desc',
];
const TOLERANCE = 0.03;

/** Lookup rows for the names used by `rows`, returning name → id. */
async function insertLookups<T extends { id: number }>(
  insert: (names: string[]) => Promise<T[]>,
  names: string[],
  key: (row: T) => string,
): Promise<Map<string, number>> {
  return new Map((await insert([...new Set(names)].sort())).map((row) => [key(row), row.id]));
}

/** The demo catalogue's generator, scaled up; rows go in 1,000 at a time. No photos or features. */
async function seed(db: Db, count: number): Promise<void> {
  const demo = buildDemoVehicles(count);
  const brandIds = await insertLookups(
    (n) =>
      db
        .insert(brands)
        .values(n.map((nombre) => ({ nombre })))
        .returning(),
    demo.map((v) => v.brand),
    (r) => r.nombre,
  );
  const bodyIds = await insertLookups(
    (n) =>
      db
        .insert(bodyTypes)
        .values(n.map((nombre) => ({ nombre })))
        .returning(),
    demo.map((v) => v.bodyType),
    (r) => r.nombre,
  );
  const fuelIds = await insertLookups(
    (n) =>
      db
        .insert(fuels)
        .values(n.map((tipo) => ({ tipo })))
        .returning(),
    demo.map((v) => v.fuel),
    (r) => r.tipo,
  );
  const transmissionIds = await insertLookups(
    (n) =>
      db
        .insert(transmissions)
        .values(n.map((tipo) => ({ tipo })))
        .returning(),
    demo.map((v) => v.transmission),
    (r) => r.tipo,
  );
  const id = (map: Map<string, number>, name: string) => map.get(name) ?? 0;
  for (let start = 0; start < demo.length; start += 1_000) {
    await db.insert(vehicles).values(
      demo.slice(start, start + 1_000).map((v, i) => ({
        brandId: id(brandIds, v.brand),
        bodyTypeId: id(bodyIds, v.bodyType),
        fuelId: id(fuelIds, v.fuel),
        transmissionId: id(transmissionIds, v.transmission),
        model: v.model,
        year: v.year,
        price: v.price,
        mileage: v.mileage,
        condition: v.condition,
        engine: v.engine,
        color: v.color,
        featured: v.featured,
        status: 'published' as const,
        sortOrder: start + i,
      })),
    );
  }
}

/** Bytes of each page's HTML and of its client-navigation data, for a stock of `count` vehicles. */
async function measure(count: number): Promise<Map<string, { html: number; data: number; ms: number }>> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await seed(database.db, count);
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'listing-weight-')),
    SESSION_SECRET: 'x'.repeat(40),
    PUBLIC_URL: 'https://autos.example.cl',
  });
  const app = await buildApp({
    config,
    database,
    pages: 'production',
    buildDir: process.env.BUILD_DIR ?? 'build',
  });
  await app.ready();
  const figures = new Map<string, { html: number; data: number; ms: number }>();
  try {
    await app.inject('/vehicles'); // loads the catalogue snapshot once, as a running server has
    for (const url of PAGES) {
      const started = performance.now();
      const html = await app.inject(url);
      const ms = performance.now() - started;
      if (html.statusCode !== 200) throw new Error(`${url} answered ${html.statusCode}`);
      const data = await app.inject(url.replace('/vehicles', '/vehicles.data'));
      figures.set(url, { html: html.rawPayload.byteLength, data: data.rawPayload.byteLength, ms });
    }
  } finally {
    await app.close();
    await database.close();
  }
  return figures;
}

const small = await measure(60);
const large = await measure(10_000);
let worst = 0;
console.info(
  '\npage                                                       HTML 60   HTML 10k   data 60  data 10k  ms 10k',
);
for (const url of PAGES) {
  const a = small.get(url);
  const b = large.get(url);
  if (!a || !b) continue;
  worst = Math.max(worst, Math.abs(b.html - a.html) / a.html, Math.abs(b.data - a.data) / a.data);
  console.info(
    `${url.padEnd(58)} ${String(a.html).padStart(8)} ${String(b.html).padStart(10)} ${String(a.data).padStart(9)} ${String(b.data).padStart(9)} ${b.ms.toFixed(1).padStart(7)}`,
  );
}
console.info(`\nLargest difference: ${(worst * 100).toFixed(2)}% (budget ${TOLERANCE * 100}%).`);
if (worst > TOLERANCE) process.exit(1);
