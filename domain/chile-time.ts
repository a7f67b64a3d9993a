// Chile's time, in one place: the dealership's staff and visitors read every date as dd-mm-yyyy HH:mm in
// America/Santiago, whatever the zone of the server or the browser. Pure: no I/O, no framework.

export const CHILE_TIME_ZONE = 'America/Santiago';

const parts = new Intl.DateTimeFormat('es-CL', {
  timeZone: CHILE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const HOUR = 3_600_000;
/** Chile's UTC offset (ms) per UTC hour: it only changes at whole hours, so a long CSV asks Intl once an hour. */
const offsets = new Map<number, number>();

function chileOffset(ms: number): number {
  const hour = Math.floor(ms / HOUR);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const at = hour * HOUR;
    const p: Record<string, number> = {};
    for (const part of parts.formatToParts(new Date(at))) p[part.type] = Number(part.value);
    offset = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0) - at;
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

const two = (n: number) => String(n).padStart(2, '0');

function chileParts(
  value: Date | string | number,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const ms = new Date(value).getTime();
  const local = new Date(ms + chileOffset(ms));
  return {
    year: String(local.getUTCFullYear()),
    month: two(local.getUTCMonth() + 1),
    day: two(local.getUTCDate()),
    hour: two(local.getUTCHours()),
    minute: two(local.getUTCMinutes()),
  };
}

/** '2026-01-15T15:30:00Z' → '15-01-2026 12:30' (summer time, UTC−3). */
export function formatChileDateTime(value: Date | string | number): string {
  const p = chileParts(value);
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

/** '15-01-2026'. */
export function formatChileDate(value: Date | string | number): string {
  const p = chileParts(value);
  return `${p.day}-${p.month}-${p.year}`;
}

/** The Chilean calendar day of an instant as 'yyyy-mm-dd' (the value of an <input type="date">). */
export function chileDayKey(value: Date | string | number): string {
  const p = chileParts(value);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The instant a Chilean calendar day ('yyyy-mm-dd') starts: its offset changes with daylight saving time. */
export function chileDayStart(dayKey: string): Date {
  const [year = 0, month = 1, day = 1] = dayKey.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, day);
  // The offset at the wall-clock instant may differ from the offset at the answer near a change of offset. When
  // clocks go forward at midnight the day starts at 01:00, so the answer is the earliest candidate of that day.
  const first = wall - chileOffset(wall);
  const second = wall - chileOffset(first);
  const candidates = [first, second].filter((ms) => chileDayKey(ms) === dayKey);
  return new Date(candidates.length > 0 ? Math.min(...candidates) : second);
}

/** The calendar day after a 'yyyy-mm-dd' day, as 'yyyy-mm-dd'. */
export function nextDayKey(dayKey: string): string {
  const date = new Date(`${dayKey}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

// Made on first use, so a page that never shows a long date loads no locale data for it.
let longFormat: Intl.DateTimeFormat | undefined;

/** '2026-01-15T15:30:00Z' → 'jueves, 15 de enero de 2026, 12:30', for sentences such as an e-mail's. */
export function formatChileLongDateTime(value: Date | string | number): string {
  longFormat ??= new Intl.DateTimeFormat('es-CL', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: CHILE_TIME_ZONE,
  });
  return longFormat.format(new Date(value));
}

/** 'yyyy-mm-dd' → '15-01-2026' for labels, without any time zone arithmetic. */
export function dayKeyToChile(key: string): string {
  const [year, month, day] = key.split('-');
  return `${day}-${month}-${year}`;
}

/**
 * A day typed as dd-mm-yyyy (or dd/mm/yyyy) or sent by a date input as yyyy-mm-dd → 'yyyy-mm-dd'; null when it is
 * not a real calendar day.
 */
export function parseDayInput(value: string): string | null {
  const text = value.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  let year: number;
  let month: number;
  let day: number;
  if (match) {
    [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
    if (!match) return null;
    [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 2000 || year > 2100 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The instant a Chilean wall-clock time happens: day 'yyyy-mm-dd', `minutes` after 00:00. Null for a time the clocks
 * skip when they go forward; a time that happens twice (clocks going back) gives the first.
 */
export function chileWallTime(dayKey: string, minutes: number): Date | null {
  const [year = 0, month = 1, day = 1] = dayKey.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  const expected = new Date(wall).toISOString().slice(0, 16);
  const candidates = [wall - chileOffset(wall - 6 * HOUR), wall - chileOffset(wall + 6 * HOUR)]
    .filter((ms) => new Date(ms + chileOffset(ms)).toISOString().slice(0, 16) === expected)
    .sort((a, b) => a - b);
  return candidates[0] === undefined ? null : new Date(candidates[0]);
}
