// The load bench of a grown dealership: 10,000 vehicles and 100,000 leads in PostgreSQL, the built server in its own
// process, autocannon against the pages and the API, and a bare Fastify baseline measured in the same run.
//   npm run build && npm run bench:load
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test); a throwaway database is
// created and dropped. BENCH_SECONDS (default 10) sets the length of each run.
// Each endpoint gets an open-loop run for its throughput (autocannon, 10 connections); the budgeted ones also get
// their p99 at the budget's rate, sent evenly (bench/support/constant-rate.ts), and, for comparison with earlier
// reports, under autocannon's overallRate, which sends each second's requests in one burst.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { ThrowawayPostgres, withClient } from '../tests/support/throwaway-postgres.ts';
import { startBuiltServer } from './support/built-server.ts';
import { constantRate } from './support/constant-rate.ts';
import { seedGrownDealership } from './support/seed-grown.ts';

const VEHICLES = 10_000;
const LEADS = 100_000;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const port = 3392;
const baselinePort = 3393;
const base = `http://127.0.0.1:${port}`;
const metricsToken = randomBytes(24).toString('hex');

const BUDGETS = { pageP99Ms: 50, pageRate: 200, leadP99Ms: 100, leadRate: 50, memoryMb: 300 };

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  pacedRate?: number;
  pacedP99?: number;
  burstP99?: number;
  budgetP99?: number;
  errors: number;
}

type Options = Omit<autocannon.Options, 'url'> & { url: string };

interface Paced {
  rate: number;
  p99: number;
  /** The path of the i-th request of the even run. */
  path: (i: number) => string;
}

