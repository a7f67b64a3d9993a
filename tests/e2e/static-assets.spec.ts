import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const clientDir = path.resolve(process.env.BUILD_DIR ?? 'build', 'client');

// The build writes brotli and gzip copies of the site's scripts and styles (scripts/server-build.mjs); the server
// sends them as they are, with a year of caching for the hashed names.
test.describe('the site’s own files', () => {
  test('go out as the copy compressed at build time that the browser accepts, or as they are', async ({
    request,
  }) => {
    const home = await (await request.get('/')).text();
    const script = /<link rel="x-deferred-modulepreload" href="(\/assets\/island-preact-[\w-]+\.js)"/.exec(
      home,
    )?.[1];
    const stylesheet = /<link rel="stylesheet" href="(\/assets\/app-[\w-]+\.css)"/.exec(home)?.[1];
    for (const file of [script, stylesheet]) {
      expect(file).toBeDefined();
      const original = readFileSync(path.join(clientDir, file ?? ''));
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const copy = readFileSync(path.join(clientDir, `${file}.${encoding === 'br' ? 'br' : 'gz'}`));
        expect(decode(copy).equals(original)).toBe(true);
        const response = await fetch(new URL(file ?? '', test.info().project.use.baseURL), {
          headers: { 'accept-encoding': encoding },
        });
        expect(response.headers.get('content-encoding')).toBe(encoding);
        expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(Number(response.headers.get('content-length'))).toBe(copy.byteLength);
      }
      const plain = await fetch(new URL(file ?? '', test.info().project.use.baseURL), {
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(Buffer.from(await plain.arrayBuffer()).equals(original)).toBe(true);
    }
  });

  test('with a hashed name are kept by browsers for a year; the favicon for an hour', async ({ request }) => {
    const home = await (await request.get('/')).text();
    // The font's address is in the script that fetches it once the page is painted (ADR 0022).
    const font = /fetch\("(\/assets\/[\w-]+\.woff2)"\)/.exec(home)?.[1];
    expect(font).toBeDefined();
    const fontResponse = await request.get(font ?? '');
    expect(fontResponse.status()).toBe(200);
    expect(fontResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await request.get('/favicon.svg');
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['cache-control']).toBe('public, max-age=3600');
  });

  test('the tab icon is written into the page, so a first visit makes no request for it', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto('/terminos');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,<svg /);
    await page.waitForLoadState('load');
    expect(asked.filter((path) => path.startsWith('/favicon'))).toEqual([]);
  });
});
