// Test-drive slots (ADR 0020): 30-minute slots inside the dealership's opening hours, in Chile time whatever the
// zone of the server or the browser, for the next days, never in the past. Pure: the caller says what time it is.

import type { TestDriveSettings } from '@contracts/dealership.ts';
import type { OpeningSchedule } from '@contracts/opening-schedule.ts';
import { chileDayKey, chileWallTime, formatChileDateTime, nextDayKey } from './chile-time.ts';
import { dayRanges, type IsHoliday, minutesOf, weekdayOf } from './opening-hours.ts';

export { weekdayOf };

export const SLOT_MINUTES = 30;
const SLOT_MS = SLOT_MINUTES * 60_000;

/** The opening hours (ADR 0036) and the public-holiday calendar the slots are cut from. */
export interface SlotHours {
  schedule: OpeningSchedule;
  isHoliday: IsHoliday;
}

/**
 * The start of every slot of a Chilean day that fits whole inside one of its opening ranges, in order: none on a
 * closed weekday, a public holiday (when the dealership closes on them) or a date the admin closed.
 */
export function daySlots(dayKey: string, hours: SlotHours): Date[] {
  const starts = new Set<number>();
  for (const range of dayRanges(dayKey, hours.schedule, hours.isHoliday)) {
    const close = minutesOf(range.close);
    let start = Math.ceil(minutesOf(range.open) / SLOT_MINUTES) * SLOT_MINUTES;
    for (; start + SLOT_MINUTES <= close; start += SLOT_MINUTES) {
      const instant = chileWallTime(dayKey, start);
      if (instant) starts.add(instant.getTime());
    }
  }
  return [...starts].sort((a, b) => a - b).map((ms) => new Date(ms));
}

/** The days offered: today (in Chile) and the following ones, `daysAhead` in all. */
export function bookingDays(now: Date, settings: Pick<TestDriveSettings, 'daysAhead'>): string[] {
  const days = [chileDayKey(now)];
  while (days.length < settings.daysAhead) days.push(nextDayKey(days.at(-1) as string));
  return days;
}

/** The earliest instant a slot may start: now plus the notice. */
export const earliestStart = (now: Date, settings: Pick<TestDriveSettings, 'minNoticeMinutes'>) =>
  new Date(now.getTime() + settings.minNoticeMinutes * 60_000);

export interface SlotDay {
  /** 'yyyy-mm-dd', Chile. */
  day: string;
  slots: Date[];
}

/** Every bookable slot from now on, by day; days without one are left out. Capacity is the caller's business. */
export function openSlots(now: Date, hours: SlotHours, settings: TestDriveSettings): SlotDay[] {
  const earliest = earliestStart(now, settings).getTime();
  return bookingDays(now, settings)
    .map((day) => ({ day, slots: daySlots(day, hours).filter((slot) => slot.getTime() >= earliest) }))
    .filter((day) => day.slots.length > 0);
}

/**
 * Why a requested start cannot be booked, as the Spanish sentence the visitor reads, or null when it is one of the
 * slots `openSlots` offers. `hoursText` is how the pages state the opening hours.
 */
export function slotProblem(
  start: Date,
  now: Date,
  hours: SlotHours,
  settings: TestDriveSettings,
  hoursText: string,
): string | null {
  const ms = start.getTime();
  if (!Number.isFinite(ms)) return 'Elige un horario de la lista.';
  if (ms <= now.getTime()) return 'Ese horario ya pasó. Elige otro de la lista.';
  if (ms < earliestStart(now, settings).getTime()) {
    const hoursAhead = settings.minNoticeMinutes / 60;
    const notice = Number.isInteger(hoursAhead)
      ? `${hoursAhead} ${hoursAhead === 1 ? 'hora' : 'horas'}`
      : `${settings.minNoticeMinutes} minutos`;
    return `Agenda con al menos ${notice} de anticipación. Elige otro horario.`;
  }
  if (ms % SLOT_MS !== 0 || chileMinutes(start) % SLOT_MINUTES !== 0)
    return 'Las pruebas de manejo empiezan a la hora o a la media hora (por ejemplo 10:00 o 10:30).';
  const days = bookingDays(now, settings);
  if (!days.includes(chileDayKey(start)))
    return `Puedes agendar dentro de los próximos ${settings.daysAhead} días.`;
  if (!daySlots(chileDayKey(start), hours).some((slot) => slot.getTime() === ms))
    return `Ese horario está fuera de nuestro horario de atención (${hoursText}).`;
  return null;
}

const chileMinutes = (instant: Date) => {
  const clock = formatChileDateTime(instant).slice(11);
  return minutesOf(clock);
};

/** '10:30', Chile time. */
export const slotTime = (start: Date | string) => formatChileDateTime(start).slice(11);

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** 'jueves 26 de noviembre', for a 'yyyy-mm-dd' day (no Intl: the browser loads no locale data for it). */
export function dayLabel(dayKey: string): string {
  const [, month = 1, day = 1] = dayKey.split('-').map(Number);
  return `${WEEKDAYS[weekdayOf(dayKey)]} ${day} de ${MONTHS[month - 1]}`;
}

/** 'jueves 26 de noviembre, 10:30', the slot as the visitor and staff read it. */
export const slotLabel = (start: Date | string) => `${dayLabel(chileDayKey(start))}, ${slotTime(start)}`;
