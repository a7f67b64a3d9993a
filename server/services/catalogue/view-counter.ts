// Views of each vehicle's page per Chilean day, counted in this instance's memory and added to the database every few
// seconds and at shutdown (INSERT … ON CONFLICT DO UPDATE SET count = count + excluded.count), so instances add up
// and a page answer never waits for the database. What is kept is only (vehicle, day, count): no address, agent,
// cookie or time of day (docs/product.md, "No tracking cookies, no third parties").
import { dbIdFromText } from '@contracts/db-id.ts';
import type { Db } from '@db/client.ts';
import { chileDayKey } from '@domain/chile-time.ts';
import { sql } from 'drizzle-orm';
import { isbot } from 'isbot';

/** A vehicle's public page, with or without a trailing slash; its query does not matter. */
const VEHICLE_PAGE = /^\/vehicles\/([^/?#]+)\/?(?:\?|$)/;
/** Pending (vehicle, day) pairs kept while the database is away; beyond this, new pairs wait for the next flush. */
const MAX_PENDING = 100_000;
/** Rows per INSERT: three parameters each, well under PostgreSQL's 65,535 parameters per statement. */
const CHUNK_ROWS = 5_000;

export interface ViewRequest {
  method: string;
  /** The request's URL as received (path and query). */
  url: string;
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
}

const header = (headers: ViewRequest['headers'], name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).toLowerCase();
};

/**
 * The vehicle a request viewed, or null when it is not a view a person made: only a GET of a vehicle page answered
 * 200 counts (not HEAD, a 404 or a redirect); not a browser's prefetch or prerender (`Sec-Purpose`, `Purpose`), and not
 * a crawler, monitor or script (isbot's list; a request with no user agent at all is no browser either).
 */
export function viewedVehicle(request: ViewRequest): number | null {
  if (request.method !== 'GET' || request.statusCode !== 200) return null;
  const match = VEHICLE_PAGE.exec(request.url);
  if (!match) return null;
  const id = dbIdFromText(match[1]);
  if (id === null) return null;
  const { headers } = request;
  if (header(headers, 'sec-purpose').includes('prefetch') || header(headers, 'purpose').includes('prefetch'))
    return null;
  const agent = header(headers, 'user-agent');
  if (agent === '' || isbot(agent)) return null;
  return id;
}

export interface ViewCounterOptions {
  /** How often the counts go to the database. */
  flushEveryMs?: number;
  /** What time it is; tests move it. */
  now?: () => Date;
  /** Told when a flush fails (the counts stay pending and go with the next one). */
  onError?: (error: unknown) => void;
}

export class ViewCounter {
  /** `${vehicleId} ${day}` → views not yet in the database. */
  #pending = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  readonly #options: Required<Pick<ViewCounterOptions, 'flushEveryMs' | 'now'>> & ViewCounterOptions;

  constructor(
    private readonly db: Db,
    options: ViewCounterOptions = {},
  ) {
    this.#options = { flushEveryMs: 5_000, now: () => new Date(), ...options };
  }

  /** Counts the request if it is a person's view of a vehicle page; costs a regular expression and a map update. */
  record(request: ViewRequest): void {
    const id = viewedVehicle(request);
    if (id !== null) this.add(id);
  }

  add(vehicleId: number, views = 1): void {
    const key = `${vehicleId} ${chileDayKey(this.#options.now())}`;
    const current = this.#pending.get(key);
    if (current === undefined && this.#pending.size >= MAX_PENDING) return;
    this.#pending.set(key, (current ?? 0) + views);
  }

  /** Views counted here and not yet flushed (tests, metrics). */
  get pendingViews(): number {
    let total = 0;
    for (const views of this.#pending.values()) total += views;
    return total;
  }

  /** Flushes every `flushEveryMs` from now on; `onError` hears of a failed flush (its counts stay pending). */
  start(onError?: (error: unknown) => void): void {
    if (onError) this.#options.onError = onError;
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.flush().catch(() => undefined), this.#options.flushEveryMs);
    this.#timer.unref();
  }

  /** Stops the timer and writes what is pending (graceful shutdown). */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush().catch(() => undefined);
  }

  /** Adds the pending counts to the database; one flush at a time, and a failed one keeps its counts pending. */
  async flush(): Promise<void> {
    while (this.#flushing) await this.#flushing;
    if (this.#pending.size === 0) return;
    const batch = this.#pending;
    this.#pending = new Map();
    this.#flushing = this.#write(batch)
      .catch((error: unknown) => {
        this.#options.onError?.(error);
        throw error;
      })
      .finally(() => {
        this.#flushing = undefined;
      });
    await this.#flushing;
  }

  /** Writes `batch` in chunks; what a failed chunk and the ones after it held is put back into the pending counts. */
  async #write(batch: Map<string, number>): Promise<void> {
    // Sorted, so two instances flushing at once lock the same rows in the same order (no deadlock).
    const rows = [...batch]
      .map(([key, views]) => {
        const [id = '0', day = ''] = key.split(' ');
        return { key, id: Number(id), day, views };
      })
      .sort((a, b) => a.id - b.id || a.day.localeCompare(b.day));
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      const chunk = rows.slice(start, start + CHUNK_ROWS);
      try {
        await this.#insert(chunk);
      } catch (error) {
        for (const row of rows.slice(start)) {
          this.#pending.set(row.key, (this.#pending.get(row.key) ?? 0) + row.views);
        }
        throw error;
      }
    }
  }

  async #insert(rows: Array<{ id: number; day: string; views: number }>): Promise<void> {
    const values = sql.join(
      rows.map((row) => sql`(${row.id}::integer, ${row.day}::date, ${row.views}::integer)`),
      sql`, `,
    );
    // Joined with vehicles: a vehicle deleted since its view was counted is skipped, not a failed flush.
    await this.db.execute(sql`
      insert into vehicle_views (vehicle_id, day, count)
      select v.vehicle_id, v.day, v.views
      from (values ${values}) as v(vehicle_id, day, views)
      join vehicles on vehicles.id = v.vehicle_id
      on conflict (vehicle_id, day) do update set count = vehicle_views.count + excluded.count`);
  }
}
