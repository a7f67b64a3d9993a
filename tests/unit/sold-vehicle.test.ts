import { soldPageIndexed } from '@domain/sold-vehicle.ts';
import { describe, expect, it } from 'vitest';

const DAY = 86_400_000;
const now = Date.parse('2026-11-26T15:00:00Z');

describe('soldPageIndexed', () => {
  it('keeps a sold page indexed for the days configured, then no more', () => {
    expect(soldPageIndexed(new Date(now), 30, now)).toBe(true);
    expect(soldPageIndexed(new Date(now - 29.99 * DAY), 30, now)).toBe(true);
    expect(soldPageIndexed(new Date(now - 30 * DAY), 30, now)).toBe(false);
    expect(soldPageIndexed(new Date(now - 400 * DAY).toISOString(), 30, now)).toBe(false);
  });

  it('with 0 days takes a page out at once, and never trusts a date it cannot read', () => {
    expect(soldPageIndexed(new Date(now), 0, now)).toBe(false);
    expect(soldPageIndexed('no es fecha', 30, now)).toBe(false);
  });
});
