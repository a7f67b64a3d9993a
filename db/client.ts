import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** Both drivers share this base type, so services are written once for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The PostgreSQL pool, for LISTEN/NOTIFY; absent on PGlite. */
  pool?: pg.Pool;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any constant works; it only has to be the same for every instance of the app. */
const MIGRATION_LOCK_KEY = 727_190_001;

export interface OpenOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for a throwaway database. */
  dataDir: string;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  let client: PGlite;
  if (dataDir.startsWith('memory://')) {
    client = new PGlite(dataDir);
  } else {
    const dir = path.resolve(dataDir, 'pglite');
    mkdirSync(path.dirname(dir), { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // Nor may a checked-out one (a transaction between two statements): pg emits 'error' on the client, which
  // has no listener while checked out. The statement in flight fails (503), and the pool drops the client.
  pool.on('connect', (client) => client.on('error', () => {}));
  const client = await pool.connect();
  try {
    // Instances that start together queue here, so the migrations run exactly once.
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
