import { CREDIT_TERMS, CREDIT_TYPES, type CreditTerm, type CreditType } from '@contracts/credit-options.ts';
import type { FinancingSettings, RateLimits } from '@contracts/dealership.ts';
import { formatPrice } from './format.ts';
import { rateAboveMaximum } from './maximum-rate.ts';

// The credit simulator's arithmetic (ADR 0017): pure, whole pesos, the same module on the server (cards, the lead
// the visitor sends) and in the browser (the simulator). Everything a credit offer must show under Ley 20.555: the
// cuota, the number of cuotas, the rate, every charge, the CTC and the CAE.
//
// Rounding rule: amounts are whole pesos, rounded half up (Math.round) once each: the stamp tax, each insurance
// premium, the regular cuota. The balance runs unrounded at the monthly rate, and the last cuota is what closes it
// (rounded), so the cuotas repay the credit exactly at the stated rate and differ from the regular one by a few pesos
// at most.

export interface SimulationInput {
  /** Vehicle price in pesos. */
  price: number;
  /** Down payment (pie) in pesos, or as a percentage of the price. */
  downPayment: { pesos: number } | { percent: number };
  /** Months: 12, 24, 36 or 48 when the credit type offers it. */
  term: number;
  type: string;
  /** Ids of optional insurances chosen; required ones are always included. */
  insurances?: readonly string[];
}

export interface Charge {
  id: string;
  label: string;
  amount: number;
}

export interface CreditSimulation {
  type: CreditType;
  typeLabel: string;
  price: number;
  downPayment: number;
  /** Down payment over price, in percent, rounded to one decimal. */
  downPaymentPercent: number;
  /** Price minus pie: what the credit pays for the vehicle. */
  balance: number;
  /** Monto financiado (monto bruto del crédito): balance plus every financed charge. */
  financedAmount: number;
  term: CreditTerm;
  /** The regular cuota; `lastInstallment` closes the credit. */
  installment: number;
  lastInstallment: number;
  monthlyRatePercent: number;
  /** Nominal annual rate: the monthly one times 12. */
  annualRatePercent: number;
  stampTax: Charge;
  /** Fixed fees added to the credit. */
  financedFees: Charge[];
  /** Fixed fees paid at signing, outside the credit. */
  upfrontFees: Charge[];
  insurances: Charge[];
  /** Every charge: stamp tax, fees and insurance premiums. */
  totalCharges: number;
  /** Costo total del crédito: every cuota plus the fees paid at signing (the pie is not part of it). */
  totalCost: number;
  /** Carga anual equivalente in percent with two decimals (see `equivalentAnnualCharge`). */
  caePercent: number;
}

export type SimulationResult =
  | { ok: true; simulation: CreditSimulation }
  | { ok: false; field: 'price' | 'downPayment' | 'term' | 'type' | 'insurances'; error: string };

const MAX_PRICE = 10_000_000_000;

function refuse(field: Extract<SimulationResult, { ok: false }>['field'], error: string): SimulationResult {
  return { ok: false, field, error };
}

const isCreditType = (value: string): value is CreditType =>
  (CREDIT_TYPES as readonly string[]).includes(value);

/** The terms a credit type offers, shortest first. */
export function offeredTerms(settings: FinancingSettings, type: CreditType): CreditTerm[] {
  return CREDIT_TERMS.filter((term) => settings.credits[type].monthlyRatePercent[term] !== undefined);
}

