import { ApiErrorSchema } from '@contracts/vehicle.ts';
import { leads } from '@db/schema.ts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const payload = VALID_PAYLOADS['/api/contacto-contacto/'];

async function leadCount(): Promise<number> {
  return (await t.database.db.select({ n: count() }).from(leads))[0]?.n ?? 0;
}

describe('GET /api/get-csrf-token/', () => {
  it('returns a masked token and sets the csrftoken cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/get-csrf-token/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { csrfToken } = response.json() as { csrfToken: string };
    expect(csrfToken).toMatch(/^[a-zA-Z0-9]{64}$/);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(
      /^csrftoken=[a-zA-Z0-9]{32}; Path=\/; SameSite=Lax; Max-Age=\d+; HttpOnly; Secure$/,
    );
  });

  it('keeps the secret of an existing cookie but masks it differently each time', async () => {
    const first = await csrfHeaders(t.app);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/get-csrf-token/',
      headers: { cookie: first.cookie },
    });
    expect(String(again.headers['set-cookie']).split(';')[0]).toBe(first.cookie);
    expect(again.json().csrfToken).not.toBe(first['x-csrftoken']);
  });
});

describe('the CSRF check on every POST', () => {
  it('accepts the token from the cookie it came with, masked or not', async () => {
    const headers = await csrfHeaders(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/contacto-contacto/', payload, headers });
    expect(response.statusCode).toBe(201);
    const unmasked = headers.cookie.split('=')[1] ?? '';
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/contacto-contacto/',
      payload,
      headers: { ...headers, 'x-csrftoken': unmasked },
    });
    expect(plain.statusCode).toBe(201);
  });

  it('accepts Sec-Fetch-Site: same-origin in place of Origin', async () => {
    const { origin: _origin, ...headers } = await csrfHeaders(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contacto-contacto/',
      payload,
      headers: { ...headers, 'sec-fetch-site': 'same-origin' },
    });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['no cookie', (h: Record<string, string>) => ({ ...h, cookie: '' })],
    ['no header', (h: Record<string, string>) => ({ ...h, 'x-csrftoken': '' })],
    ['a wrong token', (h: Record<string, string>) => ({ ...h, 'x-csrftoken': 'a'.repeat(64) })],
    [
      'a token of another cookie',
      (h: Record<string, string>) => ({ ...h, cookie: `csrftoken=${'b'.repeat(32)}` }),
    ],
    ['a foreign Origin', (h: Record<string, string>) => ({ ...h, origin: 'https://evil.example' })],
    ['no Origin nor Sec-Fetch-Site', ({ origin: _o, ...h }: Record<string, string>) => h],
    [
      'a cross-site Sec-Fetch-Site',
      ({ origin: _o, ...h }: Record<string, string>) => ({ ...h, 'sec-fetch-site': 'cross-site' }),
    ],
  ])('refuses %s with 403, a Spanish message, and stores nothing', async (_case, spoil) => {
    const headers = spoil({ ...(await csrfHeaders(t.app)) });
    const before = await leadCount();
    const response = await t.app.inject({ method: 'POST', url: '/api/contacto-contacto/', payload, headers });
    expect(response.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(response.json()).error).toMatch(/^Solicitud rechazada/);
    expect(await leadCount()).toBe(before);
  });
});

describe('the lead rate limit', () => {
  it('answers 429 with Retry-After after LEAD_RATE_LIMIT submissions in 10 minutes', async () => {
    const limited = await createTestApp({ LEAD_RATE_LIMIT: '2' });
    try {
      const headers = await csrfHeaders(limited.app);
      const send = () =>
        limited.app.inject({ method: 'POST', url: '/api/contacto-contacto/', payload, headers });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(600);
      expect(ApiErrorSchema.parse(third.json()).error).toMatch(/demasiadas solicitudes/);
    } finally {
      await limited.close();
    }
  });
});
