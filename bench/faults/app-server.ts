import path from 'node:path';
import { Group, sleep, track } from './processes.ts';

export interface AppServerOptions {
  port: number;
  databaseUrl: string;
  smtpPort: number;
  buildDir: string;
  /** The compiled server (scripts/server-build.mjs). */
  entry: string;
  workDir: string;
}

/**
 * The real server process: the compiled server `npm start` runs, minus its build check (the suite builds once before
 * it starts; on a machine where others edit app/, a check per restart could turn 2 s into a minute), and killed
 * without mercy.
 */
export class AppServer {
  readonly base: string;
  #group: Group | null = null;
  starts = 0;

  constructor(private readonly options: AppServerOptions) {
    this.base = `http://127.0.0.1:${options.port}`;
  }

  async start(timeoutMs = 120_000): Promise<void> {
    const { port, databaseUrl, smtpPort, buildDir, entry, workDir } = this.options;
    this.starts += 1;
    const group = track(
      Group.start(
        [entry],
        {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: this.base,
          DATA_DIR: path.join(workDir, 'data'),
          DATABASE_URL: databaseUrl,
          SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
          SESSION_SECRET: 'fault-suite-session-secret-0123456789abcdef',
          LEAD_RATE_LIMIT: '10000',
          DEMO_STOCK: 'off',
          BUILD_DIR: buildDir,
        },
        path.join(workDir, 'server.log'),
      ),
    );
    this.#group = group;
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (!group.running) throw new Error(`the server exited while starting (see ${workDir}/server.log)`);
      const healthy = await fetch(`${this.base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) return;
      await sleep(100);
    }
    throw new Error(`the server was not healthy after ${timeoutMs} ms (see ${workDir}/server.log)`);
  }

  /** kill -9 of the whole process group: no shutdown hook runs, in-flight requests and transactions die. */
  async kill(): Promise<void> {
    await this.#group?.kill('SIGKILL');
    this.#group = null;
  }

  async stop(): Promise<void> {
    await this.#group?.kill('SIGTERM');
    this.#group = null;
  }
}