/** "12, 24, 36 o 48". */
function spanishList(items: readonly (string | number)[]): string {
  const words = items.map(String);
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} o ${words.at(-1)}`;
}

/** The stamp tax rate for a term, as a fraction: per month of term, up to the cap. */
export function stampTaxRate(settings: FinancingSettings, term: number): number {
  const { monthlyPercent, capPercent } = settings.stampTax;
  return Math.min(monthlyPercent * term, capPercent) / 100;
}

/** The French (level) cuota of `principal` over `term` months at `rate` per month, unrounded. */
export function levelInstallment(principal: number, rate: number, term: number): number {
  if (rate === 0) return principal / term;
  return (principal * rate) / (1 - (1 + rate) ** -term);
}

/**
 * The monthly rate `i` at which the payments (month 1, 2, …) are worth `received` today: the internal rate of return
 * of the credit seen from the borrower. The present value falls as `i` grows, so the root is bracketed (the upper end
 * doubles until it is above it) and found by Newton's method, falling back to halving the bracket whenever a step
 * would leave it. It stops when a step no longer moves the rate by 1e-15, far below a peso's effect. Every vehicle
 * card and page computes a CAE, so this runs in the page's time: a few steps instead of a hundred halvings.
 */
export function monthlyInternalRate(received: number, payments: readonly number[]): number {
  /** The present value at `rate` minus `received`, and its derivative by the rate. */
  const excess = (rate: number): [number, number] => {
    let value = -received;
    let slope = 0;
    let discount = 1;
    for (let month = 1; month <= payments.length; month++) {
      discount /= 1 + rate;
      const worth = (payments[month - 1] ?? 0) * discount;
      value += worth;
      slope -= (month * worth) / (1 + rate);
    }
    return [value, slope];
  };
  let low = 0;
  let high = 1;
  if (excess(low)[0] <= 0) return 0;
  while (excess(high)[0] > 0 && high < 1e6) high *= 2;
  let rate = high / 2;
  for (let step = 0; step < 200; step++) {
    const [value, slope] = excess(rate);
    if (value === 0) return rate;
    if (value > 0) low = rate;
    else high = rate;
    let next = slope < 0 ? rate - value / slope : Number.NaN;
    if (!(next > low && next < high)) next = (low + high) / 2;
    if (Math.abs(next - rate) < 1e-15) return next;
    rate = next;
  }
  return rate;
}

/**
 * CAE as the regulation of Ley 20.555 on consumer credit defines it (ADR 0017): the monthly rate that equates the
 * amount the borrower actually receives (the balance, less the fees paid at signing) with every cuota, expressed
 * annually by multiplying it by 12, in percent with two decimals.
 */
export function equivalentAnnualCharge(received: number, payments: readonly number[]): number {
  return Math.round(monthlyInternalRate(received, payments) * 12 * 100 * 100) / 100;
}

/**
 * The pie in pesos, whichever way it was given (a percentage rounds up to the peso, so "40%" meets a 40% minimum);
 * NaN when it is not a number.
 */
function downPaymentPesos(price: number, downPayment: SimulationInput['downPayment']): number {
  if ('pesos' in downPayment) return downPayment.pesos;
  return Math.ceil((price * downPayment.percent) / 100);
}

/**
 * Every figure of one credit, or the first thing wrong with the request in Spanish. Never NaN. A credit whose rate is
 * above the tasa máxima convencional of its amount and term (`limits`, ADR 0042) is not quoted.
 */
export function simulateCredit(
  settings: FinancingSettings,
  input: SimulationInput,
  limits: RateLimits,
): SimulationResult {
  const { price, term } = input;
  if (!Number.isSafeInteger(price) || price <= 0)
    return refuse('price', 'Ingresa el precio del vehículo en pesos, sin decimales.');
  if (price > MAX_PRICE) return refuse('price', 'El precio del vehículo no parece correcto.');
  if (!isCreditType(input.type)) return refuse('type', 'Elige crédito convencional o crédito directo.');
  const type = input.type;
  const credit = settings.credits[type];
  const pie = downPaymentPesos(price, input.downPayment);
  if (!Number.isSafeInteger(pie) || pie < 0)
    return refuse('downPayment', 'Ingresa el pie en pesos, sin decimales (0 si no das pie).');
  if (pie >= price) return refuse('downPayment', 'El pie debe ser menor que el precio del vehículo.');
  const minimumPie = Math.ceil((price * credit.minDownPaymentPercent) / 100);
  if (pie < minimumPie)
    return refuse(
      'downPayment',
      `El ${credit.label.toLowerCase()} requiere un pie de al menos ${credit.minDownPaymentPercent}% (${formatPrice(minimumPie)}).`,
    );
  const balance = price - pie;
  if (balance < settings.minFinancedAmount)
    return refuse(
      'downPayment',
      `El monto a financiar (precio menos pie) debe ser de al menos ${formatPrice(settings.minFinancedAmount)}.`,
    );
  const terms = offeredTerms(settings, type);
  const offered = terms.find((t) => t === term);
  if (offered === undefined)
    return refuse('term', `El ${credit.label.toLowerCase()} se ofrece a ${spanishList(terms)} meses.`);
  const chosen = new Set(input.insurances ?? []);
  for (const id of chosen)
    if (!settings.insurances.some((insurance) => insurance.id === id))
      return refuse('insurances', 'Uno de los seguros elegidos no existe.');

  const upfrontFees = settings.fees.filter((fee) => !fee.financed);
  const upfront = upfrontFees.reduce((sum, fee) => sum + fee.amount, 0);
  if (upfront >= balance)
    return refuse(
      'downPayment',
      'El monto a financiar debe ser mayor que los gastos que se pagan al firmar.',
    );

  const monthlyRatePercent = credit.monthlyRatePercent[offered] ?? 0;
  const rate = monthlyRatePercent / 100;
  const financedFees = settings.fees.filter((fee) => fee.financed);
  const insurances = settings.insurances.filter(
    (insurance) => insurance.required || chosen.has(insurance.id),
  );
  // The tax and the premiums are fractions of the credit that includes them: credit = base / (1 − their rates).
  const taxRate = stampTaxRate(settings, offered);
  const premiumRates = insurances.map((insurance) => (insurance.monthlyPercent / 100) * offered);
  const fixed = balance + financedFees.reduce((sum, fee) => sum + fee.amount, 0);
  const base = fixed / (1 - taxRate - premiumRates.reduce((sum, r) => sum + r, 0));
  const stampTax = Math.round(base * taxRate);
  const premiums = insurances.map((insurance, index) => ({
    id: insurance.id,
    label: insurance.label,
    amount: Math.round(base * (premiumRates[index] ?? 0)),
  }));
  const financedAmount = fixed + stampTax + premiums.reduce((sum, premium) => sum + premium.amount, 0);
  const aboveMaximum = rateAboveMaximum(limits, {
    label: credit.label,
    monthlyRatePercent,
    termMonths: offered,
    amount: financedAmount,
  });
  if (aboveMaximum) return refuse('term', aboveMaximum);

  const installment = Math.round(levelInstallment(financedAmount, rate, offered));
  let owed = financedAmount;
  for (let month = 1; month < offered; month += 1) owed = owed * (1 + rate) - installment;
  const lastInstallment = Math.round(owed * (1 + rate));
  const payments = [...Array<number>(offered - 1).fill(installment), lastInstallment];

  const feeCharges = (fees: typeof settings.fees) =>
    fees.map(({ id, label, amount }) => ({ id, label, amount }));
  const totalCharges =
    stampTax +
    [...settings.fees].reduce((sum, fee) => sum + fee.amount, 0) +
    premiums.reduce((s, p) => s + p.amount, 0);
  return {
    ok: true,
    simulation: {
      type,
      typeLabel: credit.label,
      price,
      downPayment: pie,
      downPaymentPercent: Math.round((pie / price) * 1000) / 10,
      balance,
      financedAmount,
      term: offered,
      installment,
      lastInstallment,
      monthlyRatePercent,
      annualRatePercent: Math.round(monthlyRatePercent * 12 * 10_000) / 10_000,
      stampTax: { id: 'impuesto-timbres', label: 'Impuesto de timbres y estampillas', amount: stampTax },
      financedFees: feeCharges(financedFees),
      upfrontFees: feeCharges(upfrontFees),
      insurances: premiums,
      totalCharges,
      totalCost: payments.reduce((sum, payment) => sum + payment, 0) + upfront,
      caePercent: equivalentAnnualCharge(balance - upfront, payments),
    },
  };
}

/** Who may get each credit type; null: every buyer (the site settings' `creditEligibility`). */
export type CreditRestrictions = Readonly<Record<CreditType, string | null>>;

/** Every credit open to every buyer. */
export const NO_RESTRICTIONS: CreditRestrictions = { convencional: null, directo: null };

/**
 * The credit types a site-wide claim may speak of (ADR 0034): those every buyer can get, or, when each is restricted,
 * all of them (the claim then carries its credit's restriction).
 */
export function advertisedCreditTypes(restrictions: CreditRestrictions): CreditType[] {
  const open = CREDIT_TYPES.filter((type) => restrictions[type] === null);
  return open.length > 0 ? open : [...CREDIT_TYPES];
}

/**
 * "Cuota desde": the lowest cuota the dealership offers for a price, at each credit type's minimum pie and longest
 * term, with only the required insurances, among the credits every buyer can get (ADR 0034: a restricted credit's
 * lower cuota would mislead, Ley 19.496 art. 28 d); among all of them when each is restricted. A term whose rate is
 * above the tasa máxima convencional for the credit is never advertised (ADR 0042): the longest term within it is.
 * Null when no credit is possible (too small a price, or every rate above the maximum).
 */
export function lowestInstallment(
  settings: FinancingSettings,
  price: number,
  restrictions: CreditRestrictions,
  limits: RateLimits,
): CreditSimulation | null {
  let best: CreditSimulation | null = null;
  for (const type of advertisedCreditTypes(restrictions)) {
    const pie = Math.ceil((price * settings.credits[type].minDownPaymentPercent) / 100);
    for (const term of offeredTerms(settings, type).reverse()) {
      const result = simulateCredit(settings, { price, downPayment: { pesos: pie }, term, type }, limits);
      if (!result.ok) continue;
      if (!best || result.simulation.installment < best.installment) best = result.simulation;
      break;
    }
  }
  return best;
}

/**
 * The most of a vehicle's price the dealership finances, in percent: 100 less the smallest minimum pie among the
 * credits every buyer can get (ADR 0034). Every sentence that states it ("Financiamos hasta el 80% del valor") is
 * written from this, so it cannot promise a pie the simulator refuses.
 */
export function maxFinancedPercent(settings: FinancingSettings, restrictions: CreditRestrictions): number {
  const pies = advertisedCreditTypes(restrictions).map(
    (type) => settings.credits[type].minDownPaymentPercent,
  );
  return 100 - Math.min(...pies);
}

/** "Financiamos hasta el 80% del valor", from the settings (maxFinancedPercent). */
export function maxFinancedText(settings: FinancingSettings, restrictions: CreditRestrictions): string {
  return `Financiamos hasta el ${maxFinancedPercent(settings, restrictions)}% del valor`;
}

/** The placeholder a home slide or a legal text writes where it states the most financed ("80%"). */
export const MAX_FINANCED_PLACEHOLDER = '{financiamientoMaximo}';

/** `text` with every `{financiamientoMaximo}` written from the settings ("80%"). */
export function fillMaxFinanced(
  text: string,
  settings: FinancingSettings,
  restrictions: CreditRestrictions,
): string {
  return text.replaceAll(MAX_FINANCED_PLACEHOLDER, `${maxFinancedPercent(settings, restrictions)}%`);
}

/** The direct credit's down-payment sentence, one text everywhere (docs/product.md). */
export function directCreditDownPaymentText(settings: FinancingSettings): string {
  return `Pie desde ${settings.credits.directo.minDownPaymentPercent}% del valor del vehículo`;
}
