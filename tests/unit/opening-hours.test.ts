// The one opening-hours setting (ADR 0036): the requests' deadlines on a fixed clock and Chile's own holiday calendar,
// the hours text, and the schedule an older stored version gets from its text and test-drive hours.
import { withOpeningSchedule } from '@contracts/dealership.ts';
import {
  type OpeningSchedule,
  OpeningScheduleSchema,
  parseDayHours,
  parseHoursLine,
  scheduleFromOldSettings,
} from '@contracts/opening-schedule.ts';
import { chileDayKey, chileWallTime, formatChileDateTime } from '@domain/chile-time.ts';
import { hoursLines, hoursSentence } from '@domain/hours-text.ts';
import { dayRanges, type IsHoliday, nextOpening, promiseDueAt } from '@domain/opening-hours.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import { chileHolidays } from '@server/services/rights/chile-holidays.ts';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { scheduleErrors, scheduleFromForm } from '~/lib/admin/settings-form';

let chile: IsHoliday;
beforeAll(async () => {
  chile = await chileHolidays();
});

const HOUR = 3_600_000;
/** Chile's wall-clock time 'HH:mm' of a day, as an instant. */
const at = (day: string, clock: string) => {
  const [h = 0, m = 0] = clock.split(':').map(Number);
  return chileWallTime(day, h * 60 + m) as Date;
};
const DEMO = defaultDealership.schedule;
const SATURDAY_CLOSED: OpeningSchedule = { ...DEMO, week: DEMO.week.with(6, []) };
const EVERY_DAY: OpeningSchedule = {
  week: Array.from({ length: 7 }, () => [{ open: '09:00', close: '19:00' }]),
  closedOnHolidays: true,
  closedDates: [],
};
const due = (arrival: Date, hours: number, schedule: OpeningSchedule, isHoliday: IsHoliday = chile) =>
  formatChileDateTime(promiseDueAt(arrival, hours, schedule, isHoliday));
/** The changes of clocks of April 2026 fall on Easter's Saturday (a holiday): those tests leave holidays out. */
const none: IsHoliday = () => false;

