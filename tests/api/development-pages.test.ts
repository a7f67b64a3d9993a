// `npm run dev` (README): the same server with Vite inside it, whose public pages are islands as in production
// (ADR 0015). Its pages carry no nonce, so they need a policy of their own: under the strict default of non-pages
// (default-src 'none') the browser would load neither the styles nor the scripts, and nothing would hydrate.

import type { Database } from '@db/client.ts';
import { buildApp } from '@server/app.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../support/test-app.ts';
import { openTestDatabase } from '../support/test-database.ts';

let app: FastifyInstance;
let database: Database;

// Once, on the embedded database `npm run dev` uses: what it proves (the policy, the islands' dev modules, hot
// reload) is the same on PostgreSQL, where a second Vite server cost 11 s of the run's CPU (issue 32).
describe.skipIf(process.env.TEST_DB === 'postgres')('pages under npm run dev', () => {
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
  });

  it("are public pages of islands, as in production, whose modules the islands' Vite serves from their sources", async () => {
    const response = await app.inject({ method: 'GET', url: '/contact' });
    const islands = [...response.body.matchAll(/data-island="([^"]+)" data-name="([^"]+)"/g)];
    expect(islands.map(([, , name]) => name)).toEqual(['site-header', 'contact-form', 'map-embed']);
    for (const [, src, name] of islands) expect(src).toBe(`/islands-dev/app/islands/${name}.ts`);
    // The islands' Vite client (hot reload), then the runtime; React Router does not run on the page.
    expect(response.body).toContain(
      'import "/islands-dev/@vite/client";import("/islands-dev/app/islands/runtime.ts");',
    );
    expect(response.body).not.toContain('__reactRouterContext');
    for (const src of [
      '/islands-dev/@vite/client',
      '/islands-dev/app/islands/runtime.ts',
      ...islands.map(([, src]) => src),
    ]) {
      const module = await app.inject({ method: 'GET', url: src ?? '' });
      expect(module.statusCode, src).toBe(200);
      expect(module.headers['content-type'], src).toMatch(/javascript/);
    }
    // `react` in the islands is Preact through preact/compat (ADR 0035), with its refresh.
    const runtime = await app.inject({ method: 'GET', url: '/islands-dev/app/islands/runtime.ts' });
    const react = runtime.body.match(/from "(\/islands-dev\/[^"]*\/react\.js[^"]*)"/)?.[1];
    expect(react).toBeDefined();
    const compat = await app.inject({ method: 'GET', url: react ?? '' });
    expect(compat.body).toMatch(/from "[^"]*\/deps\/preact[^"/]*\.js/);
    expect(compat.body).not.toContain('react.transitional.element');
    const header = await app.inject({ method: 'GET', url: '/islands-dev/app/components/site-header.tsx' });
    expect(header.body).toContain('__PREFRESH__');
  });

  it("render an island's markup with the library that hydrates it", async () => {
    const response = await app.inject({ method: 'GET', url: '/contact' });
    // React separates neighbouring texts with <!-- -->; Preact writes none inside an island.
    const header = response.body.match(/data-name="site-header"[^>]*>([\s\S]*?)<\/header>/)?.[1] ?? '';
    expect(header).toContain('<nav');
    expect(header).not.toContain('<!-- -->');
  });

  it('hydrate the back office whole with React Router, whose modules Vite serves by path', async () => {
    const response = await app.inject({ method: 'GET', url: '/admin/ingresar' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('/app/root.tsx');
    expect(response.body).not.toContain('data-island=');
  });

  it('leave the strict policy to everything else', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/vehiculos-resumen/' });
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
  });
});
