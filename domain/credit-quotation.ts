import type { CreditType } from '@contracts/credit-options.ts';
import type { Dealership } from '@contracts/dealership.ts';
import { chileDayKey, dayKeyToChile, nextDayKey } from './chile-time.ts';
import type { CreditSimulation } from './credit.ts';
import { simulationLines } from './credit-summary.ts';

// What a credit quotation states besides its figures (Ley 19.496 art. 17 G; DS 43 of 2012, ADR 0032): who issues
// it and who lends, the day it is issued and the last day it holds, the first cuota's day, prepayment, late-payment
// interest, collection charges and each insurance's insurer and coverage. Every value is read from the settings the
// dealership edits; the page, the staff e-mail and the back office show the same terms. Pure: the holidays come in
// as a predicate, so the dates are tested on a fixed calendar and the server supplies Chile's.

/** A 'yyyy-mm-dd' Chilean day is a public holiday. */
export type IsHoliday = (dayKey: string) => boolean;

/** The weekday of a 'yyyy-mm-dd' day: 0 Sunday … 6 Saturday. */
const weekday = (dayKey: string) => new Date(`${dayKey}T12:00:00Z`).getUTCDay();

/**
 * The `days`th business day after `dayKey`: business days are Monday to Friday, not public holidays (the day the
 * quotation is issued does not count). "Válida por 7 días hábiles" holds to the end of that day.
 */
export function businessDaysAfter(dayKey: string, days: number, isHoliday: IsHoliday): string {
  let day = dayKey;
  for (let counted = 0; counted < days; ) {
    day = nextDayKey(day);
    const w = weekday(day);
    if (w !== 0 && w !== 6 && !isHoliday(day)) counted++;
  }
  return day;
}

/**
 * The same day of the month `months` later; when that month is shorter, its last day (31-01 → 28-02). The day a
 * monthly cuota falls due, counted from the day the credit is signed.
 */
export function monthsAfter(dayKey: string, months: number): string {
  const [year = 0, month = 1, day = 1] = dayKey.split('-').map(Number);
  const last = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, last))).toISOString().slice(0, 10);
}

export interface QuotationDates {
  /** The Chilean day the quotation is issued, 'yyyy-mm-dd'. */
  issuedOn: string;
  /** Its last valid day. */
  validUntil: string;
  /** The first cuota's day if the credit were signed the day it is issued: a month later (ADR 0017). */
  firstInstallmentOn: string;
  validityBusinessDays: number;
}

/** The quotation's dates for one instant, in Chile time. */
export function quotationDates(
  now: Date | number,
  validityBusinessDays: number,
  isHoliday: IsHoliday,
): QuotationDates {
  const issuedOn = chileDayKey(now);
  return {
    issuedOn,
    validUntil: businessDaysAfter(issuedOn, validityBusinessDays, isHoliday),
    firstInstallmentOn: monthsAfter(issuedOn, 1),
    validityBusinessDays,
  };
}

export interface InsuranceTerms {
  id: string;
  label: string;
  insurer: string;
  coverage: string;
  required: boolean;
}

/** A quotation's terms: what the page shows beside the figures and what a financing request stores with them. */
export interface QuotationTerms extends QuotationDates {
  /** Who issues the quotation: the dealership, by its legal name. */
  issuer: string;
  /** Who lends each credit type. */
  lenders: Record<CreditType, string>;
  prepayment: string;
  lateInterest: string;
  collectionCharges: string;
  insurances: InsuranceTerms[];
}

/** Said of an insurance the settings stored before its insurer or coverage was asked for. */
export const NOT_STATED = 'Por informar';

/** The quotation's terms from the settings in force at `dates`. */
export function quotationTerms(settings: Dealership, dates: QuotationDates): QuotationTerms {
  const { lenders, prepayment, lateInterest, collectionCharges } = settings.creditQuotation;
  return {
    ...dates,
    issuer: settings.legalName,
    lenders: {
      convencional: lenders.convencional ?? settings.legalName,
      directo: lenders.directo ?? settings.legalName,
    },
    prepayment,
    lateInterest,
    collectionCharges,
    insurances: settings.financing.insurances.map((insurance) => ({
      id: insurance.id,
      label: insurance.label,
      insurer: insurance.insurer ?? NOT_STATED,
      coverage: insurance.coverage ?? NOT_STATED,
      required: insurance.required,
    })),
  };
}

/** A financing request's simulation as stored: its figures and, since ADR 0032, its quotation's terms. */
export type StoredSimulation = CreditSimulation & { quotation?: QuotationTerms };

/** A name followed by a full stop in a sentence: "Seguros S.A." does not get a second one. */
export const withoutFinalStop = (name: string) => name.replace(/\.+$/, '');

/** '02-12-2026 (7 días hábiles)'. */
export function validityText(terms: QuotationDates): string {
  const days = terms.validityBusinessDays;
  return `${dayKeyToChile(terms.validUntil)} (${days} ${days === 1 ? 'día hábil' : 'días hábiles'})`;
}

/**
 * The terms of one simulation's quotation as [label, value], for staff (the request's e-mail and its back office
 * page), after the figures of `simulationLines`: the lender of its credit type and only the insurances it includes.
 */
export function quotationLines(simulation: CreditSimulation, terms: QuotationTerms): Array<[string, string]> {
  const chosen = new Set(simulation.insurances.map((insurance) => insurance.id));
  return [
    ['Cotización emitida por', terms.issuer],
    ['Institución que otorga el crédito', terms.lenders[simulation.type]],
    ['Fecha de emisión', dayKeyToChile(terms.issuedOn)],
    ['Válida hasta', validityText(terms)],
    ['Primera cuota', dayKeyToChile(terms.firstInstallmentOn)],
    ['Prepago', terms.prepayment],
    ['Interés por atraso', terms.lateInterest],
    ['Gastos de cobranza', terms.collectionCharges],
    ...terms.insurances
      .filter((insurance) => chosen.has(insurance.id))
      .map((insurance): [string, string] => [
        `${insurance.label}: aseguradora y cobertura`,
        `${withoutFinalStop(insurance.insurer)}. ${insurance.coverage}`,
      ]),
  ];
}

/** A stored simulation as staff read it: every figure, then its quotation's terms when it has them. */
export function storedSimulationLines(simulation: StoredSimulation): Array<[string, string]> {
  return [
    ...simulationLines(simulation),
    ...(simulation.quotation ? quotationLines(simulation, simulation.quotation) : []),
  ];
}
