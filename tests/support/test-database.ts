import { type Database, openDatabase } from '../../db/client.ts';
import { ThrowawayPostgres } from './throwaway-postgres.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway database on
 * the PostgreSQL server named by TEST_DATABASE_URL when TEST_DB=postgres.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return openDatabase({ dataDir: 'memory://' });
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
