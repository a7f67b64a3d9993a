// The rights of Ley 19.628 as amended by Ley 21.719 (arts. 4–11, ADR 0031 decision 6) and their legal clocks. Pure:
// the holidays come in as a predicate, so the arithmetic is tested on a fixed calendar and the server supplies Chile's.
import { chileDayKey, chileDayStart, nextDayKey } from './chile-time.ts';
import { type DeadlineState, formatDuration } from './lead-deadline.ts';

export type { Right, RightsRequestStatus } from '@contracts/rights.ts';

/** Art. 11: the answer within 30 calendar days of receipt, extendable once by up to 30. */
export const ANSWER_CALENDAR_DAYS = 30;
export const EXTENSION_CALENDAR_DAYS = 30;
/** Art. 11: a block is answered within 2 business days of receipt. */
export const BLOCK_BUSINESS_DAYS = 2;
/** Art. 11 and 41: a refusal tells the person they have 30 business days to complain to the Agencia. */
export const AGENCY_CLAIM_BUSINESS_DAYS = 30;
/** Staff are reminded at this share of a clock, like the leads (issue 21). */
export const RIGHTS_REMINDER_SHARE = 0.75;

/** A 'yyyy-mm-dd' Chilean day is a holiday. */
export type IsHoliday = (dayKey: string) => boolean;

/** The last instant of a Chilean calendar day: a deadline "within N days" runs to the end of its last day. */
export function endOfChileDay(dayKey: string): Date {
  return new Date(chileDayStart(nextDayKey(dayKey)).getTime() - 1);
}

function addDayKeys(dayKey: string, days: number): string {
  let day = dayKey;
  for (let i = 0; i < days; i++) day = nextDayKey(day);
  return day;
}

/** "Dentro de los N días corridos siguientes": counted from the day after `from`, to the end of the Nth. */
export function calendarDeadline(from: Date, days: number): Date {
  return endOfChileDay(addDayKeys(chileDayKey(from), days));
}

/**
 * Business days (días hábiles) after `from`'s Chilean day: every day but Sundays and holidays. Saturdays count: the
 * law does not say which reading applies, and counting them gives the earlier date (ADR 0031), so it is never late
 * under the other reading (Monday to Friday, Ley 19.880 art. 25).
 */
export function businessDeadline(from: Date, days: number, isHoliday: IsHoliday): Date {
  let day = chileDayKey(from);
  let counted = 0;
  while (counted < days) {
    day = nextDayKey(day);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && !isHoliday(day)) counted++;
  }
  return endOfChileDay(day);
}

/** An extension adds its days to the deadline's own last day. */
export function extendedDeadline(dueAt: Date): Date {
  return calendarDeadline(dueAt, EXTENSION_CALENDAR_DAYS);
}

/** When staff are reminded of a clock that started at `from` and ends at `dueAt`. */
export function rightsReminderAt(from: Date, dueAt: Date): Date {
  return new Date(from.getTime() + (dueAt.getTime() - from.getTime()) * RIGHTS_REMINDER_SHARE);
}

export interface RightsClock {
  state: DeadlineState;
  /** 'Quedan 12 días 3 h', 'Vencida hace 2 h', 'Respondida en 3 días'. */
  text: string;
  late: boolean;
}

/**
 * A legal clock as staff read it, in the words of the leads' promised time (lead-deadline.ts): 'por vencer' from the
 * reminder's share of the time on, 'vencida' past the deadline in red, 'atendida' once answered.
 */
export function rightsClock(
  clock: { from: Date | string; dueAt: Date | string; doneAt: Date | string | null },
  now: Date | number,
): RightsClock {
  const from = new Date(clock.from).getTime();
  const due = new Date(clock.dueAt).getTime();
  if (clock.doneAt !== null) {
    const done = new Date(clock.doneAt).getTime();
    const late = done > due;
    return {
      state: 'atendida',
      text: `Respondida en ${formatDuration(done - from)}${late ? ' (fuera de plazo)' : ''}`,
      late,
    };
  }
  const at = new Date(now).getTime();
  const left = due - at;
  if (left <= 0) return { state: 'vencida', text: `Vencida hace ${formatDuration(-left)}`, late: true };
  const duration = formatDuration(left);
  const verb = /^(1 |menos)/.test(duration) ? 'Queda' : 'Quedan';
  const state = at >= rightsReminderAt(new Date(from), new Date(due)).getTime() ? 'por_vencer' : 'a_tiempo';
  return { state, text: `${verb} ${duration}`, late: false };
}
