// The decode bench: the built server, a visitor browsing at an even pace, and beside it
//   1. eight clients that are already over the lead rate limit, each sending appraisals with four 40-megapixel
//      zero-filled PNGs (about 116 kB each) as fast as they are answered, for BENCH_SECONDS (default 30);
//   2. then two bursts of accepted appraisals (eight clients, four 12-megapixel photos each), to see how much memory
//      the uploads take and how much of it comes back when they stop.
// Prints the time a rate-limited client waits for its 429 with and without photos, the attack's answers, the
// visitor's p95 before and during the attack, and the server's memory (RSS) at start, at its peak and after.
//   npm run build && npm run bench:decode
// PGlite in a temporary directory by default (as `npm start` runs without DATABASE_URL); BENCH_DB=postgres uses a
// throwaway database on the machine's PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
// The server inherits this process's environment: `MALLOC_ARENA_MAX=2 npm run bench:decode` measures with it.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@db/client.ts';
import sharp from 'sharp';
import { multipartBody } from '../tests/support/csrf-client.ts';
import { VALID_PAYLOADS } from '../tests/support/lead-payloads.ts';
import { ThrowawayPostgres } from '../tests/support/throwaway-postgres.ts';
import { startBuiltServer } from './support/built-server.ts';
import { constantRate } from './support/constant-rate.ts';
import { seedManyVehicles } from './support/seed-many.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const usePostgres = process.env.BENCH_DB === 'postgres';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const port = 3394;
const base = `http://127.0.0.1:${port}`;
const ATTACKERS = 8;
const BOMBS_PER_REQUEST = 4;
const RATE_LIMIT = 2;
const VISITOR_RATE = 10;
const VISITOR_PAGES = ['/', '/vehicles', '/api/vehiculos-resumen/', '/vehicles/3'];
const BURST_CLIENTS = 8;
const BURST_UPLOADS_PER_CLIENT = 4;
const SELL = '/api/vendeauto/';
const fields = VALID_PAYLOADS[SELL] as Record<string, string>;

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN;
};

