// The test-drive slot rules (domain/test-drive.ts, ADR 0020): Chile time on every day, daylight saving included.
import type { TestDriveSettings } from '@contracts/dealership.ts';
import type { OpeningRange } from '@contracts/opening-schedule.ts';
import { chileDayKey, chileWallTime, formatChileDateTime } from '@domain/chile-time.ts';
import { hoursSentence } from '@domain/hours-text.ts';
import {
  bookingDays,
  dayLabel,
  daySlots,
  openSlots,
  SLOT_MINUTES,
  type SlotHours,
  slotLabel,
  slotProblem,
} from '@domain/test-drive.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const HOURS: SlotHours = { schedule: defaultDealership.schedule, isHoliday: () => false };
/** Hours open only on the days given, no holidays. */
const weekHours = (days: Record<number, OpeningRange[]>): SlotHours => ({
  schedule: {
    week: [0, 1, 2, 3, 4, 5, 6].map((day) => days[day] ?? []),
    closedOnHolidays: true,
    closedDates: [],
  },
  isHoliday: () => false,
});
const at = (day: string, minutes: number) => chileWallTime(day, minutes) as Date;
const SETTINGS: TestDriveSettings = { slotCapacity: 1, minNoticeMinutes: 120, daysAhead: 14 };
const TEXT = 'Lun-Vie 9:30-19:00, Sáb 10:30-13:30';
const times = (slots: Date[]) => slots.map((slot) => formatChileDateTime(slot).slice(11));

describe('daySlots', () => {
  it('cuts a weekday into 30-minute slots that end by closing time, and Saturday likewise', () => {
    const monday = times(daySlots('2026-11-23', HOURS));
    expect(monday[0]).toBe('09:30');
    expect(monday.at(-1)).toBe('18:30');
    expect(monday).toHaveLength(19);
    expect(times(daySlots('2026-11-28', HOURS))).toEqual([
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
    ]);
    expect(daySlots('2026-11-29', HOURS)).toEqual([]);
  });

  it('keeps 10:00 at 10:00 in Chile on both sides of a change of clocks (UTC−4 in winter, UTC−3 in summer)', () => {
    // Clocks go back at the end of Saturday 4 April 2026 and forward at the end of Saturday 5 September 2026.
    const before = daySlots('2026-04-03', HOURS).find((s) => formatChileDateTime(s).endsWith('10:00'));
    const after = daySlots('2026-04-06', HOURS).find((s) => formatChileDateTime(s).endsWith('10:00'));
    expect(before?.toISOString()).toBe('2026-04-03T13:00:00.000Z');
    expect(after?.toISOString()).toBe('2026-04-06T14:00:00.000Z');
    const winter = daySlots('2026-09-04', HOURS).find((s) => formatChileDateTime(s).endsWith('10:00'));
    const summer = daySlots('2026-09-07', HOURS).find((s) => formatChileDateTime(s).endsWith('10:00'));
    expect(winter?.toISOString()).toBe('2026-09-04T14:00:00.000Z');
    expect(summer?.toISOString()).toBe('2026-09-07T13:00:00.000Z');
  });

  it('skips the wall-clock hour that does not exist when clocks go forward, and books a repeated hour once', () => {
    const night = weekHours({
      0: [{ open: '00:00', close: '02:00' }],
      6: [{ open: '22:00', close: '23:59' }],
    });
    // Sunday 6 September 2026 starts at 01:00.
    expect(times(daySlots('2026-09-06', night))).toEqual(['01:00', '01:30']);
    // Saturday 4 April 2026: 23:00–24:00 happens twice; each slot is offered once, at its first occurrence.
    const repeated = daySlots('2026-04-04', night);
    expect(times(repeated)).toEqual(['22:00', '22:30', '23:00']);
    expect(repeated.at(-1)?.toISOString()).toBe('2026-04-05T02:00:00.000Z');
  });

  it('offers nothing on a closed weekday, a public holiday or a date the admin closed (ADR 0036)', () => {
    const saturdayClosed: SlotHours = {
      schedule: { ...defaultDealership.schedule, week: defaultDealership.schedule.week.with(6, []) },
      isHoliday: () => false,
    };
    expect(daySlots('2026-11-28', saturdayClosed)).toEqual([]);
    const holiday: SlotHours = { ...HOURS, isHoliday: (day) => day === '2026-12-08' };
    expect(daySlots('2026-12-08', holiday)).toEqual([]);
    expect(daySlots('2026-12-09', holiday)).toHaveLength(19);
    // A dealership that opens on holidays says so, and the slots follow.
    const opensOnHolidays = { ...holiday, schedule: { ...HOURS.schedule, closedOnHolidays: false } };
    expect(daySlots('2026-12-08', opensOnHolidays)).toHaveLength(19);
    const closedDate = { ...HOURS, schedule: { ...HOURS.schedule, closedDates: ['2026-12-24'] } };
    expect(daySlots('2026-12-24', closedDate)).toEqual([]);
    const now = new Date('2026-11-25T15:10:00Z');
    expect(openSlots(now, saturdayClosed, SETTINGS).map((day) => day.day)).not.toContain('2026-11-28');
    expect(slotProblem(at('2026-11-28', 660), now, saturdayClosed, SETTINGS, TEXT)).toContain('fuera de');
  });

  it('starts a range that opens off the half hour at the next boundary', () => {
    const odd = weekHours({ 1: [{ open: '09:10', close: '10:45' }] });
    expect(times(daySlots('2026-11-23', odd))).toEqual(['09:30', '10:00']);
  });
});

