// A network between the app and PostgreSQL that silently loses every packet (no reset, no refusal: only silence).
// Requests must still get their 503 in bounded time, nothing half-done may be stored, the pool must not keep the
// connections that went deaf, and the catalogue listener must notice it missed news. PostgreSQL pass of
// `npm test` only: the connections run through a TCP proxy the test partitions (tests/support/pg-proxy.ts).

import { type Database, openDatabase } from '@db/client.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import { Catalogue } from '@server/services/catalogue/catalogue.ts';
import { PeerInvalidation } from '@server/services/catalogue/peer-invalidation.ts';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { eventually } from '../support/eventually.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { PgProxy } from '../support/pg-proxy.ts';
import { freePort } from '../support/smtp-sink.ts';
import { apiAppOn } from '../support/test-app.ts';
import { ThrowawayPostgres } from '../support/throwaway-postgres.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const CONTACT = '/api/contacto-contacto/';

let throwaway: ThrowawayPostgres;
let proxy: PgProxy;
/** Reaches PostgreSQL through the proxy, with short limits so the test is quick. */
let behindProxy: Database;
/** Reaches PostgreSQL directly: the other side of the partition. */
let direct: Database;
let app: FastifyInstance;

async function storedLeadEmails(): Promise<string[]> {
  const result = await direct.pool?.query<{ email: string }>('select email from leads order by id');
  return (result?.rows ?? []).map((row) => row.email);
}

/** Reconnecting goes through the listener's backoff (0.5 s, 1 s, 2 s...). */
const RECONNECTED_WITHIN_MS = 10_000;

describe.skipIf(!onPostgres)('a network partition between the app and PostgreSQL', () => {
  beforeAll(async () => {
    throwaway = await ThrowawayPostgres.create('t_partition');
    proxy = new PgProxy(await freePort(), throwaway.server);
    await proxy.open();
    behindProxy = await openDatabase({
      databaseUrl: throwaway.urlThroughPort(proxy.port),
      dataDir: 'unused',
      poolSize: 3,
      limits: { connectTimeoutMs: 500, silenceLimitMs: 500 },
    });
    direct = await openDatabase({ databaseUrl: throwaway.url, dataDir: 'unused', poolSize: 2 });
    app = await apiAppOn(behindProxy);
  });

  afterAll(async () => {
    proxy?.heal();
    await app?.close();
    await behindProxy?.close();
    await direct?.close();
    await proxy?.close();
    await throwaway?.drop();
  });

  it('refuses leads with a 503 while packets are lost, stores none of them, and takes leads again once healed', {
    timeout: 20_000,
  }, async () => {
    const headers = await csrfHeaders(app);
    const send = (email: string) =>
      app.inject({
        method: 'POST',
        url: CONTACT,
        payload: { ...VALID_PAYLOADS[CONTACT], email },
        headers,
      });
    // Before: accepted, and the pool now holds connections that will go deaf.
    expect(await send('antes@example.cl').then((r) => r.statusCode)).toBe(201);

    proxy.partition();
    try {
      // More leads than the pool has connections: stale pooled ones and new ones that never connect.
      for (const n of [1, 2, 3, 4, 5]) {
        const response = await send(`durante-${n}@example.cl`);
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toMatchObject({ error: expect.stringMatching(/no está disponible/) });
      }
    } finally {
      proxy.heal();
    }

    // No connection is left waiting for an answer that will never come: every lead after the heal is taken.
    for (const n of [1, 2, 3, 4]) expect((await send(`despues-${n}@example.cl`)).statusCode).toBe(201);
    expect(await storedLeadEmails()).toEqual([
      'antes@example.cl',
      'despues-1@example.cl',
      'despues-2@example.cl',
      'despues-3@example.cl',
      'despues-4@example.cl',
    ]);
  });

  it('the catalogue listener behind the partition notices it went deaf, and catches up once healed', {
    timeout: 20_000,
  }, async () => {
    const warnings: string[] = [];
    const log = { warn: (_object: unknown, message: string) => warnings.push(message) };
    const here = new Catalogue(behindProxy.db, defaultDealership);
    const there = new Catalogue(direct.db, defaultDealership);
    const listener = new PeerInvalidation(behindProxy.pool as pg.Pool, here, log, 200);
    const announcer = new PeerInvalidation(direct.pool as pg.Pool, there, log, 200);
    await Promise.all([listener.start(), announcer.start()]);
    try {
      // Connected: a change on the other instance reaches this one.
      let before = here.version;
      there.invalidate();
      await eventually(() => here.version > before, RECONNECTED_WITHIN_MS);
      // A healthy listener stays connected beat after beat (its heartbeat keeps the silence limit away).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(warnings).toEqual([]);

      proxy.partition();
      before = here.version;
      // The news is lost on the way.
      there.invalidate();
      await eventually(
        () => warnings.includes('catalogue change listener lost its connection'),
        RECONNECTED_WITHIN_MS,
      );
      expect(here.version).toBe(before);
      proxy.heal();

      // Reconnected, it drops its snapshot: whatever it missed is read again.
      await eventually(() => here.version > before, RECONNECTED_WITHIN_MS);
    } finally {
      proxy.heal();
      await Promise.all([listener.stop(), announcer.stop()]);
    }
  });
});
