import {
  chileDayKey,
  chileDayStart,
  formatChileDate,
  formatChileDateTime,
  formatChileLongDateTime,
  nextDayKey,
} from '@domain/chile-time.ts';
import { describe, expect, it } from 'vitest';

// Chile keeps UTC−3 in summer and UTC−4 in winter; its clocks went back on 2026-04-05 (00:00 → 23:00 of the 4th)
// and forward on 2026-09-06 (00:00 → 01:00).
describe('Chile time', () => {
  it('writes the back office format, dd-mm-yyyy HH:mm, in both offsets', () => {
    expect(formatChileDateTime('2026-01-15T15:30:00Z')).toBe('15-01-2026 12:30');
    expect(formatChileDateTime('2026-07-15T15:30:00Z')).toBe('15-07-2026 11:30');
    expect(formatChileDateTime('2026-03-10T02:30:00Z')).toBe('09-03-2026 23:30');
    expect(formatChileDate(new Date('2026-03-10T02:30:00Z'))).toBe('09-03-2026');
    expect(chileDayKey(Date.parse('2026-03-10T02:30:00Z'))).toBe('2026-03-09');
  });

  it('finds the instant a day starts, on each side of a change of offset', () => {
    expect(chileDayStart('2026-04-04').toISOString()).toBe('2026-04-04T03:00:00.000Z');
    expect(chileDayStart('2026-04-06').toISOString()).toBe('2026-04-06T04:00:00.000Z');
    expect(chileDayStart('2026-09-05').toISOString()).toBe('2026-09-05T04:00:00.000Z');
    expect(chileDayStart('2026-09-07').toISOString()).toBe('2026-09-07T03:00:00.000Z');
    // 2026-09-06 has no midnight: clocks jump from 00:00 to 01:00 (UTC−4 → UTC−3), so the day starts at 01:00.
    expect(chileDayStart('2026-09-06').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(chileDayStart('2026-04-05').toISOString()).toBe('2026-04-05T04:00:00.000Z');
  });

  it('starts each day at its own midnight: the day key of a start is that day', () => {
    for (let day = new Date('2026-01-01T00:00:00Z'); day.getUTCFullYear() === 2026; ) {
      const key = day.toISOString().slice(0, 10);
      const start = chileDayStart(key);
      expect(chileDayKey(start)).toBe(key);
      expect(chileDayKey(start.getTime() - 1)).not.toBe(key);
      day = new Date(`${nextDayKey(key)}T00:00:00Z`);
    }
  });

  it('steps over month and year ends', () => {
    expect(nextDayKey('2026-02-28')).toBe('2026-03-01');
    expect(nextDayKey('2028-02-28')).toBe('2028-02-29');
    expect(nextDayKey('2026-12-31')).toBe('2027-01-01');
  });

  it('writes a long date for sentences, in Chile time', () => {
    // Intl writes the hour with 'p. m.', separated by a (narrow) no-break space depending on the ICU version.
    expect(formatChileLongDateTime('2026-01-15T15:30:00Z')).toMatch(
      /^jueves, 15 de enero de 2026, 12:30\sp\.\sm\.$/,
    );
  });
});