describe('promiseDueAt: the promised hours run on the days the dealership opens', () => {
  it('keeps a weekday promise as the public reads it: Monday 10:00 is due Tuesday 10:00', () => {
    expect(due(at('2026-11-23', '10:00'), 24, DEMO)).toBe('24-11-2026 10:00');
  });

  it('moves a Friday-afternoon request to Monday when Saturday is closed, never to the weekend', () => {
    // Friday 27 November 2026, 16:00: 8 hours of Friday, Saturday and Sunday closed, 16 hours of Monday.
    expect(due(at('2026-11-27', '16:00'), 24, SATURDAY_CLOSED)).toBe('30-11-2026 16:00');
    // The appraisal's 48 hours: Tuesday 16:00, within the opening hours.
    expect(due(at('2026-11-27', '16:00'), 48, SATURDAY_CLOSED)).toBe('01-12-2026 16:00');
    // The appraisal of Friday 02:40 was due on Sunday at 02:40: now Tuesday at opening.
    expect(due(at('2026-11-27', '02:40'), 48, SATURDAY_CLOSED)).toBe('01-12-2026 09:30');
  });

  it('moves a due time that falls outside the opening hours to the next opening', () => {
    // Saturday open 10:30–13:30: Friday 16:00 + 24 h is Saturday 16:00, shut; Sunday closed; Monday 09:30.
    expect(due(at('2026-11-27', '16:00'), 24, DEMO)).toBe('30-11-2026 09:30');
    // Monday 20:00 + 24 h is Tuesday 20:00, after closing: Wednesday 09:30.
    expect(due(at('2026-11-23', '20:00'), 24, DEMO)).toBe('25-11-2026 09:30');
    // Due right at closing time is still the day's.
    expect(due(at('2026-11-23', '19:00'), 24, DEMO)).toBe('24-11-2026 19:00');
    // A request on Sunday starts counting on Monday.
    expect(due(at('2026-11-29', '11:00'), 24, DEMO)).toBe('01-12-2026 09:30');
  });

  it('stops on Chile’s public holidays, from the same calendar as the business-day clocks', () => {
    // Tuesday 8 December 2026 is the Inmaculada Concepción.
    expect(due(at('2026-12-07', '10:00'), 24, DEMO)).toBe('09-12-2026 10:00');
    // Fiestas Patrias 2026: Friday 18 and Saturday 19 September, then Sunday closed.
    expect(due(at('2026-09-17', '15:00'), 24, DEMO)).toBe('21-09-2026 15:00');
    // A dealership that opens on holidays counts them.
    expect(due(at('2026-12-07', '10:00'), 24, { ...DEMO, closedOnHolidays: false })).toBe('08-12-2026 10:00');
    // A date the admin closed stops the clock like a holiday.
    expect(due(at('2026-11-23', '10:00'), 24, { ...DEMO, closedDates: ['2026-11-24'] })).toBe(
      '25-11-2026 10:00',
    );
  });

  it('counts real hours across Chile’s changes of clocks', () => {
    // Saturday 5 September 2026 12:00 (UTC−4): Sunday starts at 01:00 (UTC−3), so 24 h later is Sunday 13:00.
    const spring = at('2026-09-05', '12:00');
    expect(promiseDueAt(spring, 24, EVERY_DAY, () => false).getTime() - spring.getTime()).toBe(24 * HOUR);
    expect(due(spring, 24, EVERY_DAY, none)).toBe('06-09-2026 13:00');
    // Saturday 4 April 2026 12:00 (UTC−3): the night has 25 hours, so 24 h later is Sunday 11:00 (UTC−4).
    const autumn = at('2026-04-04', '12:00');
    expect(promiseDueAt(autumn, 24, EVERY_DAY, () => false).getTime() - autumn.getTime()).toBe(24 * HOUR);
    expect(due(autumn, 24, EVERY_DAY, none)).toBe('05-04-2026 11:00');
    // Closed Saturdays: the day of the change does not count, whatever its length.
    expect(due(at('2026-04-03', '12:00'), 24, SATURDAY_CLOSED, none)).toBe('06-04-2026 12:00');
    expect(due(at('2026-09-04', '12:00'), 24, SATURDAY_CLOSED, none)).toBe('07-09-2026 12:00');
  });

  it('property: never earlier than the promise, always at an open moment, and Saturday closed means no Saturday', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 11, 31) }),
        fc.constantFrom(24, 48),
        fc.constantFrom(DEMO, SATURDAY_CLOSED),
        (ms, hours, schedule) => {
          const arrival = new Date(ms);
          const dueAt = promiseDueAt(arrival, hours, schedule, chile);
          expect(dueAt.getTime()).toBeGreaterThanOrEqual(ms + hours * HOUR);
          expect(nextOpening(dueAt, schedule, chile)?.getTime()).toBe(dueAt.getTime());
          const day = chileDayKey(dueAt);
          expect(dayRanges(day, schedule, chile).length).toBeGreaterThan(0);
          expect(chile(day)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the hours as people read them', () => {
  it('writes the demo week as the pages always showed it, and a closed Saturday as such', () => {
    expect(hoursLines(DEMO)).toEqual(['Lun-Vie 9:30-19:00', 'Sáb 10:30-13:30']);
    expect(hoursSentence(SATURDAY_CLOSED)).toBe('Lun-Vie 9:30-19:00, Sáb y Dom cerrado');
    const split: OpeningSchedule = {
      ...DEMO,
      week: [
        [{ open: '10:00', close: '14:00' }],
        [
          { open: '09:00', close: '13:00' },
          { open: '15:00', close: '18:00' },
        ],
        [
          { open: '09:00', close: '13:00' },
          { open: '15:00', close: '18:00' },
        ],
        [],
        [{ open: '09:00', close: '18:00' }],
        [{ open: '09:00', close: '18:00' }],
        [],
      ],
    };
    expect(hoursLines(split)).toEqual([
      'Lun y Mar 9:00-13:00 y 15:00-18:00',
      'Mié cerrado',
      'Jue y Vie 9:00-18:00',
      'Sáb cerrado',
      'Dom 10:00-14:00',
    ]);
  });

  it('reads a day as staff type it, and refuses what is not hours', () => {
    expect(parseDayHours('9:30-19:00')).toEqual([{ open: '09:30', close: '19:00' }]);
    expect(parseDayHours('9 a 13 y 15:00 - 18:30')).toEqual([
      { open: '09:00', close: '13:00' },
      { open: '15:00', close: '18:30' },
    ]);
    expect(parseDayHours('')).toEqual([]);
    expect(parseDayHours(' Cerrado ')).toEqual([]);
    for (const bad of ['mañana', '25:00-26:00', '9:30', '9:30-19:61', '<script>'])
      expect(parseDayHours(bad), bad).toBeNull();
  });
});

