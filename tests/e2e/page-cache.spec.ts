import { brotliCompressSync, constants } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { expectInlineScriptsAllowed } from './support/csp.ts';

// Public pages are rendered once and kept (server/http/page-cache.ts). Their inline scripts are allowed by hash, so
// every visitor gets the same bytes, and a page asked for again is compressed once at brotli's best quality (ADR 0013).
test.describe('cached public pages', () => {
  for (const path of ['/', '/vehicles?orden=price-asc']) {
    test(`${path} is the same for every visitor and allows exactly its inline scripts by hash`, async ({
      request,
    }) => {
      // Retried only while a fresh server's demo photos change the stock between two answers.
      await expect(async () => {
        const answers = [await request.get(path), await request.get(path), await request.get(path)];
        const bodies = await Promise.all(answers.map((answer) => answer.text()));
        for (const answer of answers) expect(answer.status()).toBe(200);
        expect(new Set(bodies).size).toBe(1);
        const policies = answers.map((answer) => answer.headers()['content-security-policy'] ?? '');
        expect(new Set(policies).size).toBe(1);
        expect(expectInlineScriptsAllowed(policies[0] ?? '', bodies[0] ?? '')).toBe('hashes');
      }).toPass({ timeout: 20_000 });
    });
  }

  test('a page asked for again goes out as its brotli copy made at the best quality', async ({ request }) => {
    // Every stock change makes the kept pages new; a fresh server's demo photos change it for its first minutes.
    test.setTimeout(240_000);
    await expect
      .poll(
        async () => {
          const list = (await (await request.get('/api/vehiculos-resumen/')).json()) as Array<{
            imagen: string | null;
          }>;
          return list.length > 0 && list.every((vehicle) => vehicle.imagen);
        },
        { timeout: 180_000, intervals: [1_000] },
      )
      .toBe(true);
    const path = '/vehicles?orden=year-desc';
    // The copy is made in the background once the page is asked for again, and compressions take turns within
    // their share of a core; until then each answer is compressed at quality 5, as it goes out.
    await expect
      .poll(
        async () => {
          const answer = await request.get(path, { headers: { 'accept-encoding': 'br' } });
          expect(answer.status()).toBe(200);
          expect(answer.headers()['content-encoding']).toBe('br');
          expect(answer.headers().vary).toMatch(/accept-encoding/i);
          const perAnswer = brotliCompressSync(await answer.text(), {
            params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
          });
          // Compressed as it goes out, the answer is streamed without a length.
          const sent = Number(answer.headers()['content-length'] ?? Number.POSITIVE_INFINITY);
          return sent / perAnswer.byteLength;
        },
        { timeout: 45_000 },
      )
      .toBeLessThan(0.97);
  });
});
