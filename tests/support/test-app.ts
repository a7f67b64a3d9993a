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
