// The /vehicles listing sends only the visible page, so its weight must not grow with the stock. This bench
// builds the app on an in-memory database with 60 and then 10,000 published vehicles and compares the HTML (and
// the data the listing island fetches, /vehicles.json) of the same listings. It exits with 1 when they differ by
// more than 3%.
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
const TOLERANCE = 0.03;

/** Bytes of each page's HTML and of its island's data (/vehicles.json), for a stock of `count` vehicles. */
async function measure(count: number): Promise<Map<string, { html: number; data: number; ms: number }>> {
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
  const figures = new Map<string, { html: number; data: number; ms: number }>();
  try {
    await app.inject('/vehicles'); // loads the catalogue snapshot once, as a running server has
    for (const url of PAGES) {
      const started = performance.now();
      const html = await app.inject(url);
      const ms = performance.now() - started;
      if (html.statusCode !== 200) throw new Error(`${url} answered ${html.statusCode}`);
      const data = await app.inject(url.replace('/vehicles', '/vehicles.json'));
      if (data.statusCode !== 200) throw new Error(`${url} data answered ${data.statusCode}`);
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
