// How fast a fresh clone's first `npm start` serves: time to /healthz, to the home page with its featured
// vehicles, and until every demo photo is rendered (background). Needs a build (`npm run build`).
//   npx tsx bench/first-start.ts
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const port = 3396;
const base = `http://127.0.0.1:${port}`;
const started = performance.now();
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'automotora-first-')),
  },
  stdio: 'ignore',
  detached: true,
});

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  while (performance.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 200));
  }
  return Number.NaN;
}

try {
  const health = await until(async () => (await fetch(`${base}/healthz`)).ok, 120_000);
  const home = await until(async () => {
    const html = await (await fetch(`${base}/`)).text();
    return html.includes('href="/vehicles/');
  }, 120_000);
  const photos = await until(async () => {
    const list = (await (await fetch(`${base}/api/vehiculos-resumen/`)).json()) as Array<{
      imagen: string | null;
    }>;
    return list.every((v) => v.imagen);
  }, 900_000);
  console.info(`first start on an empty data directory (${process.env.BUILD_DIR ?? 'build'} already built):`);
  console.info(`  /healthz answers after          ${health.toFixed(1)} s`);
  console.info(`  home page with featured cars    ${home.toFixed(1)} s   (budget: 60 s)`);
  console.info(`  every demo photo rendered after ${photos.toFixed(1)} s   (background)`);
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}
