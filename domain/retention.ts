// How long a request is kept (Ley 19.628 as amended by Ley 21.719, art. 3 c; ADR 0031, decision 7): the arithmetic
// of the retention periods and the dashboard's sentence. Pure: the service turns the cut-offs into SQL.

/** The days ahead the dashboard announces. */
export const ANNOUNCED_DAYS = 30;

/**
 * `at` minus whole calendar months, in UTC, the day clamped to the month's last (31 August − 6 months is 28 or 29
 * February), as PostgreSQL does with intervals. A request whose last activity is before this has expired; UTC rather
 * than Chile's time because a few hours do not matter to a period counted in months, and every instance agrees.
 */
export function monthsBefore(at: Date, months: number): Date {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(at.getUTCDate(), lastDay),
      at.getUTCHours(),
      at.getUTCMinutes(),
      at.getUTCSeconds(),
      at.getUTCMilliseconds(),
    ),
  );
}

/** `at` plus whole days of 24 hours. */
export const daysAfter = (at: Date, days: number) => new Date(at.getTime() + days * 86_400_000);

/** The dashboard's line: how many requests the daily job will anonymise within `days`. */
export function anonymizationNotice(count: number, days = ANNOUNCED_DAYS): string {
  const within = `en los próximos ${days} días`;
  if (count === 0) return `Ninguna solicitud se anonimizará ${within}.`;
  if (count === 1) return `1 solicitud se anonimizará ${within}.`;
  return `${count.toLocaleString('es-CL')} solicitudes se anonimizarán ${within}.`;
}
