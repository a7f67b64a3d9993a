import { createHash } from 'node:crypto';
import type { Dealership } from '@contracts/dealership.ts';
import type { Db } from '@db/client.ts';
import { vehicles as vehiclesTable } from '@db/schema.ts';
import type { VehicleRecord } from '@domain/vehicle.ts';
import { eq } from 'drizzle-orm';
import { latestPolicyVersion } from '../privacy/policy-versions.ts';
import { type CurrentSettings, loadCurrentSettings } from '../settings/site-settings.ts';
import { type Lookups, listLookups } from './list-lookups.ts';
import { loadPublishedVehicles, loadSoldVehicle } from './load-published-vehicles.ts';

export interface CachedJson {
  body: string;
  etag: string;
}

/** A body of another type (the feeds, the image sitemap), memoized the same way. */
export type CachedBody = CachedJson;

export interface CatalogueSnapshot {
  /** The published stock: the only vehicles the listing, the featured grid, the sitemap's stock and the API show. */
  vehicles: VehicleRecord[];
  byId: Map<number, VehicleRecord>;
  /**
   * Sold vehicles, by id, with when they were sold: their pages stay (ADR 0018). Only the id and the date are kept
   * here, so the snapshot costs the same however long the dealership's history; `Catalogue.soldVehicle` loads one.
   */
  sold: Map<number, Date>;
  lookups: Lookups;
  /** The site settings in use (ADR 0025): they change the pages, the feeds and the e-mails like the stock does. */
  settings: CurrentSettings;
  /**
   * The privacy policy version in force when the snapshot was loaded, which the forms' pages carry (ADR 0031); null
   * before the first publication. A publication empties the catalogue, as a settings change does.
   */
  policyVersion: number | null;
}

interface Entry {
  snapshot: Promise<CatalogueSnapshot>;
  json: Map<string, CachedJson>;
  /** Sold vehicles loaded for their pages during this snapshot. */
  sold: Map<number, Promise<VehicleRecord | null>>;
}

/**
 * The published catalogue held in memory. Reads are served from one snapshot; any write calls
 * `invalidate()` and the next read loads a fresh one. Serialized API bodies are memoized per snapshot.
 */
export class Catalogue {
  #entry: Entry | null = null;
  #version = 0;
  readonly #listeners = new Set<() => void>();

  /** `initialSettings`: DEALERSHIP_FILE or the demo default, in use until the database holds a version. */
  constructor(
    private readonly db: Db,
    private readonly initialSettings: Dealership,
  ) {}

  /** The dealership's settings in use, from the current snapshot. */
  async dealership(): Promise<Dealership> {
    return (await this.snapshot()).settings.data;
  }

  /** Grows with every change, local or from another instance: anything derived from the catalogue keys on it. */
  get version(): number {
    return this.#version;
  }

  snapshot(): Promise<CatalogueSnapshot> {
    return this.#current().snapshot;
  }

  /** A JSON body and its ETag, built once per snapshot for `key`. */
  json(key: string, build: (snapshot: CatalogueSnapshot) => unknown): Promise<CachedJson> {
    return this.text(`json:${key}`, (snapshot) => JSON.stringify(build(snapshot)));
  }

  /** A text body (XML, CSV) and its ETag, built once per snapshot for `key`. */
  async text(key: string, build: (snapshot: CatalogueSnapshot) => string): Promise<CachedBody> {
    const entry = this.#current();
    const cached = entry.json.get(key);
    if (cached) return cached;
    const body = build(await entry.snapshot);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const result = { body, etag };
    // Only keep it if no write happened meanwhile.
    if (this.#entry === entry) entry.json.set(key, result);
    return result;
  }

  /**
   * A sold vehicle with everything its page shows, or null when the snapshot does not know it as sold. Loaded on its
   * page's first visit and kept until the next change, like the snapshot; unknown ids cost no query.
   */
  async soldVehicle(id: number): Promise<VehicleRecord | null> {
    const entry = this.#current();
    if (!(await entry.snapshot).sold.has(id)) return null;
    let loading = entry.sold.get(id);
    if (!loading) {
      loading = loadSoldVehicle(this.db, id);
      // Kept only if no write happened meanwhile, and never a failure: the next visit tries again.
      if (this.#entry === entry) entry.sold.set(id, loading);
      loading.catch(() => {
        if (entry.sold.get(id) === loading) entry.sold.delete(id);
      });
    }
    return loading;
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
    const entry: Entry = { snapshot: this.#load(), json: new Map(), sold: new Map() };
    // A failed load must not be cached: the next request tries again.
    entry.snapshot.catch(() => {
      if (this.#entry === entry) this.#entry = null;
    });
    this.#entry = entry;
    return entry;
  }

  async #load(): Promise<CatalogueSnapshot> {
    const [vehicles, sold, lookups, settings, policy] = await Promise.all([
      loadPublishedVehicles(this.db),
      this.#loadSoldDates(),
      listLookups(this.db),
      loadCurrentSettings(this.db, this.initialSettings),
      latestPolicyVersion(this.db),
    ]);
    return {
      vehicles,
      byId: new Map(vehicles.map((v) => [v.id, v])),
      sold,
      lookups,
      settings,
      policyVersion: policy?.version ?? null,
    };
  }

  /** When each sold vehicle was sold; one sold before the date was recorded counts from its last change. */
  async #loadSoldDates(): Promise<Map<number, Date>> {
    const rows = await this.db
      .select({ id: vehiclesTable.id, soldAt: vehiclesTable.soldAt, updatedAt: vehiclesTable.updatedAt })
      .from(vehiclesTable)
      .where(eq(vehiclesTable.status, 'sold'));
    return new Map(rows.map((row) => [row.id, row.soldAt ?? row.updatedAt]));
  }
}
