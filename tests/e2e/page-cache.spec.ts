import { expect, test } from '@playwright/test';

// Public pages are rendered once and kept (server/http/page-cache.ts); every answer still gets its own CSP nonce.
test.describe('cached public pages', () => {
  test('get a fresh nonce per answer, the same in the CSP header and in every script tag', async ({
    request,
  }) => {
    const nonces: string[] = [];
    for (const path of ['/', '/', '/vehicles?orden=precio-asc', '/vehicles?orden=precio-asc']) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const csp = response.headers()['content-security-policy'] ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const html = await response.text();
      const scriptNonces = [...html.matchAll(/<script[^>]*\snonce="([^"]*)"/g)].map((m) => m[1]);
      expect(scriptNonces.length).toBeGreaterThan(0);
      expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
      // No earlier nonce (nor the server's placeholder, which never leaves it) shows up in a later answer.
      for (const earlier of nonces) expect(html).not.toContain(earlier);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
