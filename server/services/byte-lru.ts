/** A least-recently-used map bounded by the total byte size of its values. */
export class ByteLru<T> {
  readonly #items = new Map<string, { value: T; size: number }>();
  #bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): T | undefined {
    const item = this.#items.get(key);
    if (!item) return undefined;
    // Re-insert to mark it as most recently used (Map keeps insertion order).
    this.#items.delete(key);
    this.#items.set(key, item);
    return item.value;
  }

  set(key: string, value: T, size: number): void {
    if (size > this.maxBytes / 4) return;
    const previous = this.#items.get(key);
    if (previous) {
      this.#bytes -= previous.size;
      this.#items.delete(key);
    }
    this.#items.set(key, { value, size });
    this.#bytes += size;
    for (const [oldest, item] of this.#items) {
      if (this.#bytes <= this.maxBytes) break;
      this.#items.delete(oldest);
      this.#bytes -= item.size;
    }
  }
}
