import { readFile } from 'node:fs/promises';
import { type Database, openDatabase } from '@db/client.ts';
import { inject } from 'vitest';
import { ThrowawayPostgres } from './throwaway-postgres.ts';

let template: Promise<Blob> | undefined;

/** The migrated database that `pglite-template.global.ts` dumped, read once per worker (files share modules, ADR 0014). */
function pgliteTemplate(): Promise<Blob> {
  const file = inject('pgliteTemplate');
  if (!file) throw new Error('pglite-template.global.ts did not run (vitest.config.ts globalSetup)');
  template ??= readFile(file).then((bytes) => new Blob([bytes]));
  return template;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite (started from the migrated dump) by default, or
 * a throwaway database on the PostgreSQL server named by TEST_DATABASE_URL when TEST_DB=postgres.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres')
    return openDatabase({ dataDir: 'memory://', pgliteTemplate: await pgliteTemplate() });
  const throwaway = await ThrowawayPostgres.create('t');
  const database = await openDatabase({ databaseUrl: throwaway.url, dataDir: 'unused', poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await throwaway.drop();
    },
  };
}
