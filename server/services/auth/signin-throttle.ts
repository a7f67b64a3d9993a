import { createHmac } from 'node:crypto';
import type { Db } from '@db/client.ts';
import { signInThrottle } from '@db/schema.ts';
import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';

/**
 * The back office sign-in throttle (ADR 0028). An attempt runs in two or three lanes: its client address, and either
 * the account it names (a stranger's browser) or the remembered browser it comes from (a valid device cookie for that
 * account). Each lane lets `free` failures through, then makes the next attempt wait 1 s, then 2 s, 4 s... up to
 * MAX_DELAY_MS; a lane quiet for QUIET_RESET_MS starts over. Nothing is ever locked for longer than MAX_DELAY_MS.
 */
export interface ThrottleLane {
  key: string;
  free: number;
}

export const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 5 * 60 * 1_000;
export const QUIET_RESET_MS = 15 * 60 * 1_000;
const NEVER_BLOCKED = new Date(0);

/** A lane's key is an HMAC: the table never holds an address, an e-mail or a cookie. */
export function signInLaneKey(secret: string, kind: 'a' | 'u' | 'd', value: string): string {
  return `${kind}:${createHmac('sha256', secret).update(`${kind}|${value}`).digest('hex').slice(0, 32)}`;
}

/** How long the next attempt of a lane waits after `failures` failures. */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(failures - free, 20), MAX_DELAY_MS);
}

type Row = typeof signInThrottle.$inferSelect;

/** The failures that still count: none once the lane has been quiet (and unblocked) for QUIET_RESET_MS. */
function liveFailures(row: Row, now: number): number {
  if (row.blockedUntil.getTime() > now) return row.failures;
  if (!row.lastFailureAt || now - row.lastFailureAt.getTime() > QUIET_RESET_MS) return 0;
  return row.failures;
}

async function lockLanes(tx: Db, lanes: readonly ThrottleLane[]): Promise<Map<string, Row>> {
  const keys = [...new Set(lanes.map((lane) => lane.key))].sort();
  // Rows are created and locked in key order, so two attempts sharing lanes never wait on each other in a circle.
  // A new lane is unblocked since always: stamped with this attempt's clock, it blocked a simultaneous attempt
  // whose clock was read a moment earlier (four colleagues signing in at once from one office got a 429).
  for (const key of keys)
    await tx.insert(signInThrottle).values({ key, blockedUntil: NEVER_BLOCKED }).onConflictDoNothing();
  const rows = await tx
    .select()
    .from(signInThrottle)
    .where(inArray(signInThrottle.key, keys))
    .orderBy(asc(signInThrottle.key))
    .for('update');
  return new Map(rows.map((row) => [row.key, row]));
}

export type ClaimResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Whether an attempt may run now in every lane. When it may, each lane's next attempt is held back as if this one
 * failed, before the password is checked: a burst of simultaneous requests gets one try per delay, not one each.
 */
export async function claimAttempt(
  db: Db,
  lanes: readonly ThrottleLane[],
  now = Date.now(),
): Promise<ClaimResult> {
  return db.transaction(async (tx) => {
    const rows = await lockLanes(tx, lanes);
    const waitMs = Math.max(0, ...[...rows.values()].map((row) => row.blockedUntil.getTime() - now));
    if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    for (const lane of lanes) {
      const row = rows.get(lane.key);
      const hold = row ? delayAfter(liveFailures(row, now) + 1, lane.free) : 0;
      if (hold > 0)
        await tx
          .update(signInThrottle)
          .set({ blockedUntil: new Date(now + hold) })
          .where(eq(signInThrottle.key, lane.key));
    }
    return { allowed: true };
  });
}

export interface LaneFailures {
  failures: number;
  firstFailureAt: Date;
}

/**
 * Counts a failed attempt in every lane. `then` runs in the same transaction with each lane's new count, so a
 * notice queued there is queued exactly once per crossing: the rows are locked, each count is seen by one attempt.
 */
export async function recordFailure(
  db: Db,
  lanes: readonly ThrottleLane[],
  now = Date.now(),
  then?: (tx: Db, counts: ReadonlyMap<string, LaneFailures>) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await lockLanes(tx, lanes);
    const counts = new Map<string, LaneFailures>();
    for (const lane of lanes) {
      const row = rows.get(lane.key);
      if (!row) continue;
      const previous = liveFailures(row, now);
      const failures = previous + 1;
      const firstFailureAt = previous === 0 || !row.firstFailureAt ? new Date(now) : row.firstFailureAt;
      const blockedUntil = new Date(
        Math.max(row.blockedUntil.getTime(), now + delayAfter(failures, lane.free)),
      );
      await tx
        .update(signInThrottle)
        .set({ failures, firstFailureAt, lastFailureAt: new Date(now), blockedUntil })
        .where(eq(signInThrottle.key, lane.key));
      counts.set(lane.key, { failures, firstFailureAt });
    }
    await then?.(tx, counts);
  });
  if (Math.random() < 0.01) await pruneThrottle(db, now);
}

/** Forgets lanes after a successful sign-in (the client's address, the browser it signed in from). */
export async function clearLanes(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.delete(signInThrottle).where(inArray(signInThrottle.key, [...keys]));
}

/** Drops lanes that are quiet and unblocked: they would start over anyway. */
export async function pruneThrottle(db: Db, now = Date.now()): Promise<void> {
  const quiet = new Date(now - QUIET_RESET_MS);
  await db
    .delete(signInThrottle)
    .where(
      and(
        lt(signInThrottle.blockedUntil, quiet),
        or(isNull(signInThrottle.lastFailureAt), lt(signInThrottle.lastFailureAt, quiet)),
      ),
    );
}
