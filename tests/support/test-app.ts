import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '@db/client.ts';
import { buildApp } from '@server/app.ts';
import { type AppConfig, loadConfig } from '@server/config/env.ts';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/** The configuration of an app under test: a fixed session secret and an https PUBLIC_URL, with `env` on top. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'data/test',
    SESSION_SECRET: 'x'.repeat(40),
    PUBLIC_URL: 'https://autos.example.cl',
    ...env,
  });
}

/**
 * The folder of `npm run build`'s output, for tests that serve the pages as production does. They render with the
 * built server bundle instead of starting a Vite dev server (5–10 s of CPU per file, ADR 0043); `npm test` builds
 * before it runs them, and a run without a build says so instead of failing on a missing file.
 */
export function builtSiteDir(): string {
  const buildDir = path.resolve('build');
  if (!existsSync(path.join(buildDir, 'server', 'index.js')))
    throw new Error('Run `npm run build` first: these tests serve the built site.');
  return buildDir;
}

/** The API-only application on `database`, ready for `app.inject` (another instance on the same data, say). */
export async function apiAppOn(
  database: Database,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(env), database, pages: false });
  await app.ready();
  return app;
}

/** The API-only application on a fresh database, for `app.inject` tests. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await apiAppOn(database, env);
  return {
    app,
    database,
    config: app.services.config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