/** The bytes a client sends: a zero-filled PNG just under the 40-megapixel limit, and a phone-sized photo. */
async function pictures() {
  const side = Math.floor(Math.sqrt(40_000_000));
  const bomb = await sharp({ create: { width: side, height: side, channels: 3, background: '#000' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  // Smooth noise blown up to 12 MP: a photo's size and cost, under the 5 MB per-file limit.
  const noise = await sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: '#777',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  const photos = await Promise.all(
    [0, 1, 2, 3].map((i) =>
      sharp(noise)
        .rotate(i * 90)
        .resize(4000, 3000, { fit: 'fill', kernel: 'cubic' })
        .jpeg({ quality: 85 })
        .toBuffer(),
    ),
  );
  return { bomb, photos };
}

interface Csrf {
  cookie: string;
  token: string;
}

async function csrf(): Promise<Csrf> {
  const response = await fetch(`${base}/api/get-csrf-token/`);
  const cookie = String(response.headers.get('set-cookie')).split(';')[0] ?? '';
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie, token: csrfToken };
}

/** One appraisal from the client at `ip` (the server trusts one proxy hop); the status and the time it took. */
async function sell(session: Csrf, ip: string, files: Buffer[]): Promise<{ status: number; ms: number }> {
  const { payload, contentType } = multipartBody(
    fields,
    files.map((data, i) => ({
      filename: `foto${i}.${data[1] === 0x50 ? 'png' : 'jpg'}`,
      contentType: 'image/*',
      data,
    })),
  );
  const started = performance.now();
  try {
    const response = await fetch(`${base}${SELL}`, {
      method: 'POST',
      body: new Uint8Array(payload),
      headers: {
        'content-type': contentType,
        cookie: session.cookie,
        'x-csrftoken': session.token,
        origin: base,
        'x-forwarded-for': ip,
      },
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

const metricsToken = randomBytes(24).toString('hex');

/** The V8 heap (total, as reserved) and the memory outside it that V8 knows of (Buffers, WebAssembly), in MB. */
async function heapAndExternal(): Promise<string> {
  const body = await (
    await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  ).text();
  const mb = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(body)?.[1] ?? NaN) / 1048576;
  return `heap ${mb('nodejs_heap_size_total_bytes').toFixed(0)} MB, external ${mb('nodejs_external_memory_bytes').toFixed(0)} MB`;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'automotora-decode-'));
const database = usePostgres ? await ThrowawayPostgres.create('bench_decode', adminUrl) : null;
let server: ChildProcess | undefined;
try {
  const { bomb, photos } = await pictures();
  {
    // Some stock for the visitor's pages; no photos, so nothing is decoded but what the bench sends.
    const seeding = await openDatabase({ databaseUrl: database?.url, dataDir });
    await seedManyVehicles(seeding.db, 200);
    await seeding.close();
  }
  server = await startBuiltServer({
    port,
    databaseUrl: database?.url,
    dataDir,
    env: {
      LEAD_RATE_LIMIT: String(RATE_LIMIT),
      TRUST_PROXY: '1',
      METRICS_TOKEN: metricsToken,
    },
  });
  const pid = server.pid ?? 0;
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  const session = await csrf();
  const visitor = (runSeconds: number) =>
    constantRate({
      base,
      rate: VISITOR_RATE,
      seconds: runSeconds,
      path: (i) => VISITOR_PAGES[i % VISITOR_PAGES.length] ?? '/',
    });

  // Warm-up: each page and one accepted appraisal with a photo, so what follows measures steady state.
  await visitor(3);
  await sell(session, '10.9.9.9', [photos[0] as Buffer]);
  await sleep(2_000);
  const atStart = rssMb(pid);
  const memoryAtStart = await heapAndExternal();
  const quiet = await visitor(10);

  // The attackers use up their limit with appraisals without photos; from then on each is refused.
  const attackers = Array.from({ length: ATTACKERS }, (_, i) => `10.0.0.${i + 1}`);
  for (const ip of attackers) {
    for (let n = 0; n < RATE_LIMIT; n++) await sell(session, ip, []);
  }
  const bombs = Array.from({ length: BOMBS_PER_REQUEST }, () => bomb);
  const limitedBare: number[] = [];
  const limitedBombs: number[] = [];
  for (let n = 0; n < 5; n++) {
    limitedBare.push((await sell(session, attackers[0] as string, [])).ms);
    limitedBombs.push((await sell(session, attackers[0] as string, bombs)).ms);
  }

  peak = Math.max(atStart, rssMb(pid));
  const statuses = new Map<number, number>();
  const attackMs: number[] = [];
  const until = performance.now() + seconds * 1000;
  const attack = Promise.all(
    attackers.map(async (ip) => {
      while (performance.now() < until) {
        const { status, ms } = await sell(session, ip, bombs);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        attackMs.push(ms);
      }
    }),
  );
  const underAttack = await visitor(seconds);
  await attack;
  const attackPeak = peak;
  await sleep(10_000);
  const afterAttack = rssMb(pid);
  const memoryAfterAttack = await heapAndExternal();

  // Accepted uploads: every appraisal from an address of its own, so none is limited.
  const bursts: Array<{
    peak: number;
    after: number;
    memory: string;
    statuses: Map<number, number>;
    seconds: number;
  }> = [];
  for (let round = 0; round < 2; round++) {
    peak = rssMb(pid);
    const started = performance.now();
    const burstStatuses = new Map<number, number>();
    await Promise.all(
      Array.from({ length: BURST_CLIENTS }, async (_, client) => {
        for (let n = 0; n < BURST_UPLOADS_PER_CLIENT; n++) {
          const ip = `10.${round + 1}.${client}.${n}`;
          const { status } = await sell(session, ip, photos);
          burstStatuses.set(status, (burstStatuses.get(status) ?? 0) + 1);
        }
      }),
    );
    const burstSeconds = (performance.now() - started) / 1000;
    const burstPeak = peak;
    await sleep(15_000);
    bursts.push({
      peak: burstPeak,
      after: rssMb(pid),
      memory: await heapAndExternal(),
      statuses: burstStatuses,
      seconds: burstSeconds,
    });
  }
  clearInterval(sampler);

  const statusList = (map: Map<number, number>) =>
    [...map.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${n}× ${status}`)
      .join(', ');
  const kb = (bomb.length / 1024).toFixed(0);
  console.info(`\nDecode bench on ${usePostgres ? 'PostgreSQL' : 'PGlite'}`);
  console.info(
    `MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? '(unset)'}; a visitor at ${VISITOR_RATE} req/s over ${VISITOR_PAGES.join(' ')}\n`,
  );
  console.info('A client over the rate limit, median of 5:');
  console.info(`  429 without photos                     ${median(limitedBare).toFixed(1)} ms`);
  console.info(
    `  429 with ${BOMBS_PER_REQUEST} PNGs of 40 MP (${kb} kB each)     ${median(limitedBombs).toFixed(1)} ms`,
  );
  console.info(
    `\n${ATTACKERS} such clients for ${seconds} s, each sending the ${BOMBS_PER_REQUEST} PNGs again on each answer:`,
  );
  console.info(`  answers                                ${statusList(statuses)}`);
  console.info(
    `  attacker's wait p50 / p95 / max        ${median(attackMs).toFixed(0)} / ${quantile(attackMs, 0.95).toFixed(0)} / ${Math.max(...attackMs).toFixed(0)} ms`,
  );
  console.info(
    `  visitor p95 (p50), quiet               ${quiet.p95} ms (${quiet.p50} ms), ${quiet.errors} errors`,
  );
  console.info(
    `  visitor p95 (p50), during the attack   ${underAttack.p95} ms (${underAttack.p50} ms), ${underAttack.errors} errors`,
  );
  console.info(
    `  RSS: start ${atStart.toFixed(0)} MB, peak ${attackPeak.toFixed(0)} MB, 10 s after ${afterAttack.toFixed(0)} MB`,
  );
  console.info(`  at start: ${memoryAtStart}; 10 s after: ${memoryAfterAttack}`);
  console.info(
    `\nAccepted uploads: ${BURST_CLIENTS} clients × ${BURST_UPLOADS_PER_CLIENT} appraisals × 4 photos of 12 MP (${(
      (photos[0]?.length ?? 0) / 1024
    ).toFixed(0)} kB each):`,
  );
  for (const [i, burst] of bursts.entries()) {
    console.info(
      `  burst ${i + 1}: ${statusList(burst.statuses)} in ${burst.seconds.toFixed(1)} s; RSS peak ${burst.peak.toFixed(0)} MB, 15 s after ${burst.after.toFixed(0)} MB (${burst.memory})`,
    );
  }
} finally {
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    await exited;
  }
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
