import { CREDIT_TYPES, type CreditTerm, type CreditType } from '@contracts/credit-options.ts';
import type { FinancingSettings } from '@contracts/dealership.ts';
import { offeredTerms } from './credit.ts';

// A simulation's place in the address (`?tipo=…&plazo=…&pie=…&seguros=…`), so a shared link opens the same one.
// Read leniently: a missing or broken value takes its default, a page never fails on its parameters.

export interface SimulatorChoice {
  type: CreditType;
  term: CreditTerm;
  /** Pie in pesos; null when the address gives none (the page uses the credit type's minimum). */
  pie: number | null;
  insurances: string[];
}

const DIGITS = /^\d{1,11}$/;

/** The smallest pie of a credit type for a price, in pesos (a percentage rounds up to the peso). */
export function minimumDownPayment(settings: FinancingSettings, type: CreditType, price: number): number {
  return Math.ceil((price * settings.credits[type].minDownPaymentPercent) / 100);
}

export function readSimulatorChoice(params: URLSearchParams, settings: FinancingSettings): SimulatorChoice {
  const tipo = params.get('tipo');
  const type: CreditType = CREDIT_TYPES.find((t) => t === tipo) ?? 'convencional';
  const terms = offeredTerms(settings, type);
  const plazo = Number(params.get('plazo'));
  const term = terms.find((t) => t === plazo) ?? terms.at(-1) ?? 48;
  const pie = params.get('pie')?.replaceAll('.', '') ?? '';
  const asked = new Set(params.getAll('seguros').flatMap((value) => value.split(',')));
  return {
    type,
    term,
    pie: DIGITS.test(pie) ? Number(pie) : null,
    insurances: settings.insurances.filter((i) => !i.required && asked.has(i.id)).map((i) => i.id),
  };
}

/** The parameters of a choice, in a fixed order, for an address. */
export function simulatorParams(choice: SimulatorChoice): Array<[string, string]> {
  const params: Array<[string, string]> = [
    ['tipo', choice.type],
    ['plazo', String(choice.term)],
  ];
  if (choice.pie !== null) params.push(['pie', String(choice.pie)]);
  if (choice.insurances.length > 0) params.push(['seguros', choice.insurances.join(',')]);
  return params;
}

/** Whether the address names a simulation (then the vehicle page opens on its financing tab). */
export function hasSimulatorChoice(params: URLSearchParams): boolean {
  return ['tipo', 'plazo', 'pie', 'seguros'].some((name) => params.has(name));
}
