// The opening hours (ADR 0036) as people read them, for every page that states them. A module without imports (the
// types aside), so the header island's code keeps none of the date arithmetic of opening-hours.ts.

import type { OpeningRange, OpeningSchedule } from '@contracts/opening-schedule.ts';

/** Monday first, as people read a week. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const SHORT = ['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb'];

/** A day's ranges as people read them: '9:30-19:00 y 15:00-18:00', or '' for a closed day. */
export function dayHoursText(ranges: readonly OpeningRange[]): string {
  const clock = (value: string) => value.replace(/^0(\d)/, '$1');
  return ranges.map((range) => `${clock(range.open)}-${clock(range.close)}`).join(' y ');
}

/**
 * The week as short lines, Monday first, consecutive days with the same hours together: ['Lun-Vie 9:30-19:00',
 * 'Sáb 10:30-13:30'], or ['Lun-Vie 9:00-18:00', 'Sáb y Dom cerrado']. A closed Sunday alone goes unsaid; any other
 * closed day is said (a visitor would otherwise guess).
 */
export function hoursLines(schedule: Pick<OpeningSchedule, 'week'>): string[] {
  const groups: Array<{ days: number[]; text: string }> = [];
  for (const day of WEEK_ORDER) {
    const text = dayHoursText(schedule.week[day] ?? []);
    const last = groups.at(-1);
    if (last && last.text === text) last.days.push(day);
    else groups.push({ days: [day], text });
  }
  return groups
    .filter((group) => group.text !== '' || !(group.days.length === 1 && group.days[0] === 0))
    .map((group) => {
      const first = SHORT[group.days[0] ?? 0];
      const last = SHORT[group.days.at(-1) ?? 0];
      const days =
        group.days.length === 1 ? first : group.days.length === 2 ? `${first} y ${last}` : `${first}-${last}`;
      return group.text === '' ? `${days} cerrado` : `${days} ${group.text}`;
    });
}

/** 'Lun-Vie 9:30-19:00, Sáb 10:30-13:30': the hours in one sentence (the top bar, messages; SPEC §9). */
export const hoursSentence = (schedule: Pick<OpeningSchedule, 'week'>) => hoursLines(schedule).join(', ');
