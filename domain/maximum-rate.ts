// The tasa máxima convencional (ADR 0042): which of the certificate's segments a credit falls in, its maximum, and
// whether a rate is above it. Pure: the settings (table and UF value) are handed in. A rate is compared as the
// certificate states its own, linear and annual: the monthly rate × 12.
import type { CreditType } from '@contracts/credit-options.ts';
import type { Dealership, RateLimits } from '@contracts/dealership.ts';
import { MAXIMUM_RATE_SEGMENT_NAMES, type MaximumRateSegment } from '@contracts/maximum-rate-segments.ts';
import type { MaximumRates } from '@contracts/maximum-rates.ts';
import { formatPercent } from './format.ts';

/** 'yyyy-mm-dd' → '15-10-2014' (chile-time.ts has the same, with formatters the simulator's island need not load). */
const dayKeyToChile = (key: string) => key.split('-').reverse().join('-');

/** 90 days: the certificate's line between short and longer operations; a term of 3 months or more is on or over it. */
const LONG_TERM_MONTHS = 3;

/** The segment of a credit of `amount` pesos over `termMonths`, its amount read in UF at `ufPesos`. */
export function segmentOf(amount: number, termMonths: number, ufPesos: number): MaximumRateSegment {
  const uf = amount / ufPesos;
  if (termMonths < LONG_TERM_MONTHS) return uf <= 5000 ? 'under90UpTo5000' : 'under90Over5000';
  if (uf <= 50) return 'upTo50';
  if (uf <= 200) return 'upTo200';
  if (uf <= 5000) return 'upTo5000';
  return 'over5000';
}

/** Hundred-thousandths of a percent: rates compare without the noise of binary fractions (1,865 × 12 = 22,38). */
const units = (percent: number) => Math.round(percent * 100_000);

/** Whether a monthly rate, made annual as the certificate's are (× 12), is above `annualPercent`. */
export function isAboveMaximum(monthlyRatePercent: number, annualPercent: number): boolean {
  return units(monthlyRatePercent * 12) > units(annualPercent);
}

/** The most a monthly rate may be under an annual maximum ("1,865%"), to three decimals, rounded down. */
export function monthlyMaximum(annualPercent: number): number {
  return Math.floor(units(annualPercent) / 12 / 100) / 1000;
}

/** "3,5%" rather than "3,500%": the shortest of up to three decimals. */
const shortPercent = (value: number) => `${String(Math.round(value * 1000) / 1000).replace('.', ',')}%`;

/** "22,38% anual (1,865% mensual) para créditos a 90 días o más, …, vigente desde el 15-10-2014". */
export function maximumRateText(table: MaximumRates, segment: MaximumRateSegment): string {
  const annual = table.annualPercent[segment];
  return (
    `${formatPercent(annual)} anual (${shortPercent(monthlyMaximum(annual))} mensual) para ` +
    `${MAXIMUM_RATE_SEGMENT_NAMES[segment]}, vigente desde el ${dayKeyToChile(table.validFrom)}`
  );
}

/**
 * Why a credit of `amount` pesos at `monthlyRatePercent` over `termMonths` cannot be quoted, in Spanish, or null when
 * its rate is at or under the maximum of its segment.
 */
export function rateAboveMaximum(
  limits: RateLimits,
  credit: { label: string; monthlyRatePercent: number; termMonths: number; amount: number },
): string | null {
  const segment = segmentOf(credit.amount, credit.termMonths, limits.ufValue.pesos);
  if (!isAboveMaximum(credit.monthlyRatePercent, limits.maximumRates.annualPercent[segment])) return null;
  return (
    `La tasa del ${credit.label.toLowerCase()} a ${credit.termMonths} meses ` +
    `(${shortPercent(credit.monthlyRatePercent)} mensual) supera la tasa máxima convencional: ` +
    `${maximumRateText(limits.maximumRates, segment)}. No podemos cotizar este crédito; prueba con otro plazo, ` +
    'otro pie o el otro crédito.'
  );
}

