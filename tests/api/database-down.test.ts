import type { Db } from '@db/client.ts';
import * as schema from '@db/schema.ts';
import { buildApp } from '@server/app.ts';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { testConfig } from '../support/test-app.ts';

// A PostgreSQL that does not answer: nothing listens on port 9 of loopback.
const pool = new pg.Pool({
  connectionString: 'postgres://nadie@127.0.0.1:9/ninguna',
  connectionTimeoutMillis: 1000,
});
pool.on('error', () => {});
const db = drizzle(pool, { schema }) as unknown as Db;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const config = testConfig();
  const database = {
    db,
    kind: 'postgres' as const,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
  app = await buildApp({ config, database, pages: false });
});
afterAll(() => app.close());

describe('when the database cannot be reached', () => {
  it('the catalogue answers 503 with Retry-After, a Spanish message and the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/vehiculos-resumen/' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    const body = response.json() as { error: string; requestId: string };
    expect(body.error).toMatch(/no está disponible/);
    expect(body.requestId).toBe(response.headers['x-request-id']);
  });

  it('a lead is refused with 503, never a false 201', async () => {
    const headers = await csrfHeaders(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/contacto-contacto/',
      payload: VALID_PAYLOADS['/api/contacto-contacto/'],
      headers,
    });
    expect(response.statusCode).toBe(503);
    expect(JSON.stringify(response.json())).not.toMatch(/ECONNREFUSED|select|insert|at .*\.ts/);
  });

  it('/healthz reports it with 503', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'error', database: 'unreachable' });
  });
});
