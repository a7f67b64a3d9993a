import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { buildApp } from '../../server/app.ts';
import { type AppConfig, loadConfig } from '../../server/config/env.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/** The API-only application on a fresh database, for `app.inject` tests. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'data/test',
    SESSION_SECRET: 'x'.repeat(40),
    PUBLIC_URL: 'https://autos.example.cl',
    ...env,
  });
  const app = await buildApp({ config, database, pages: false });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
