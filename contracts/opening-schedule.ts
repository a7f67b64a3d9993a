import { z } from 'zod';

// The dealership's opening hours, the one setting (ADR 0036) from which the pages' hours text, the JSON-LD, the
// test-drive slots and the requests' deadlines are all written. Chile time; `week[0]` is Sunday, `week[6]` Saturday.

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY_KEY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const WEEKDAY_NAMES = [
  'domingo',
  'lunes',
  'martes',
  'miércoles',
  'jueves',
  'viernes',
  'sábado',
] as const;

const ClockSchema = z
  .string({ error: 'Escribe la hora como HH:mm, por ejemplo 09:30.' })
  .regex(CLOCK, 'Escribe la hora como HH:mm, por ejemplo 09:30.');

export const OpeningRangeSchema = z
  .strictObject({ open: ClockSchema, close: ClockSchema })
  .refine((range) => range.open < range.close, 'El horario debe abrir antes de cerrar.');
export type OpeningRange = z.infer<typeof OpeningRangeSchema>;

/** A real calendar day as 'yyyy-mm-dd' (2000–2100). */
export const DayKeySchema = z
  .string({ error: 'Escribe la fecha como dd-mm-aaaa.' })
  .regex(DAY_KEY, 'Escribe la fecha como dd-mm-aaaa.')
  .refine((day) => {
    // Zod runs this check after a failed pattern too: such a value is already refused.
    if (!DAY_KEY.test(day)) return true;
    const date = new Date(`${day}T12:00:00Z`);
    const year = date.getUTCFullYear();
    return (
      !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day && year >= 2000 && year <= 2100
    );
  }, 'Esa fecha no existe en el calendario.');

export const OpeningScheduleSchema = z
  .strictObject({
    /** Seven days, Sunday first: an empty list is a closed day; at most three ranges a day. */
    week: z
      .array(z.array(OpeningRangeSchema).max(3, 'Un día puede tener hasta 3 tramos de horario.'), {
        error: 'El horario debe tener los siete días de la semana.',
      })
      .length(7, 'El horario debe tener los siete días de la semana.'),
    /** Closed on Chile's public holidays (the calendar the business-day clocks use). */
    closedOnHolidays: z.boolean({ error: 'Indica si la automotora cierra los feriados.' }),
    /** Extra days closed (inventory, a local holiday), 'yyyy-mm-dd'. */
    closedDates: z
      .array(DayKeySchema, { error: 'Escribe una fecha por línea.' })
      .max(60, 'Puedes indicar hasta 60 días cerrados.'),
  })
  .superRefine((schedule, context) => {
    schedule.week.forEach((ranges, day) => {
      const sorted = [...ranges].sort((a, b) => a.open.localeCompare(b.open));
      for (let index = 1; index < sorted.length; index++) {
        const previous = sorted[index - 1];
        const range = sorted[index];
        if (previous && range && range.open < previous.close)
          context.addIssue({
            code: 'custom',
            path: ['week', day],
            message: `Los horarios del ${WEEKDAY_NAMES[day]} se superponen.`,
          });
      }
    });
    if (schedule.week.every((ranges) => ranges.length === 0))
      context.addIssue({
        code: 'custom',
        path: ['week'],
        message: 'La automotora debe abrir al menos un día a la semana.',
      });
    const repeated = schedule.closedDates.find((day, index) => schedule.closedDates.indexOf(day) !== index);
    if (repeated)
      context.addIssue({
        code: 'custom',
        path: ['closedDates'],
        message: `La fecha ${repeated.split('-').reverse().join('-')} está repetida.`,
      });
  });
export type OpeningSchedule = z.infer<typeof OpeningScheduleSchema>;

// ------------------------------------------------------------------ the hours as people type them

const DAY_WORDS: Array<[RegExp, number]> = [
  [/^lu(n(es)?)?\.?$/, 1],
  [/^ma(r(tes)?)?\.?$/, 2],
  [/^mi([eé](rcoles)?)?\.?$/, 3],
  [/^ju(e(ves)?)?\.?$/, 4],
  [/^vi(e(rnes)?)?\.?$/, 5],
  [/^s[aá](b(ado)?)?\.?$/, 6],
  [/^do(m(ingo)?)?\.?$/, 0],
];

