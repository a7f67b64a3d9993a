// Chile's public holidays for the business-day clocks (art. 11: a block answered within 2 business days). The calendar
// comes from date-holidays (maintained, offline: its rules ship in the package), loaded on first use so an instance
// that never starts such a clock never holds its data (~9 MB).
import type { IsHoliday } from '@domain/rights.ts';

type HolidaysModule = typeof import('date-holidays');

let loading: Promise<(year: number) => Set<string>> | undefined;

async function load(): Promise<(year: number) => Set<string>> {
  const { default: Holidays } = (await import('date-holidays')) as HolidaysModule;
  const calendar = new Holidays('CL', { types: ['public'] });
  // Sábado Santo is a national holiday (Ley 2.977) the package's rules leave out; Saturdays count as business days
  // here, so it matters.
  calendar.setHoliday('easter -1', { name: 'Sábado Santo', type: 'public' });
  const years = new Map<number, Set<string>>();
  return (year) => {
    let days = years.get(year);
    if (!days) {
      days = new Set(
        calendar
          .getHolidays(year)
          .filter((holiday) => holiday.type === 'public')
          .map((holiday) => holiday.date.slice(0, 10)),
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
