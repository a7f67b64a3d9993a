// The foundation bench: starts the built server on a fresh data directory and measures, with autocannon,
// the JSON endpoints and the SSR pages against a bare Fastify hello-world measured in the same run.
//   npm run build && npm run bench            (BENCH_SECONDS=10 BENCH_RATE=500 to change the load)
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { constantRate } from './support/constant-rate.ts';
import { waitFor } from './support/wait-for.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rate = Number(process.env.BENCH_RATE ?? 500);
const port = 3390;
const baselinePort = 3391;

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** At `rate`, requests sent evenly (bench/support/constant-rate.ts). */
  rateP99: number;
  /** At `rate` under autocannon's overallRate, which sends each second's requests in one burst. */
  burstP99: number;
}

async function measure(name: string, url: string): Promise<Figures> {
  const common = { url, connections: 10, duration: seconds, pipelining: 1 };
  // Warm-up so caches and the JIT are in their steady state.
  await autocannon({ ...common, duration: 2 });
  const open = await autocannon(common);
  const { origin, pathname } = new URL(url);
  const even = await constantRate({ base: origin, rate, seconds, path: () => pathname });
  const burst = await autocannon({ ...common, overallRate: rate });
  return {
    name,
    rps: open.requests.average,
    p50: open.latency.p50,
    p99: open.latency.p99,
    errors: open.errors + open.non2xx + even.errors + burst.errors + burst.non2xx,
    rateP99: even.p99,
    burstP99: burst.latency.p99,
  };
}

const baseline = Fastify();
baseline.get('/', async () => ({ hello: 'world' }));
await baseline.listen({ port: baselinePort, host: '127.0.0.1' });

const dataDir = mkdtempSync(path.join(tmpdir(), 'automotora-bench-'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production' },
  stdio: 'ignore',
  detached: true,
});
try {
  await waitFor(`http://127.0.0.1:${port}/healthz`, 120_000);
  const base = `http://127.0.0.1:${port}`;
  const results = [await measure('baseline (bare Fastify)', `http://127.0.0.1:${baselinePort}/`)];
  results.push(await measure('GET /api/vehiculos-resumen/', `${base}/api/vehiculos-resumen/`));
  results.push(await measure('GET /api/vehiculos/5/', `${base}/api/vehiculos/5/`));
  results.push(await measure('SSR /', `${base}/`));
  results.push(await measure('SSR /vehicles/5', `${base}/vehicles/5`));

  const baseRps = results[0]?.rps ?? 1;
  console.info(`\n${seconds} s per run, 10 connections; paced runs at ${rate} req/s, evenly and in bursts\n`);
  console.info(
    'endpoint                         req/s   p50 ms  p99 ms  ratio  p99@rate  p99 bursts  errors',
  );
  for (const r of results) {
    console.info(
      `${r.name.padEnd(32)} ${r.rps.toFixed(0).padStart(6)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)}  ${(r.rps / baseRps).toFixed(2).padStart(5)} ${String(r.rateP99).padStart(8)}  ${String(r.burstP99).padStart(10)}  ${r.errors}`,
    );
  }
  console.info(
    '\nBudgets: JSON ≥ 0.50 of baseline, SSR ≥ 0.15, p99 < 20 ms at the paced rate (requests sent evenly).',
  );
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
  await baseline.close();
}
