import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type CachedPage, PageCache } from '../../server/http/page-cache.ts';

function page(body: string, version = 1): CachedPage {
  return { status: 200, headers: [], body: Buffer.from(body), version, storedAt: Date.now() };
}

describe('PageCache', () => {
  it('puts the nonce in place of every placeholder, and leaves every other byte as it was', () => {
    const cache = new PageCache(() => 1);
    const nonce = randomBytes(16).toString('base64');
    const { placeholder } = cache;
    const html = `<script nonce="${placeholder}">a</script>Año, señal, 🚗<script nonce="${placeholder}">b</script>${placeholder}`;
    const sent = cache.personalizeBody(Buffer.from(html), nonce).toString('utf8');
    expect(sent).toBe(html.replaceAll(placeholder, nonce));
    expect(sent).not.toContain(placeholder);
    expect(sent.split(nonce)).toHaveLength(4);
  });

  it('sends a page without a placeholder unchanged, as a copy the cache does not share', () => {
    const cache = new PageCache(() => 1);
    const body = Buffer.from('<p>Sin scripts</p>');
    const sent = cache.personalizeBody(body, 'x');
    expect(sent.equals(body)).toBe(true);
    sent[0] = 0;
    expect(body.toString()).toBe('<p>Sin scripts</p>');
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