function dayOfWord(word: string): number | null {
  const found = DAY_WORDS.find(([pattern]) => pattern.test(word));
  return found ? found[1] : null;
}

/** '9', '9:30', '09.30', '9 hrs' → '09:30'; null when it is not a time of day. */
function clockOf(text: string): string | null {
  const match = /^(\d{1,2})(?:[:.](\d{2}))?\s*(?:h|hrs?|horas)?\.?$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/**
 * The ranges of one day as staff type them: '9:30-19:00', '9:00 a 13:00 y 15:00 a 18:00', 'cerrado' or blank (no
 * range); null when the text is not that.
 */
export function parseDayHours(value: string): OpeningRange[] | null {
  const text = value.trim().toLowerCase();
  if (text === '' || /^cerrad[oa]\.?$/.test(text)) return [];
  const ranges: OpeningRange[] = [];
  for (const part of text.split(/\s*(?:,|;|\by\b|\/)\s*/)) {
    if (part === '') continue;
    const match = /^(.+?)\s*(?:-|–|—|\ba\b|\bhasta\b)\s*(.+)$/.exec(part.replace(/^de\s+/, ''));
    const open = match?.[1] ? clockOf(match[1]) : null;
    const close = match?.[2] ? clockOf(match[2]) : null;
    if (!open || !close) return null;
    ranges.push({ open, close });
  }
  return ranges;
}

/**
 * The days a line of the old free-text hours speaks of and their ranges: 'Lun-Vie 9:00-18:00', 'Sáb cerrado',
 * 'Sábado: 10:00 a 14:00'. Null when the line cannot be read.
 */
export function parseHoursLine(value: string): { days: number[]; ranges: OpeningRange[] } | null {
  const match = /^\s*([a-záéíóú.]+)(?:\s*(?:-|–|\ba\b)\s*([a-záéíóú.]+))?\s*:?\s*(.*)$/i.exec(value.trim());
  if (!match?.[1]) return null;
  const first = dayOfWord(match[1].toLowerCase());
  const last = match[2] ? dayOfWord(match[2].toLowerCase()) : first;
  if (first === null || last === null) return null;
  const ranges = parseDayHours(match[3] ?? '');
  if (ranges === null || (match[3] ?? '').trim() === '') return null;
  const days: number[] = [];
  for (let day = first; days.length < 7; day = (day + 1) % 7) {
    days.push(day);
    if (day === last) break;
  }
  return { days, ranges };
}

/**
 * The schedule of a version stored before the setting existed (ADR 0036): its structured test-drive hours
 * (`openingHours`), with each day the pages' text (`hours`, what the admin typed and visitors read) speaks of taken
 * from that text. Null when the version has neither.
 */
export function scheduleFromOldSettings(stored: Record<string, unknown>): OpeningSchedule | null {
  const week: OpeningRange[][] = [[], [], [], [], [], [], []];
  let found = false;
  if (Array.isArray(stored.openingHours)) {
    for (const range of stored.openingHours as Array<{ day?: unknown; open?: unknown; close?: unknown }>) {
      if (
        typeof range?.day === 'number' &&
        week[range.day] &&
        typeof range.open === 'string' &&
        typeof range.close === 'string' &&
        CLOCK.test(range.open) &&
        CLOCK.test(range.close) &&
        range.open < range.close
      ) {
        week[range.day]?.push({ open: range.open, close: range.close });
        found = true;
      }
    }
  }
  const hours = stored.hours as Record<string, unknown> | undefined;
  for (const line of [hours?.weekdays, hours?.saturday]) {
    if (typeof line !== 'string') continue;
    const read = parseHoursLine(line);
    if (!read) continue;
    for (const day of read.days) week[day] = read.ranges.map((range) => ({ ...range }));
    found = true;
  }
  if (!found) return null;
  const schedule = { week, closedOnHolidays: true, closedDates: [] };
  return OpeningScheduleSchema.safeParse(schedule).success ? schedule : null;
}