/**
 * The segments the settings' rates are checked against on save: every segment of 90 days or more from the one of the
 * smallest credit the dealership gives up to the one of 5.000 UF. A credit of more than 5.000 UF (a car of some two
 * hundred million pesos) is checked when it is quoted: a rate fit for every ordinary car credit is not refused for it.
 */
export function savedRateSegments(minimumAmount: number, ufPesos: number): MaximumRateSegment[] {
  const order: MaximumRateSegment[] = ['upTo50', 'upTo200', 'upTo5000'];
  const first = segmentOf(minimumAmount, 12, ufPesos);
  const start = order.indexOf(first);
  return start < 0 ? [] : order.slice(start);
}

export interface RateIssue {
  /** The field's path in the settings: ['financing', 'credits', 'directo', 'monthlyRatePercent', '48']. */
  path: string[];
  /** Under the field: "Supera la tasa máxima convencional: 22,38% anual (…)". */
  message: string;
  /** On its own, naming the credit: "La tasa del crédito directo a 48 meses supera …". */
  sentence: string;
}

/**
 * The settings' rates above the maximum of a segment their credits reach (`savedRateSegments`), each with the Spanish
 * sentence that names the limit; empty when every rate is within it.
 */
export function settingsRateIssues(
  settings: Pick<Dealership, 'financing' | 'maximumRates' | 'ufValue'>,
): RateIssue[] {
  const { financing, maximumRates, ufValue } = settings;
  const segments = savedRateSegments(financing.minFinancedAmount, ufValue.pesos);
  const issues: RateIssue[] = [];
  for (const type of Object.keys(financing.credits) as CreditType[]) {
    const rates = financing.credits[type].monthlyRatePercent;
    for (const [term, rate] of Object.entries(rates)) {
      if (rate === undefined || Number(term) < LONG_TERM_MONTHS) continue;
      // The lowest maximum among the segments wins: a rate above it is above the law for those credits.
      const binding = segments.reduce<MaximumRateSegment | null>(
        (low, segment) =>
          low === null || maximumRates.annualPercent[segment] < maximumRates.annualPercent[low]
            ? segment
            : low,
        null,
      );
      if (binding === null || !isAboveMaximum(rate, maximumRates.annualPercent[binding])) continue;
      const limit = `la tasa máxima convencional: ${maximumRateText(maximumRates, binding)}.`;
      issues.push({
        path: ['financing', 'credits', type, 'monthlyRatePercent', term],
        message: `Supera ${limit}`,
        sentence: `La tasa del ${financing.credits[type].label.toLowerCase()} a ${term} meses supera ${limit}`,
      });
    }
  }
  return issues;
}

/** Days a table or a UF value may be used before staff are warned: the CMF publishes a new table every month. */
export const STALE_AFTER_DAYS = 40;

/** Whole days from `from` to `to`, both 'yyyy-mm-dd'. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/**
 * What the back office warns about on `today` (a Chilean 'yyyy-mm-dd'): a table in force for more than 40 days, a UF
 * value older than that. Empty when both are recent.
 */
export function staleRateWarnings(limits: RateLimits, today: string): string[] {
  const warnings: string[] = [];
  const tableDays = daysBetween(limits.maximumRates.validFrom, today);
  if (tableDays > STALE_AFTER_DAYS)
    warnings.push(
      `La tabla de tasas máximas convencionales (${limits.maximumRates.certificate}) rige desde el ` +
        `${dayKeyToChile(limits.maximumRates.validFrom)}, hace ${tableDays} días: la CMF publica una nueva ` +
        'cada mes, en la primera quincena. Escribe la vigente para que el simulador y las cuotas se comparen con ella.',
    );
  const ufDays = daysBetween(limits.ufValue.date, today);
  if (ufDays > STALE_AFTER_DAYS)
    warnings.push(
      `El valor de la UF es el del ${dayKeyToChile(limits.ufValue.date)}, hace ${ufDays} días: escribe el de ` +
        'hoy, con el que se leen los tramos en UF de la tabla.',
    );
  return warnings;
}

/** Only the table and the UF value of the settings: what an island is handed, not the whole settings. */
export function rateLimits(settings: RateLimits): RateLimits {
  return { maximumRates: settings.maximumRates, ufValue: settings.ufValue };
}