/** Open-loop throughput (10 connections), then, for a budget, the p99 at its rate: sent evenly, and in bursts. */
async function measure(name: string, options: Options, paced?: Paced): Promise<Row> {
  const common = { connections: 10, pipelining: 1, ...options };
  await autocannon({ ...common, duration: 2 }); // warm-up: caches, JIT, pool
  const open = await autocannon({ ...common, duration: seconds });
  const row: Row = {
    name,
    rps: open.requests.average,
    p50: open.latency.p50,
    p99: open.latency.p99,
    errors: open.errors + open.non2xx,
  };
  if (paced) {
    const even = await constantRate({
      base,
      rate: paced.rate,
      seconds,
      path: paced.path,
      method: options.method === 'POST' ? 'POST' : 'GET',
      headers: options.headers,
      body: typeof options.body === 'string' ? options.body : undefined,
    });
    const burst = await autocannon({ ...common, duration: seconds, overallRate: paced.rate });
    row.pacedRate = paced.rate;
    row.pacedP99 = even.p99;
    row.burstP99 = burst.latency.p99;
    row.budgetP99 = paced.p99;
    row.errors += even.errors + burst.errors + burst.non2xx;
  }
  return row;
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

const database = await ThrowawayPostgres.create('bench_load', adminUrl);
const baseline = Fastify();
baseline.get('/', async () => ({ hello: 'world' }));
let server: ChildProcess | undefined;
try {
  const seeding = performance.now();
  await seedGrownDealership(database.url, { vehicles: VEHICLES, leads: LEADS });
  console.info(
    `Seeded ${VEHICLES} vehicles and ${LEADS} leads in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  await baseline.listen({ port: baselinePort, host: '127.0.0.1' });
  server = await startBuiltServer({
    port,
    databaseUrl: database.url,
    env: { LEAD_RATE_LIMIT: '10000', METRICS_TOKEN: metricsToken },
  });
  const pid = server.pid ?? 0;
  let peakRss = rssMb(pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(pid));
  }, 250);

  const firstId = Number(
    ((await (await fetch(`${base}/api/vehiculos-resumen/`)).json()) as Array<{ id: number }>)[0]?.id ?? 1,
  );
  const page = (path: (i: number) => string): Paced => ({
    rate: BUDGETS.pageRate,
    p99: BUDGETS.pageP99Ms,
    path,
  });
  const randomVehicle = () => `/vehicles/${firstId + Math.floor(Math.random() * VEHICLES)}`;
  const filtered = '/vehicles?marca=Toyota&condicion=Usado&orden=price-asc&pagina=2';
  const rows: Row[] = [];
  rows.push(await measure('baseline (bare Fastify)', { url: `http://127.0.0.1:${baselinePort}/` }));
  rows.push(
    await measure(
      'page /vehicles',
      { url: `${base}/vehicles` },
      page(() => '/vehicles'),
    ),
  );
  rows.push(
    await measure(
      'page /vehicles filtered',
      { url: `${base}${filtered}` },
      page(() => filtered),
    ),
  );
  // A different vehicle on every request: most of them render (nothing cached yet), as with crawlers.
  rows.push(
    await measure(
      'page /vehicles/:id (random)',
      {
        url: `${base}/vehicles/${firstId}`,
        requests: [{ setupRequest: (request) => ({ ...request, path: randomVehicle() }) }],
      },
      page(randomVehicle),
    ),
  );
  // View counting (issue 21): autocannon sends no User-Agent, which the counter takes for no browser, so the rows
  // above count nothing. The same pages with a browser's agent are counted (server/services/catalogue/view-counter.ts):
  // random vehicles (mostly rendered) and one vehicle (its kept page), each beside its uncounted twin.
  const browser = {
    'user-agent':
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  };
  rows.push(
    await measure('page /vehicles/:id random, counted', {
      url: `${base}/vehicles/${firstId}`,
      headers: browser,
      requests: [{ setupRequest: (request) => ({ ...request, path: randomVehicle() }) }],
    }),
  );
  rows.push(await measure('page /vehicles/:id cached, no UA', { url: `${base}/vehicles/${firstId}` }));
  rows.push(
    await measure('page /vehicles/:id cached, counted', {
      url: `${base}/vehicles/${firstId}`,
      headers: browser,
    }),
  );
  rows.push(
    await measure('GET /api/vehiculos-resumen/', {
      url: `${base}/api/vehiculos-resumen/`,
      headers: { 'accept-encoding': 'br, gzip' },
    }),
  );

  // Leads: a CSRF token and its cookie, then valid contact leads at the budget's pace.
  const tokenResponse = await fetch(`${base}/api/get-csrf-token/`);
  const cookie = (tokenResponse.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { csrfToken } = (await tokenResponse.json()) as { csrfToken: string };
  const lead = {
    url: `${base}/api/contacto-contacto/`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', cookie, 'x-csrftoken': csrfToken, origin: base },
    body: JSON.stringify({
      name: 'Camila Rojas',
      email: 'camila.rojas@example.cl',
      phone: '+56 9 8123 4567',
      subject: 'compra',
      message: 'Hola, quisiera saber si tienen SUV híbridas disponibles.',
    }),
  };
  const leadRow = await measure(
    'POST /api/contacto-contacto/',
    { ...lead, connections: 4 },
    { rate: BUDGETS.leadRate, p99: BUDGETS.leadP99Ms, path: () => '/api/contacto-contacto/' },
  );
  rows.push(leadRow);
  clearInterval(sampler);

  // The counts reach the database within a flush (5 s).
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  const counted = await withClient(database.url, (client) =>
    client.query<{ views: number; vehicles: number }>(
      'select coalesce(sum(count), 0)::int as views, count(distinct vehicle_id)::int as vehicles from vehicle_views',
    ),
  );
  const baseRps = rows[0]?.rps ?? 1;
  console.info(
    `\n${VEHICLES} vehicles, ${LEADS} leads on PostgreSQL; ${seconds} s per run, 10 connections\n`,
  );
  console.info(
    'endpoint                         req/s   p50 ms  p99 ms  ratio   at rate  p99 ms even  budget  p99 ms bursts  errors',
  );
  for (const r of rows) {
    const paced =
      r.pacedRate === undefined
        ? ''.padEnd(44)
        : `${String(r.pacedRate).padStart(7)}  ${String(r.pacedP99).padStart(11)}  ${(r.pacedP99 ?? 0) < (r.budgetP99 ?? 0) ? ' ok   ' : 'OVER  '}  ${String(r.burstP99).padStart(13)}`;
    console.info(
      `${r.name.padEnd(32)} ${r.rps.toFixed(0).padStart(6)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)}  ${(r.rps / baseRps).toFixed(2).padStart(5)}  ${paced}  ${r.errors}`,
    );
  }
  console.info(
    `\nViews counted in vehicle_views: ${counted.rows[0]?.views ?? 0} on ${counted.rows[0]?.vehicles ?? 0} vehicles`,
  );
  console.info(
    `\nServer memory: peak RSS ${peakRss.toFixed(0)} MB (budget ${BUDGETS.memoryMb} MB) ${peakRss < BUDGETS.memoryMb ? 'ok' : 'OVER'}`,
  );
  console.info(
    `Budgets (requests sent evenly): pages p99 < ${BUDGETS.pageP99Ms} ms at ${BUDGETS.pageRate} req/s; lead POST p99 < ${BUDGETS.leadP99Ms} ms at ${BUDGETS.leadRate} req/s.`,
  );
} finally {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  await baseline.close();
  await new Promise((r) => setTimeout(r, 1_000));
  await database.drop();
}
