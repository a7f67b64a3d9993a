// A database connection that breaks in the middle of a transaction (found by the fault suite, bench/faults):
// the process must survive it and the client must get a 503, never a 500. PostgreSQL pass of `npm test` only:
// the connection runs through a TCP proxy the test cuts.

import { type Database, openDatabase } from '@db/client.ts';
import { buildApp } from '@server/app.ts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgProxy } from '../support/pg-proxy.ts';
import { freePort } from '../support/smtp-sink.ts';
import { testConfig } from '../support/test-app.ts';
import { ThrowawayPostgres } from '../support/throwaway-postgres.ts';

const onPostgres = process.env.TEST_DB === 'postgres';

let throwaway: ThrowawayPostgres;
let proxy: PgProxy;
let database: Database;
let app: FastifyInstance;
let breakIn: 'between' | 'during' = 'between';

describe.skipIf(!onPostgres)('a database connection lost inside a transaction', () => {
  beforeAll(async () => {
    throwaway = await ThrowawayPostgres.create('t_lost');
    proxy = new PgProxy(await freePort(), throwaway.server);
    await proxy.open();
    database = await openDatabase({
      databaseUrl: throwaway.urlThroughPort(proxy.port),
      dataDir: 'unused',
      poolSize: 2,
    });
    app = await buildApp({ config: testConfig(), database, pages: false });
    // The lead transaction does the same, with its statements and computations in between.
    app.get('/api/prueba-transaccion/', async () => {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        if (breakIn === 'between') {
          await proxy.cut();
          await new Promise((resolve) => setTimeout(resolve, 100));
          await tx.execute(sql`select 2`);
        } else {
          const slow = tx.execute(sql`select pg_sleep(2)`);
          setTimeout(() => void proxy.cut(), 200);
          await slow;
        }
      });
      return { ok: true };
    });
  });

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await database?.close();
    await throwaway?.drop();
  });

  for (const moment of ['between', 'during'] as const) {
    it(`answers 503 with Retry-After when it breaks ${moment} statements, and works again after`, async () => {
      breakIn = moment;
      const response = await app.inject({ method: 'GET', url: '/api/prueba-transaccion/' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ error: expect.stringMatching(/no está disponible/) });

      await proxy.restore();
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
    });
  }
});
