// Chile's public holidays for the business-day clocks (art. 11: a block answered within 2 business days), the opening
// hours (ADR 0036) and what Sitio lists of them (ADR 0041). The calendar comes from date-holidays (maintained,
// offline: its rules ship in the package), loaded on first use so an instance that never starts such a clock never
// holds its data (~9 MB). tests/unit/chile-holidays.test.ts holds 2026 and 2027 to the laws that fix them.
import type { IsHoliday } from '@domain/rights.ts';

type HolidaysModule = typeof import('date-holidays');

/** A year's holidays: the day ('yyyy-mm-dd') and its name, in Spanish. */
type YearHolidays = Map<string, string>;

let loading: Promise<(year: number) => YearHolidays> | undefined;

async function load(): Promise<(year: number) => YearHolidays> {
  const { default: Holidays } = (await import('date-holidays')) as HolidaysModule;
  const calendar = new Holidays('CL', { types: ['public'] });
  // Sábado Santo is a national holiday (Ley 2.977) the package's rules leave out; Saturdays count as business days
  // here, so it matters.
  calendar.setHoliday('easter -1', { name: 'Sábado Santo', type: 'public' });
  const years = new Map<number, YearHolidays>();
  return (year) => {
    let days = years.get(year);
    if (!days) {
      days = new Map(
        calendar
          .getHolidays(year)
          .filter((holiday) => holiday.type === 'public')
          .map((holiday) => [holiday.date.slice(0, 10), holiday.name] as const),
      );
      years.set(year, days);
    }
    return days;
  };
}

/** Whether a Chilean day ('yyyy-mm-dd') is a public holiday. */
export async function chileHolidays(): Promise<IsHoliday> {
  loading ??= load();
  const ofYear = await loading;
  return (dayKey) => ofYear(Number(dayKey.slice(0, 4))).has(dayKey);
}

/** The public holidays from `from` to `to` (both 'yyyy-mm-dd', included), in order, with their names. */
export async function chileHolidayList(
  from: string,
  to: string,
): Promise<Array<{ day: string; name: string }>> {
  loading ??= load();
  const ofYear = await loading;
  const found: Array<{ day: string; name: string }> = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++)
    for (const [day, name] of ofYear(year)) if (day >= from && day <= to) found.push({ day, name });
  return found.sort((a, b) => a.day.localeCompare(b.day));
}