describe('a version stored before the setting existed', () => {
  it('takes its days from the text the admin saved, and the rest from the test-drive hours', () => {
    const stored = {
      hours: { weekdays: 'Lun-Vie 9:00-18:00', saturday: 'Sáb cerrado' },
      openingHours: [
        ...[1, 2, 3, 4, 5].map((day) => ({ day, open: '09:30', close: '19:00' })),
        { day: 6, open: '10:30', close: '13:30' },
      ],
    };
    const schedule = scheduleFromOldSettings(stored);
    expect(schedule?.week).toEqual([
      [],
      ...[1, 2, 3, 4, 5].map(() => [{ open: '09:00', close: '18:00' }]),
      [],
    ]);
    expect(schedule?.closedOnHolidays).toBe(true);
    // The whole stored version is completed with it, and its old fields go (parseStoredDealership drops them).
    expect(withOpeningSchedule(stored)).toMatchObject({ schedule });
    expect(withOpeningSchedule({ ...stored, schedule: DEMO })).toMatchObject({ schedule: DEMO });
  });

  it('keeps the test-drive hours when the text cannot be read, and has nothing to say without either', () => {
    const schedule = scheduleFromOldSettings({
      hours: { weekdays: 'De lunes a viernes en horario de oficina', saturday: 'Sábado: 10:00 a 14:00' },
      openingHours: [{ day: 3, open: '09:00', close: '17:00' }],
    });
    expect(schedule?.week[3]).toEqual([{ open: '09:00', close: '17:00' }]);
    expect(schedule?.week[6]).toEqual([{ open: '10:00', close: '14:00' }]);
    expect(scheduleFromOldSettings({ name: 'x' })).toBeNull();
    expect(parseHoursLine('Lun-Vie')).toBeNull();
    expect(parseHoursLine('Lun a Vie 9-18')?.days).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('the Sitio form', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  it('reads the days, the holidays box and the closed dates into a schedule the contract takes', () => {
    const schedule = scheduleFromForm(
      form({
        'schedule.week.1': '9:00-18:00',
        'schedule.week.6': '',
        'schedule.closedOnHolidays': 'on',
        'schedule.closedDates': '24-12-2027\n\n31/12/2027',
      }),
    );
    expect(schedule.week[1]).toEqual([{ open: '09:00', close: '18:00' }]);
    expect(schedule.week[6]).toEqual([]);
    expect(schedule.closedDates).toEqual(['2027-12-24', '2027-12-31']);
    expect(OpeningScheduleSchema.safeParse(schedule).success).toBe(true);
    expect(scheduleFromForm(form({ 'schedule.week.1': '9-18' })).closedOnHolidays).toBe(false);
  });

  it('names the day and the line it cannot read before sending', () => {
    const errors = scheduleErrors(
      form({ 'schedule.week.2': 'todo el día', 'schedule.closedDates': '24-12-2027\n31-02-2027' }),
    );
    expect(errors['schedule.week.2']).toMatch(/^Escribe el horario como 9:30-19:00/);
    expect(errors['schedule.closedDates']).toMatch(/^Línea 2: escribe la fecha como dd-mm-aaaa/);
    expect(Object.keys(errors)).toHaveLength(2);
  });
});
