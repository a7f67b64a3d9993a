import type { Db } from '@db/client.ts';
import { rateLimits } from '@db/schema.ts';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

/**
 * Counts one hit of `key` and says whether it is within `limit` per `windowMs`. The count lives in the database,
 * so every instance sharing it sees the same one. It is a sliding window: the hits of the current fixed window plus
 * those of the previous one, weighted by how much of it still falls inside the last `windowMs`. A plain fixed window
 * would let twice the limit through around each boundary (a burst at 14:59:59 and another at 15:00:00).
 * One statement per hit; old windows are pruned now and then.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<RateLimitResult> {
  const windowStart = now - (now % windowMs);
  const result = await db.execute(sql`
    with hit as (
      insert into rate_limits (key, window_start, count)
      values (${key}, ${new Date(windowStart).toISOString()}::timestamptz, 1)
      on conflict (key, window_start) do update set count = rate_limits.count + 1
      returning count)
    select (select count from hit) as current,
           coalesce((select count from rate_limits
                      where key = ${key}
                        and window_start = ${new Date(windowStart - windowMs).toISOString()}::timestamptz), 0) as previous`);
  const [row] = (result as unknown as { rows: Array<{ current: number; previous: number }> }).rows;
  if (Math.random() < 0.01) {
    await db.delete(rateLimits).where(and(lt(rateLimits.windowStart, new Date(now - 2 * windowMs))));
  }
  return judge(Number(row?.current ?? 1), Number(row?.previous ?? 0), limit, windowMs, now);
}

/** The sliding window's estimate: this window's hits plus the previous window's, weighted by what still overlaps. */
function judge(
  current: number,
  previous: number,
  limit: number,
  windowMs: number,
  now: number,
): RateLimitResult {
  const windowStart = now - (now % windowMs);
  const previousWeight = 1 - (now - windowStart) / windowMs;
  const estimate = current + previous * previousWeight;
  return { allowed: estimate <= limit, retryAfter: Math.ceil((windowStart + windowMs - now) / 1000) };
}

/**
 * Whether one more hit of `key` would be allowed, without counting one: for a request that is about to do costly
 * work (decoding photos) before the hit it is counted by, so a client already over the limit is refused first.
 */
export async function peekRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<RateLimitResult> {
  const windowStart = now - (now % windowMs);
  const rows = await db
    .select({ windowStart: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.key, key),
        inArray(rateLimits.windowStart, [new Date(windowStart), new Date(windowStart - windowMs)]),
      ),
    );
  const count = (start: number) => rows.find((row) => row.windowStart.getTime() === start)?.count ?? 0;
  return judge(count(windowStart) + 1, count(windowStart - windowMs), limit, windowMs, now);
}
