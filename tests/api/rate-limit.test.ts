import type { Database } from '@db/client.ts';
import { hitRateLimit } from '@server/services/rate-limit.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../support/test-database.ts';

const WINDOW = 15 * 60_000;
/** A window boundary, as the clock of the limiter sees it. */
const BOUNDARY = Math.ceil(Date.now() / WINDOW) * WINDOW;
let database: Database;
let keys = 0;
const freshKey = () => `prueba:${++keys}`;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function hits(key: string, count: number, at: number, limit = 10) {
  const results = [];
  for (let i = 0; i < count; i++) results.push(await hitRateLimit(database.db, key, limit, WINDOW, at));
  return results;
}

describe('hitRateLimit (sliding window in the database)', () => {
  it('allows the limit and refuses the next hit, with the seconds left in the window', async () => {
    const key = freshKey();
    const at = BOUNDARY + 60_000;
    const results = await hits(key, 11, at);
    expect(results.slice(0, 10).every((r) => r.allowed)).toBe(true);
    expect(results[10]).toEqual({ allowed: false, retryAfter: (WINDOW - 60_000) / 1000 });
  });

  it('does not let a second burst through just after a window boundary', async () => {
    const key = freshKey();
    expect((await hits(key, 10, BOUNDARY - 1_000)).every((r) => r.allowed)).toBe(true);
    // A fixed window would start counting from zero here.
    const after = await hits(key, 3, BOUNDARY + 1_000);
    expect(after.map((r) => r.allowed)).toEqual([false, false, false]);
  });

  it('lets hits through again as the previous window slides out', async () => {
    const key = freshKey();
    await hits(key, 10, BOUNDARY - WINDOW + 1_000);
    // Half-way through the next window, half of the previous 10 still count: 5 more fit, not 6.
    const later = await hits(key, 6, BOUNDARY + WINDOW / 2);
    expect(later.map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
  });

  it('keeps keys apart', async () => {
    const [a, b] = [freshKey(), freshKey()];
    await hits(a, 10, BOUNDARY + 5_000);
    expect((await hits(a, 1, BOUNDARY + 6_000))[0]?.allowed).toBe(false);
    expect((await hits(b, 1, BOUNDARY + 6_000))[0]?.allowed).toBe(true);
  });
});
