// The /vehicles listing sends only the visible page, so its weight must not grow with the stock. This bench
// builds the app on an in-memory database with 60 and then 10,000 published vehicles and compares the HTML (and
// the data the listing island fetches, /vehicles.json) of the same listings. It exits with 1 when they differ by
// more than 3%. It also times each listing (the median of RUNS renders, once the catalogue is loaded), search
// queries included: the search reads the catalogue in memory, so its cost at 10,000 vehicles should stay near the
// unfiltered listing's.
//   npm run build && npx tsx bench/listing-weight.ts
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@db/client.ts';
import { buildApp } from '@server/app.ts';
import { loadConfig } from '@server/config/env.ts';
import { seedManyVehicles } from './support/seed-many.ts';

const PAGES = [
  '/vehicles',
  '/vehicles?condicion=Usado&orden=price-asc',
  '/vehicles?q=toyota',
  '/vehicles?tipo=SUV&pagina=2',
  '/vehicles?marca=Kia&marca=Hyundai&anio_min=2018&orden=year-desc',
];
// The words people type (domain/vehicle-search.ts): fuel with its accent, model and year, body type and version.
// Timed, not weighed: with 60 vehicles some find a page of cars, or none, that 10,000 fill otherwise.
const SEARCHES = [
  `/vehicles?q=${encodeURIComponent('diésel')}`,
  '/vehicles?q=yaris+2024',
  '/vehicles?q=camioneta+4x4',
  '/vehicles?q=suv+autom%C3%A1tica+usada+2019',
  '/vehicles?q=zzzz',
];
// The cuota máxima (issue 30 item 6): each vehicle's advertised cuota is computed once per catalogue snapshot, on the
// first query that asks for it (its time is printed as "cuota index"); after that a bound costs what a price bound
// does. Timed, not weighed.
const CUOTAS = ['/vehicles?cuota_max=300000', '/vehicles?cuota_max=450000&orden=price-asc'];
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const TOLERANCE = 0.03;

interface Figures {
  html: number;
  data: number;
  /** Median time of the listing's data (/vehicles.json), ms. */
  ms: number;
  /** Vehicles found. */
  total: number;
}

/** Bytes of each page's HTML and of its island's data (/vehicles.json), for a stock of `count` vehicles. */
async function measure(count: number): Promise<{ figures: Map<string, Figures>; cuotaIndexMs: number }> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await seedManyVehicles(database.db, count);
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
  const figures = new Map<string, Figures>();
  let cuotaIndexMs = 0;
  try {
    await app.inject('/vehicles'); // loads the catalogue snapshot once, as a running server has
    const cold = performance.now();
    await app.inject('/vehicles.json?cuota_max=1');
    cuotaIndexMs = performance.now() - cold;
    for (const url of [...PAGES, ...SEARCHES, ...CUOTAS]) {
      const html = await app.inject(url);
      if (html.statusCode !== 200) throw new Error(`${url} answered ${html.statusCode}`);
      const data = await app.inject(url.replace('/vehicles', '/vehicles.json'));
      if (data.statusCode !== 200) throw new Error(`${url} data answered ${data.statusCode}`);
      // The island's data alone times the listing itself (no page cache keeps it, no HTML render around it).
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        await app.inject(url.replace('/vehicles', '/vehicles.json'));
        times.push(performance.now() - started);
      }
      const total = (JSON.parse(data.payload) as { data?: { total?: number } }).data?.total ?? -1;
      figures.set(url, {
        html: html.rawPayload.byteLength,
        data: data.rawPayload.byteLength,
        ms: median(times),
        total,
      });
    }
  } finally {
    await app.close();
    await database.close();
  }
  return { figures, cuotaIndexMs };
}

const { figures: small, cuotaIndexMs: smallIndex } = await measure(60);
const { figures: large, cuotaIndexMs: largeIndex } = await measure(10_000);
let worst = 0;
console.info(
  `\n${'page'.padEnd(58)}  HTML 60  HTML 10k  data 60 data 10k  found 60 found 10k  ms 60  ms 10k`,
);
for (const url of [...PAGES, ...SEARCHES, ...CUOTAS]) {
  const a = small.get(url);
  const b = large.get(url);
  if (!a || !b) continue;
  if (PAGES.includes(url))
    worst = Math.max(worst, Math.abs(b.html - a.html) / a.html, Math.abs(b.data - a.data) / a.data);
  const cells = [a.html, b.html, a.data, b.data, a.total, b.total].map((n, i) =>
    String(n).padStart([8, 9, 8, 8, 9, 9][i] ?? 8),
  );
  console.info(
    `${decodeURIComponent(url).padEnd(58)} ${cells.join(' ')} ${a.ms.toFixed(1).padStart(6)} ${b.ms.toFixed(1).padStart(6)}`,
  );
}
console.info(
  `${'cuota index (first cuota_max of a snapshot, data request)'.padEnd(58)} ${' '.repeat(53)} ${smallIndex.toFixed(1).padStart(6)} ${largeIndex.toFixed(1).padStart(6)}`,
);
console.info(`\nLargest difference: ${(worst * 100).toFixed(2)}% (budget ${TOLERANCE * 100}%).`);
if (worst > TOLERANCE) process.exit(1);