describe('openSlots and slotProblem', () => {
  it('offers today and the next 13 days, nothing before now plus the notice', () => {
    const now = new Date('2026-11-25T15:10:00Z'); // Wednesday 12:10 in Chile
    const days = openSlots(now, HOURS, SETTINGS);
    expect(days[0]?.day).toBe('2026-11-25');
    expect(times(days[0]?.slots ?? [])[0]).toBe('14:30');
    expect(days.at(-1)?.day).toBe('2026-12-08');
    expect(bookingDays(now, SETTINGS)).toHaveLength(14);
    expect(days.some((d) => d.day === '2026-11-29')).toBe(false); // Sunday
  });

  it('accepts every offered slot and explains each refusal in Spanish', () => {
    const now = new Date('2026-11-25T15:10:00Z');
    for (const day of openSlots(now, HOURS, SETTINGS))
      for (const slot of day.slots) expect(slotProblem(slot, now, HOURS, SETTINGS, TEXT)).toBeNull();
    expect(slotProblem(at('2026-11-24', 600), now, HOURS, SETTINGS, TEXT)).toMatch(/ya pasó/);
    expect(slotProblem(at('2026-11-25', 780), now, HOURS, SETTINGS, TEXT)).toMatch(/2 horas de anticipación/);
    expect(slotProblem(at('2026-11-26', 615), now, HOURS, SETTINGS, TEXT)).toMatch(/media hora/);
    expect(slotProblem(at('2026-11-26', 1140), now, HOURS, SETTINGS, TEXT)).toMatch(
      /fuera de nuestro horario/,
    );
    expect(slotProblem(at('2026-11-29', 600), now, HOURS, SETTINGS, TEXT)).toContain(TEXT);
    expect(slotProblem(at('2026-12-09', 600), now, HOURS, SETTINGS, TEXT)).toMatch(/próximos 14 días/);
    expect(slotProblem(new Date(Number.NaN), now, HOURS, SETTINGS, TEXT)).toMatch(/Elige un horario/);
  });

  it('property: whatever the moment, every offered slot is later than now plus the notice, on a boundary, inside the hours, within the days, in order', () => {
    // From 2026 to 2030: several changes of clocks.
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 11, 31) }), (ms) => {
        const now = new Date(ms);
        const days = bookingDays(now, SETTINGS);
        let previous = 0;
        for (const { day, slots } of openSlots(now, HOURS, SETTINGS)) {
          expect(days).toContain(day);
          for (const slot of slots) {
            const t = slot.getTime();
            expect(t).toBeGreaterThanOrEqual(ms + SETTINGS.minNoticeMinutes * 60_000);
            expect(t).toBeGreaterThan(previous);
            previous = t;
            expect(chileDayKey(slot)).toBe(day);
            const clock = formatChileDateTime(slot).slice(11);
            expect(Number(clock.slice(3)) % SLOT_MINUTES).toBe(0);
            const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
            const range = HOURS.schedule.week[weekday]?.[0];
            expect(range).toBeDefined();
            expect(clock >= (range?.open ?? '') && clock < (range?.close ?? '')).toBe(true);
            expect(slotProblem(slot, now, HOURS, SETTINGS, TEXT)).toBeNull();
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('property: a start that is not an offered slot is always refused', () => {
    const now = new Date('2026-08-30T12:00:00Z'); // the change of clocks of 6 September is inside the 14 days
    const offered = new Set(openSlots(now, HOURS, SETTINGS).flatMap((d) => d.slots.map((s) => s.getTime())));
    fc.assert(
      fc.property(fc.integer({ min: -3 * 86_400_000, max: 20 * 86_400_000 }), (offset) => {
        const start = new Date(now.getTime() + offset);
        const problem = slotProblem(start, now, HOURS, SETTINGS, TEXT);
        expect(problem === null).toBe(offered.has(start.getTime()));
      }),
      { numRuns: 500 },
    );
  });
});

describe('labels', () => {
  it('names a slot the way the visitor reads it', () => {
    expect(dayLabel('2026-11-26')).toBe('jueves 26 de noviembre');
    expect(slotLabel('2026-11-26T13:30:00Z')).toBe('jueves 26 de noviembre, 10:30');
    expect(slotLabel('2026-07-01T14:00:00Z')).toBe('miércoles 1 de julio, 10:00');
  });

  it('states the hours the slots are cut from (SPEC §9, ADR 0036)', () => {
    expect(hoursSentence(HOURS.schedule)).toBe(TEXT);
  });
});
