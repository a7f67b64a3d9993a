// The built server as `npm start` runs it, on a bench's PostgreSQL database, in a process group of its own.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { waitFor } from './wait-for.ts';

/**
 * Starts the server with `npm start`'s command line (its node options included: the heap limit is part of what a
 * bench measures), `nodeArgs` before them, no demo stock, and answers once it is healthy. Stop it with
 * `process.kill(-server.pid, signal)`.
 */
export async function startBuiltServer(options: {
  port: number;
  /** PostgreSQL; without it, PGlite in `dataDir`. */
  databaseUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<ChildProcess> {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const base = `http://127.0.0.1:${options.port}`;
  const server = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), ...scripts.start.split(' ').slice(1)],
    {
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        DATABASE_URL: options.databaseUrl,
        ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
        DEMO_STOCK: 'off',
        NODE_ENV: 'production',
        PUBLIC_URL: base,
        ...options.env,
      },
      stdio: 'ignore',
      detached: true,
    },
  );
  await waitFor(`${base}/healthz`, 120_000);
  return server;
}
