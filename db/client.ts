import { mkdirSync } from 'node:fs';
import type { Socket } from 'node:net';
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
  /**
   * PGlite `memory://` only: a dump (`dumpDataDir`) of a migrated database to start from instead of an empty one.
   * Tests open a fresh database per file or per test; starting from a dump skips initdb and the migrations.
   */
  pgliteTemplate?: Blob | undefined;
  poolSize?: number;
  /** PostgreSQL only: overrides of DATABASE_LIMITS (tests use short ones). */
  limits?: Partial<DatabaseLimits>;
}

export interface DatabaseLimits {
  /** How long to wait for a free pooled connection, or for a new one to be ready. */
  connectTimeoutMs: number;
  /**
   * How long a connection in use may stay silent (nothing received or sent) before it is cut. A query stuck behind
   * a network that drops packets then fails in bounded time (the request gets a 503) and the pool replaces the
   * connection, instead of the request hanging until TCP gives up, minutes later. No statement of the app runs
   * anywhere near this long; the migrations run on a connection of their own, without this limit.
   */
  silenceLimitMs: number;
}

/** Both limits together keep an answer during a database outage under 5 s (issue 6). */
export const DATABASE_LIMITS: DatabaseLimits = { connectTimeoutMs: 3_000, silenceLimitMs: 3_000 };

/** The socket under a pooled connection (every pooled client is a pg.Client; the pool's types only say less). */
function socketOf(client: pg.ClientBase): Socket {
  return (client as pg.Client).connection.stream as Socket;
}

/**
 * Lets a connection held for a long time (LISTEN) stay silent longer than a query may; its holder must send
 * something more often than that (a heartbeat), or it is cut like any other.
 */
export function allowSilence(client: pg.PoolClient, ms: number): void {
  socketOf(client).setTimeout(ms);
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, {
      ...DATABASE_LIMITS,
      ...options.limits,
    });
  return openPglite(options.dataDir, options.pgliteTemplate);
}

/** A PGlite database in `dataDir` (or in memory, from `template`), with every migration applied. */
async function migratedPglite(dataDir: string, template: Blob | undefined): Promise<PGlite> {
  let client: PGlite;
  if (dataDir.startsWith('memory://')) {
    client = new PGlite(dataDir, template ? { loadDataDir: template } : {});
  } else {
    const dir = path.resolve(dataDir, 'pglite');
    mkdirSync(path.dirname(dir), { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  return client;
}

/** The dump of an empty, migrated in-memory database: the test suite starts each of its databases from it. */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = await migratedPglite('memory://', undefined);
  try {
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function openPglite(dataDir: string, template: Blob | undefined): Promise<Database> {
  const client = await migratedPglite(dataDir, template);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, max: number, limits: DatabaseLimits): Promise<Database> {
  await migrateOnce(url, limits.connectTimeoutMs);
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: limits.connectTimeoutMs });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    // Nor may a checked-out one (a transaction between two statements): pg emits 'error' on the client, which
    // has no listener while checked out. The statement in flight fails (503), and the pool drops the client.
    client.on('error', () => {});
    // Cutting the socket fails the statement in flight ("Connection terminated unexpectedly") and every one
    // queued behind it, and the pool drops the client when it comes back.
    const socket = socketOf(client);
    socket.on('timeout', () => socket.destroy());
  });
  // The silence limit holds while a client is in use; an idle pooled connection may stay quiet.
  pool.on('acquire', (client) => socketOf(client).setTimeout(limits.silenceLimitMs));
  pool.on('release', (_error, client) => socketOf(client).setTimeout(0));
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

/** Instances that start together queue on an advisory lock, so the migrations run exactly once. */
async function migrateOnce(url: string, connectTimeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
