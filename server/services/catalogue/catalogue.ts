import { createHash } from 'node:crypto';
import type { Db } from '@db/client.ts';
import type { VehicleRecord } from '@domain/vehicle.ts';
import { type Lookups, listLookups } from './list-lookups.ts';
import { loadPublishedVehicles } from './load-published-vehicles.ts';

export interface CachedJson {
  body: string;
  etag: string;
}

export interface CatalogueSnapshot {
  vehicles: VehicleRecord[];
  byId: Map<number, VehicleRecord>;
  lookups: Lookups;
}

interface Entry {
  snapshot: Promise<CatalogueSnapshot>;
  json: Map<string, CachedJson>;
}

/**
 * The published catalogue held in memory. Reads are served from one snapshot; any write calls
 * `invalidate()` and the next read loads a fresh one. Serialized API bodies are memoized per snapshot.
 */
export class Catalogue {
  #entry: Entry | null = null;
  #version = 0;
  readonly #listeners = new Set<() => void>();

  constructor(private readonly db: Db) {}

  /** Grows with every change, local or from another instance: anything derived from the catalogue keys on it. */
  get version(): number {
    return this.#version;
  }

  snapshot(): Promise<CatalogueSnapshot> {
    return this.#current().snapshot;
  }

  /** A JSON body and its ETag, built once per snapshot for `key`. */
  async json(key: string, build: (snapshot: CatalogueSnapshot) => unknown): Promise<CachedJson> {
    const entry = this.#current();
    const cached = entry.json.get(key);
    if (cached) return cached;
    const body = JSON.stringify(build(await entry.snapshot));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const result = { body, etag };
    // Only keep it if no write happened meanwhile.
    if (this.#entry === entry) entry.json.set(key, result);
    return result;
  }

  /** After a change made by this instance: the next read loads a fresh snapshot, and the listeners hear of it. */
  invalidate(): void {
    this.#entry = null;
    this.#version += 1;
    for (const listener of this.#listeners) listener();
  }

  /** After a change made elsewhere (another instance): forget the snapshot without announcing it again. */
  dropSnapshot(): void {
    this.#entry = null;
    this.#version += 1;
  }

  /** Called after every local invalidation (used to tell other instances). */
  onInvalidate(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #current(): Entry {
    if (this.#entry) return this.#entry;
    const entry: Entry = { snapshot: this.#load(), json: new Map() };
    // A failed load must not be cached: the next request tries again.
    entry.snapshot.catch(() => {
      if (this.#entry === entry) this.#entry = null;
    });
    this.#entry = entry;
    return entry;
  }

  async #load(): Promise<CatalogueSnapshot> {
    const [vehicles, lookups] = await Promise.all([loadPublishedVehicles(this.db), listLookups(this.db)]);
    return { vehicles, byId: new Map(vehicles.map((v) => [v.id, v])), lookups };
  }
}
