// What the one opening-hours setting (ADR 0036) means: which days the dealership opens, the schema.org
// specification, and when a promise of first contact falls due. Pure: the caller gives the clock
// and the public-holiday calendar (server/services/rights/chile-holidays.ts).

import type { OpeningRange, OpeningSchedule } from '@contracts/opening-schedule.ts';
import { chileDayKey, chileDayStart, chileWallTime, nextDayKey } from './chile-time.ts';
import { WEEK_ORDER } from './hours-text.ts';
import type { IsHoliday } from './rights.ts';

export type { IsHoliday };

const SCHEMA_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The weekday (0 Sunday … 6 Saturday) of a 'yyyy-mm-dd' calendar day. */
export const weekdayOf = (dayKey: string) => new Date(`${dayKey}T12:00:00Z`).getUTCDay();

export const minutesOf = (clock: string) => {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
};

/** Why a day is closed although its weekday opens: a public holiday or a date the admin closed; null when open. */
export function closedReason(
  dayKey: string,
  schedule: OpeningSchedule,
  isHoliday: IsHoliday,
): 'feriado' | 'cerrado' | null {
  if (schedule.closedDates.includes(dayKey)) return 'cerrado';
  if (schedule.closedOnHolidays && isHoliday(dayKey)) return 'feriado';
  return null;
}

/** The opening ranges of one Chilean day, in order: none on a closed weekday, a holiday or a closed date. */
export function dayRanges(dayKey: string, schedule: OpeningSchedule, isHoliday: IsHoliday): OpeningRange[] {
  if (closedReason(dayKey, schedule, isHoliday)) return [];
  return [...(schedule.week[weekdayOf(dayKey)] ?? [])].sort((a, b) => a.open.localeCompare(b.open));
}

/** schema.org's OpeningHoursSpecification of the week and of the dates the admin closed. */
export function openingHoursSpecification(schedule: OpeningSchedule): Array<Record<string, unknown>> {
  const byRange = new Map<string, { opens: string; closes: string; days: string[] }>();
  for (const day of WEEK_ORDER) {
    for (const range of schedule.week[day] ?? []) {
      const key = `${range.open}-${range.close}`;
      const entry = byRange.get(key) ?? { opens: range.open, closes: range.close, days: [] };
      entry.days.push(SCHEMA_DAYS[day] as string);
      byRange.set(key, entry);
    }
  }
  return [
    ...[...byRange.values()].map((entry) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: entry.days,
      opens: entry.opens,
      closes: entry.closes,
    })),
    // A closed day is a special specification with 00:00–00:00 (schema.org's way of saying "closed").
    ...schedule.closedDates.map((day) => ({
      '@type': 'OpeningHoursSpecification',
      validFrom: day,
      validThrough: day,
      opens: '00:00',
      closes: '00:00',
    })),
  ];
}

/** How far ahead the clocks look for an open day before giving up (a year of closed dates cannot happen). */
const MAX_DAYS = 400;

function wallTime(dayKey: string, minutes: number): Date {
  // Chile's clocks change at midnight: a time they skip is taken an hour later (00:30 → 01:30).
  return (
    chileWallTime(dayKey, minutes) ?? chileWallTime(dayKey, minutes + 60) ?? chileDayStart(nextDayKey(dayKey))
  );
}

/** The next instant at or after `at` at which the dealership is open; null when it never opens. */
export function nextOpening(at: Date, schedule: OpeningSchedule, isHoliday: IsHoliday): Date | null {
  let day = chileDayKey(at);
  for (let step = 0; step < MAX_DAYS; step++, day = nextDayKey(day)) {
    for (const range of dayRanges(day, schedule, isHoliday)) {
      const open = wallTime(day, minutesOf(range.open));
      const close = wallTime(day, minutesOf(range.close));
      if (close.getTime() < at.getTime()) continue;
      return open.getTime() >= at.getTime() ? open : at;
    }
  }
  return null;
}

const isOpenDay = (dayKey: string, schedule: OpeningSchedule, isHoliday: IsHoliday) =>
  dayRanges(dayKey, schedule, isHoliday).length > 0;

/**
 * When a promise of first contact made at `arrival` falls due (ADR 0036): the promised hours run on the days the
 * dealership opens — a closed weekday, a public holiday or a closed date stops the clock for the whole day — and a
 * due time outside the opening hours moves to the next opening. So a request of Friday 16:00 is due Monday 16:00
 * when Saturday is closed, one of Monday 10:00 is due Tuesday 10:00, and one of Monday 20:00 Wednesday 09:30 rather
 * than Tuesday 20:00 with the doors shut. Durations are real ones: a day whose clocks change counts 23 or 25 hours.
 */
export function promiseDueAt(
  arrival: Date,
  promiseHours: number,
  schedule: OpeningSchedule,
  isHoliday: IsHoliday,
): Date {
  let left = promiseHours * 3_600_000;
  let at = arrival.getTime();
  let day = chileDayKey(arrival);
  for (let step = 0; step < MAX_DAYS && left > 0; step++) {
    const next = nextDayKey(day);
    const end = chileDayStart(next).getTime();
    if (isOpenDay(day, schedule, isHoliday)) {
      const run = Math.min(left, end - at);
      at += run;
      left -= run;
      if (left === 0) break;
    }
    at = end;
    day = next;
  }
  // A schedule that never opens (the contract forbids it) falls back on the clock.
  if (left > 0) return new Date(arrival.getTime() + promiseHours * 3_600_000);
  const due = new Date(at);
  return nextOpening(due, schedule, isHoliday) ?? due;
}
