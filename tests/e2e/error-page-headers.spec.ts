import { expect, test } from '@playwright/test';

// foundation.spec.ts checks the policy of the home page; error pages are rendered by other routes (not-found, the
// vehicle page's 404, the back office's sign-in), so they are checked here: the same nonce-based
// Content-Security-Policy without 'unsafe-inline' scripts, and the same protective headers.
const ERROR_PAGES = [
  ['/esto-no-existe', 404],
  ['/vehicles/999999', 404],
  ['/vehicles/%3Cscript%3E', 404],
  ['/admin/ingresar', 200],
] as const;

test.describe('error and sign-in pages', () => {
  for (const [path, status] of ERROR_PAGES) {
    test(`${path} answers ${status} with a nonce-based policy and no inline script without it`, async ({
      request,
    }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(status);
      const headers = response.headers();
      const policy = headers['content-security-policy'] ?? '';
      const nonce = /script-src[^;]*'nonce-([A-Za-z0-9+/=]{20,})'/.exec(policy)?.[1];
      expect(nonce, policy).toBeDefined();
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(['strict-origin-when-cross-origin', 'same-origin']).toContain(headers['referrer-policy']);
      expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
      // A hostile path is shown, if at all, as text.
      expect(html).not.toContain('<script>alert');
    });
  }

  test('a signed-out visit to a back office page is redirected with the same protective headers', async ({
    request,
  }) => {
    const response = await request.get('/admin/no-existe', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const headers = response.headers();
    expect(headers.location).toMatch(/^\/admin\/ingresar/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
