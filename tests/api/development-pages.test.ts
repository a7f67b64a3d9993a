// `npm run dev` (README): the same server with Vite inside it. Its pages carry no nonce, so they need a policy of
// their own: under the strict default of non-pages (default-src 'none') the browser would load neither the styles
// nor the scripts, and nothing would hydrate.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../support/test-app.ts';
import { openTestDatabase } from '../support/test-database.ts';

let app: FastifyInstance;
let database: Database;

describe('pages under npm run dev', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({
      config: testConfig({ NODE_ENV: 'development' }),
      database,
      pages: 'development',
    });
  });
  // The app first: on PostgreSQL it holds a pooled connection (LISTEN) that the pool waits for when it ends.
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('are served with a policy that lets Vite run its scripts and reload over a websocket', async () => {
    const response = await app.inject({ method: 'GET', url: '/contact' });
    expect(response.statusCode).toBe(200);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' 'unsafe-inline'");
    expect(policy).toContain("connect-src 'self' ws: wss:");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("default-src 'none'");
    // Vite serves the modules themselves, by path.
    expect(response.body).toContain('/app/root.tsx');
  });

  it('leave the strict policy to everything else', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/vehiculos-resumen/' });
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
  });
});
