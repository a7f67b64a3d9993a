import { and, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

/**
 * Counts one hit of `key` in a fixed window kept in the database, so every instance sharing it sees
 * the same count. One upsert per hit; old windows are pruned now and then.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
): Promise<RateLimitResult> {
  const now = Date.now();
  const windowStart = new Date(now - (now % windowMs));
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  if (Math.random() < 0.01) {
    await db.delete(rateLimits).where(and(lt(rateLimits.windowStart, new Date(now - 2 * windowMs))));
  }
  const count = row?.count ?? 1;
  return { allowed: count <= limit, retryAfter: Math.ceil((windowStart.getTime() + windowMs - now) / 1000) };
}
