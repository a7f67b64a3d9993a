import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { ByteLru } from '../services/byte-lru.ts';

const brotli = promisify(brotliCompress);

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  /** The body as sent to every visitor (UTF-8). */
  body: Buffer;
  /** The body compressed once with brotli at its best quality, when the page has proved popular. */
  brotli?: Buffer;
  /** Catalogue version the page was rendered from. */
  version: number;
  storedAt: number;
}

export interface PageCacheOptions {
  maxBytes: number;
  ttlMs: number;
  /**
   * Share of one core that compressing pages at the best quality may take on average: after a compression of
   * t ms, the next waits t × (1 / share − 1) ms. The best quality costs about 1 ms per kB (~100 ms for the home
   * page), so it is spent on pages asked for again, and never faster than this.
   */
  compressionShare: number;
}

/**
 * Whole public pages, rendered once and served to everyone until the catalogue changes. Their inline scripts are
 * allowed by hash, not by a nonce per answer, so a kept page has the same bytes for every visitor (ADR 0013): a page
 * asked for again is compressed once with brotli at quality 11 (about 16% smaller than the quality 5 the compression
 * plugin uses per answer), in the background, and then sent as it is. Entries also expire after a few minutes, for
 * the little that depends on the clock (the footer's year, date limits of forms).
 */
export class PageCache {
  readonly #pages: ByteLru<CachedPage>;
  readonly #options: PageCacheOptions;
  /** No best-quality compression starts before this time (ms since the epoch); Infinity while one runs. */
  #nextCompressionAt = 0;

  constructor(
    private readonly currentVersion: () => number,
    options: Partial<PageCacheOptions> = {},
  ) {
    this.#options = { maxBytes: 32 * 1024 * 1024, ttlMs: 5 * 60_000, compressionShare: 0.1, ...options };
    this.#pages = new ByteLru(this.#options.maxBytes);
  }

  get(url: string, now = Date.now()): CachedPage | undefined {
    const page = this.#pages.get(url);
    if (!page || page.version !== this.currentVersion() || now - page.storedAt > this.#options.ttlMs)
      return undefined;
    return page;
  }

  set(url: string, page: CachedPage): void {
    this.#pages.set(url, page, page.body.byteLength + (page.brotli?.byteLength ?? 0));
  }

  /**
   * The page's brotli body if it is ready. If not, and the compression budget allows, starts making it (off the
   * event loop); until it is kept, the page goes out compressed per answer.
   */
  brotliBody(url: string, page: CachedPage): Buffer | undefined {
    if (page.brotli) return page.brotli;
    if (Date.now() < this.#nextCompressionAt) return undefined;
    this.#nextCompressionAt = Number.POSITIVE_INFINITY;
    const started = performance.now();
    void brotli(page.body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: page.body.byteLength,
      },
    })
      .then((compressed) => {
        page.brotli = compressed;
        // Counted in the cache's budget, unless the page was replaced or dropped meanwhile.
        if (this.#pages.get(url) === page) this.set(url, page);
      })
      // Out of memory is the only way to get here; the page then keeps going out compressed per answer.
      .catch(() => undefined)
      .finally(() => {
        const took = performance.now() - started;
        this.#nextCompressionAt = Date.now() + took * (1 / this.#options.compressionShare - 1);
      });
    return undefined;
  }
}
