import { randomBytes } from 'node:crypto';
import { ByteLru } from '../services/byte-lru.ts';
import { positionsOf, splice } from './splice-bytes.ts';

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  /** The body as sent (UTF-8), with the placeholder nonce. */
  body: Buffer;
  /** Catalogue version the page was rendered from. */
  version: number;
  storedAt: number;
}

/**
 * Whole public pages, rendered once and served to everyone until the catalogue changes. Public pages are the same
 * for every visitor except the Content-Security-Policy nonce, so a page is rendered with a per-process placeholder
 * nonce and each answer gets a fresh one put in its place (in the HTML and in the CSP header). The placeholder never
 * leaves the process, so no visitor can plant it in a text. Entries also expire after a few minutes, for the little
 * that depends on the clock (the footer's year, date limits of forms).
 */
export class PageCache {
  readonly placeholder = randomBytes(16).toString('base64');
  readonly #placeholderBytes = Buffer.from(this.placeholder);
  readonly #pages: ByteLru<CachedPage>;

  constructor(
    private readonly currentVersion: () => number,
    private readonly options: { maxBytes: number; ttlMs: number } = {
      maxBytes: 32 * 1024 * 1024,
      ttlMs: 5 * 60_000,
    },
  ) {
    this.#pages = new ByteLru(options.maxBytes);
  }

  get(url: string, now = Date.now()): CachedPage | undefined {
    const page = this.#pages.get(url);
    if (!page || page.version !== this.currentVersion() || now - page.storedAt > this.options.ttlMs)
      return undefined;
    return page;
  }

  set(url: string, page: CachedPage): void {
    this.#pages.set(url, page, page.body.byteLength);
  }

  /** A header value with a fresh nonce in place of the placeholder. */
  personalize(text: string, nonce: string): string {
    return text.replaceAll(this.placeholder, nonce);
  }

  /** A copy of the body with a fresh nonce in place of the placeholder (no decoding and re-encoding of the page). */
  personalizeBody(body: Buffer, nonce: string): Buffer {
    const needle = this.#placeholderBytes;
    const nonceBytes = Buffer.from(nonce);
    return splice(
      body,
      positionsOf(body, needle).map((at) => [at, needle.length, nonceBytes] as const),
    );
  }
}
