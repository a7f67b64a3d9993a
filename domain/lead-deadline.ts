// The promise of first contact made visible: how much time is left (or how late it is) for one lead. Pure, so the
// inbox, the lead page and the CSV show the same words for the same clock, and tests can fix the clock.

export type DeadlineState = 'a_tiempo' | 'por_vencer' | 'vencida' | 'atendida';

export interface LeadDeadline {
  state: DeadlineState;
  /** A short Spanish sentence: 'Quedan 5 h 20 min', 'Vencida hace 2 h', 'Contactada en 3 h'. */
  text: string;
  /** Attended after the deadline had passed. */
  late: boolean;
}

export interface DeadlineInput {
  createdAt: Date | string;
  /** Computed when the lead arrived: 24 h later, 48 h for appraisals. */
  dueAt: Date | string;
  /** Set when the lead first left 'nuevo'; null while nobody has answered it. */
  firstContactAt: Date | string | null;
  /** A lead discarded straight from 'nuevo' was attended, not necessarily contacted. */
  status?: string;
}

const MINUTE = 60_000;
/** The last sixth of the window (4 h of 24, 8 h of 48) is 'por vencer': time to drop everything else. */
const WARNING_SHARE = 1 / 6;

const time = (value: Date | string | number) =>
  value instanceof Date ? value.getTime() : new Date(value).getTime();

/** 42 min · 5 h · 5 h 20 min · 3 días 2 h. Rounded down to the minute; under a minute is 'menos de 1 min'. */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE);
  if (minutes < 1) return 'menos de 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    const rest = minutes % 60;
    return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  }
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  return restHours === 0 ? `${days} días` : `${days} días ${restHours} h`;
}

export function leadDeadline(lead: DeadlineInput, now: Date | number): LeadDeadline {
  const created = time(lead.createdAt);
  const due = time(lead.dueAt);
  const at = time(now);
  if (lead.firstContactAt !== null) {
    const contacted = time(lead.firstContactAt);
    const late = contacted > due;
    const verb = lead.status === 'descartado' ? 'Atendida' : 'Contactada';
    const text = `${verb} en ${formatDuration(contacted - created)}${late ? ' (fuera de plazo)' : ''}`;
    return { state: 'atendida', text, late };
  }
  const left = due - at;
  if (left <= 0) return { state: 'vencida', text: `Vencida hace ${formatDuration(-left)}`, late: true };
  const duration = formatDuration(left);
  // 'Queda 1 h 20 min', 'Quedan 5 h': the verb agrees with the first number.
  const verb = /^(1 |menos)/.test(duration) ? 'Queda' : 'Quedan';
  const state = left <= (due - created) * WARNING_SHARE ? 'por_vencer' : 'a_tiempo';
  return { state, text: `${verb} ${duration}`, late: false };
}
