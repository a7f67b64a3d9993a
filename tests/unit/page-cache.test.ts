import { brotliDecompressSync } from 'node:zlib';
import { type CachedPage, PageCache } from '@server/http/page-cache.ts';
import { describe, expect, it, vi } from 'vitest';

function page(body: string, version = 1): CachedPage {
  return { status: 200, headers: [], body: Buffer.from(body), version, storedAt: Date.now() };
}

describe('PageCache', () => {
  it('compresses a page once with brotli in the background, and keeps the copy with the page', async () => {
    const cache = new PageCache(() => 1);
    const html = `<main>${'<p>Año 2024, señal 🚗, $12.990.000</p>'.repeat(500)}</main>`;
    cache.set('/', page(html));
    const kept = cache.get('/') as CachedPage;
    expect(cache.brotliBody('/', kept)).toBeUndefined();
    await vi.waitFor(() => expect(kept.brotli).toBeDefined());
    const copy = cache.brotliBody('/', kept) as Buffer;
    expect(copy).toBe(kept.brotli);
    expect(copy.byteLength).toBeLessThan(Buffer.byteLength(html) / 20);
    expect(brotliDecompressSync(copy).toString('utf8')).toBe(html);
    expect(cache.get('/')?.brotli).toBe(copy);
  });

  it('spends no more than its share of a core on compression: the next one waits', async () => {
    const cache = new PageCache(() => 1, { compressionShare: 0.001 });
    cache.set('/a', page('a'.repeat(200_000)));
    cache.set('/b', page('b'.repeat(200_000)));
    const a = cache.get('/a') as CachedPage;
    const b = cache.get('/b') as CachedPage;
    cache.brotliBody('/a', a);
    // One at a time: /b does not start while /a runs, nor for 999 times as long after it.
    cache.brotliBody('/b', b);
    await vi.waitFor(() => expect(a.brotli).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cache.brotliBody('/b', b)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(b.brotli).toBeUndefined();
  });

  it('forgets a page when the catalogue changes or its time runs out', () => {
    let version = 1;
    const cache = new PageCache(() => version, { maxBytes: 1_000_000, ttlMs: 1_000 });
    cache.set('/vehicles', page('<p>a</p>'));
    expect(cache.get('/vehicles')?.body.toString()).toBe('<p>a</p>');
    expect(cache.get('/vehicles', Date.now() + 1_001)).toBeUndefined();
    version = 2;
    expect(cache.get('/vehicles')).toBeUndefined();
  });

  it('keeps pages within its byte budget, dropping the least recently used', () => {
    const cache = new PageCache(() => 1, { maxBytes: 4_000, ttlMs: 60_000 });
    for (const path of ['/a', '/b', '/c', '/d']) cache.set(path, page('x'.repeat(1_000)));
    cache.get('/a');
    cache.set('/e', page('x'.repeat(1_000)));
    expect(cache.get('/a')).toBeDefined();
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/e')).toBeDefined();
  });
});
