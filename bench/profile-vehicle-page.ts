// Where the time of an uncached vehicle page goes, at the load bench's 10,000 vehicles: the built server runs with
// --cpu-prof while autocannon asks for random vehicle pages; the functions with the most self time are printed.
//   npm run build && npm run bench:profile
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ThrowawayPostgres } from '../tests/support/throwaway-postgres.ts';
import { startBuiltServer } from './support/built-server.ts';
import { seedGrownDealership } from './support/seed-grown.ts';

const VEHICLES = 10_000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const port = 3394;
const base = `http://127.0.0.1:${port}`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function (name, file and line), in ms, heaviest first. */
function selfTimes(profile: Profile): Array<[string, number]> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url.replace(/^.*\/(node_modules\/)?/, '');
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const database = await ThrowawayPostgres.create('bench_profile', adminUrl);
const profileDir = await mkdtemp(path.join(tmpdir(), 'vehicle-page-profile-'));
let server: ChildProcess | undefined;
try {
  await seedGrownDealership(database.url, { vehicles: VEHICLES, leads: 0 });
  server = await startBuiltServer({
    port,
    databaseUrl: database.url,
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  });
  const first = Number(
    ((await (await fetch(`${base}/api/vehiculos-resumen/`)).json()) as Array<{ id: number }>)[0]?.id ?? 1,
  );
  const result = await autocannon({
    url: `${base}/vehicles/${first}`,
    connections: 10,
    duration: Number(process.env.BENCH_SECONDS ?? 10),
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: `/vehicles/${first + Math.floor(Math.random() * VEHICLES)}`,
        }),
      },
    ],
  });
  console.info(
    `random vehicle pages: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`,
  );
} finally {
  if (server?.pid) process.kill(-server.pid, 'SIGINT');
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  await database.drop();
}
const [file] = (await readdir(profileDir)).filter((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error('the server wrote no profile');
const profile = JSON.parse(await readFile(path.join(profileDir, file), 'utf8')) as Profile;
const times = selfTimes(profile);
const total = times.reduce((sum, [, ms]) => sum + ms, 0);
console.info(`\nself time, top 30 of ${total.toFixed(0)} ms sampled:`);
for (const [name, ms] of times.slice(0, 30))
  console.info(`${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${name}`);
