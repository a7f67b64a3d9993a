import { Writable } from 'node:stream';
import { buildApp } from '@server/app.ts';
import { loadConfig } from '@server/config/env.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { openTestDatabase } from '../support/test-database.ts';

const TOKEN = 'metricas-secretas-0123456789abcdef';

describe('/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('is hidden from callers without the token (404, as if it did not exist)', async () => {
    for (const auth of [undefined, 'Bearer otra-cosa', `Bearer ${TOKEN}x`, TOKEN]) {
      const response = await scrape(auth);
      expect(response.statusCode, String(auth)).toBe(404);
      expect(response.body).not.toContain('http_requests_total');
    }
  });

  it('counts requests by route pattern, lead outcomes by kind and the outbox backlog', async () => {
    await t.app.inject({ method: 'GET', url: '/api/vehiculos/123456/' });
    const path = '/api/contacto-contacto/';
    const headers = await csrfHeaders(t.app);
    expect(
      (await t.app.inject({ method: 'POST', url: path, payload: VALID_PAYLOADS[path], headers })).statusCode,
    ).toBe(201);
    const { email: _email, ...incomplete } = VALID_PAYLOADS[path];
    expect((await t.app.inject({ method: 'POST', url: path, payload: incomplete, headers })).statusCode).toBe(
      400,
    );

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = response.body;
    // The pattern, not the id: label values stay few however many vehicles are asked for.
    expect(text).toContain('http_requests_total{method="GET",route="/api/vehiculos/:id/",status="404"} 1');
    expect(text).toMatch(/http_request_duration_seconds_count\{route="\/api\/vehiculos\/:id\/"\} 1\n/);
    expect(text).toContain('leads_total{kind="contacto",outcome="aceptada"} 1');
    expect(text).toContain('leads_total{kind="contacto",outcome="rechazada"} 1');
    expect(text).toContain('email_outbox_messages{status="pending"} 1');
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
  });

  it("exposes prom-client's default Node metrics: event-loop lag, heap and garbage collection", async () => {
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d+$/m);
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    expect(text).toMatch(/^nodejs_heap_used_bytes \d+$/m);
    expect(text).toMatch(/^process_uptime_seconds \d+$/m);
  });

  it('keeps the counts of each app apart (one registry per app)', async () => {
    const other = await createTestApp({ METRICS_TOKEN: TOKEN });
    try {
      await other.app.inject({ method: 'GET', url: '/api/marcas/' });
      const text = (
        await other.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${TOKEN}` },
        })
      ).body;
      expect(text).toContain('http_requests_total{method="GET",route="/api/marcas/",status="200"} 1');
      expect(text).not.toContain('route="/api/vehiculos/:id/"');
    } finally {
      await other.close();
    }
  });
});

describe('request logs', () => {
  it('write one JSON line per request with its id, and no query string, address or body', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'data/test', SESSION_SECRET: 'x'.repeat(40) });
    const app = await buildApp({ config, database, pages: false, logger: { stream } });
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/vehiculos-resumen/?q=camila.rojas%40example.cl',
        remoteAddress: '203.0.113.77',
      });
      const requestLines = lines.filter((line) => line.msg === 'request');
      expect(requestLines).toHaveLength(1);
      expect(requestLines[0]).toMatchObject({
        reqId: response.headers['x-request-id'],
        method: 'GET',
        route: '/api/vehiculos-resumen/',
        path: '/api/vehiculos-resumen/',
        status: 200,
      });
      const everything = JSON.stringify(lines);
      expect(everything).not.toContain('camila');
      expect(everything).not.toContain('203.0.113.77');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
