import { expect, test } from '@playwright/test';
import { expectInlineScriptsAllowed } from './support/csp.ts';

// foundation.spec.ts checks the policy of the home page; error pages are rendered by other routes (not-found, the
// vehicle page's 404, the back office's sign-in), so they are checked here: a Content-Security-Policy that allows
// their inline scripts and no others (by hash on public pages, by nonce in the back office), and the same
// protective headers.
const ERROR_PAGES = [
  ['/esto-no-existe', 404, 'hashes'],
  ['/vehicles/999999', 404, 'hashes'],
  ['/vehicles/%3Cscript%3E', 404, 'hashes'],
  ['/admin/ingresar', 200, 'nonce'],
] as const;

test.describe('error and sign-in pages', () => {
  for (const [path, status, allowedBy] of ERROR_PAGES) {
    test(`${path} answers ${status} with a policy that allows its inline scripts by ${allowedBy}`, async ({
      request,
    }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(status);
      const headers = response.headers();
      const policy = headers['content-security-policy'] ?? '';
      expect(policy).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(['strict-origin-when-cross-origin', 'same-origin']).toContain(headers['referrer-policy']);
      expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const html = await response.text();
      expect(expectInlineScriptsAllowed(policy, html)).toBe(allowedBy);
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
