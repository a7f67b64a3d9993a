import { DESCRIBED_PAGES, type Dealership, RETENTION_KINDS, type SitePhoto } from '@contracts/dealership.ts';
import { MAXIMUM_RATE_SEGMENTS } from '@contracts/maximum-rates.ts';
import { type OpeningSchedule, parseDayHours } from '@contracts/opening-schedule.ts';
import { parseDayInput } from '@domain/chile-time.ts';
import { slugify } from '@domain/plain-text.ts';

/** How many phones and addresses the settings form offers (the contract's maximum). */
export const SETTINGS_ROWS = 4;

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

/** The filled rows of a repeated group (`phones.0.label`, …): a row left wholly blank is not a row. */
function rows<K extends string>(form: FormData, group: string, keys: readonly K[]): Array<Record<K, string>> {
  const found: Array<Record<K, string>> = [];
  for (let index = 0; index < SETTINGS_ROWS; index++) {
    const row = Object.fromEntries(
      keys.map((key) => [key, text(form, `${group}.${index}.${key}`)]),
    ) as Record<K, string>;
    if (keys.some((key) => row[key].trim() !== '')) found.push(row);
  }
  return found;
}

/** The credit types and terms whose conditions the form edits (contracts/dealership.ts). */
export const CREDIT_TYPES = ['convencional', 'directo'] as const;
export const CREDIT_TERMS = [12, 24, 36, 48] as const;

/**
 * A number as staff type it: "1,59" or "1.59" for a rate, "1.000.000" or "$ 1000000" for pesos. `undefined` for a
 * blank field; NaN when it is not a number (the form says so before sending).
 */
export function typedNumber(value: string, kind: 'decimal' | 'pesos' | 'uf'): number | undefined {
  const text = value.trim().replace(/^\$\s*/, '');
  if (text === '') return undefined;
  // The UF in pesos with its cents, as it is published: "38.362,26" (also "38362,26" or "38362.26").
  if (kind === 'uf') {
    if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(text))
      return Number(text.replaceAll('.', '').replace(',', '.'));
    return /^\d+\.\d{1,2}$/.test(text) ? Number(text) : Number.NaN;
  }
  if (kind === 'pesos')
    return /^\d{1,3}(\.\d{3})*$|^\d+$/.test(text) ? Number(text.replaceAll('.', '')) : Number.NaN;
  return /^\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}

/** How each numeric field of the form is read and what it says when it holds something else. */
function numberRule(
  name: string,
): { kind: 'decimal' | 'pesos' | 'uf'; optional: boolean; error: string } | null {
  if (/^maximumRates\.annualPercent\.\w+$/.test(name))
    return { kind: 'decimal', optional: false, error: 'Escribe un número, como 22,38.' };
  if (name === 'ufValue.pesos')
    return { kind: 'uf', optional: false, error: 'Escribe el valor en pesos, como 38.362,26.' };
  if (/^financing\.credits\.\w+\.monthlyRatePercent\.\d+$/.test(name))
    return { kind: 'decimal', optional: true, error: 'Escribe un número, como 1,59.' };
  if (
    /^financing\.(credits\.\w+\.minDownPaymentPercent|stampTax\.\w+|insurances\.\d+\.monthlyPercent)$/.test(
      name,
    )
  )
    return { kind: 'decimal', optional: false, error: 'Escribe un número, como 1,59.' };
  if (/^financing\.(minFinancedAmount|fees\.\d+\.amount)$/.test(name))
    return { kind: 'pesos', optional: false, error: 'Escribe un monto en pesos, como 1.000.000.' };
  // Whole months read as pesos do: digits, with or without thousands points.
  if (/^privacy\.(retentionMonths\.\w+|photoRetentionMonths)$/.test(name))
    return { kind: 'pesos', optional: false, error: 'Escribe un número entero de meses, como 12.' };
  if (name === 'creditQuotation.validityBusinessDays')
    return { kind: 'pesos', optional: false, error: 'Escribe un número entero de días hábiles, como 7.' };
  return null;
}

/** A row of charges or insurances left wholly blank is no row: its numbers are not asked for. */
function inBlankRow(form: FormData, name: string): boolean {
  const row = /^(financing\.(?:fees|insurances)\.\d+)\./.exec(name)?.[1];
  return row !== undefined && text(form, `${row}.label`).trim() === '' && text(form, name).trim() === '';
}

/** The numeric fields of the form that hold something other than a number, with the Spanish sentence to show. */
export function numberErrors(form: FormData): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    const rule = numberRule(name);
    if (!rule || typeof value !== 'string' || inBlankRow(form, name)) continue;
    const number = typedNumber(value, rule.kind) ?? (rule.optional ? 0 : Number.NaN);
    if (Number.isNaN(number)) errors[name] = rule.error;
  }
  return errors;
}

/**
 * The opening hours the form describes (ADR 0036): each day typed as '9:30-19:00', '9:00-13:00 y 15:00-18:00' or
 * left blank (closed); the closed dates one per line as dd-mm-aaaa. What cannot be read is sent as typed, so the
 * server names it too; `scheduleErrors` stops the form before.
 */
export function scheduleFromForm(form: FormData): OpeningSchedule {
  return {
    week: [0, 1, 2, 3, 4, 5, 6].map((day) => {
      const typed = text(form, `schedule.week.${day}`);
      return parseDayHours(typed) ?? [{ open: typed, close: typed }];
    }),
    closedOnHolidays: form.get('schedule.closedOnHolidays') === 'on',
    closedDates: lines(text(form, 'schedule.closedDates')).map((line) => parseDayInput(line) ?? line),
  };
}

const HOURS_ERROR = 'Escribe el horario como 9:30-19:00, o 9:00-13:00 y 15:00-18:00; en blanco si no abre.';

/** The opening-hours fields that cannot be read, with the sentence to show under each. */
export function scheduleErrors(form: FormData): Record<string, string> {
  const errors: Record<string, string> = {};
  for (let day = 0; day < 7; day++)
    if (parseDayHours(text(form, `schedule.week.${day}`)) === null)
      errors[`schedule.week.${day}`] = HOURS_ERROR;
  const bad = lines(text(form, 'schedule.closedDates')).findIndex((line) => parseDayInput(line) === null);
  if (bad >= 0)
    errors['schedule.closedDates'] =
      `Línea ${bad + 1}: escribe la fecha como dd-mm-aaaa, por ejemplo 18-09-2027.`;
  return errors;
}

/** The form's own checks before sending: numbers and opening hours. */
export const settingsFormErrors = (form: FormData) => ({ ...numberErrors(form), ...scheduleErrors(form) });

/** The items of a list typed one per line: blank lines are not items. */
export function lines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A list's items as its textarea shows them. */
export const joinLines = (items: readonly string[]) => items.join('\n');

/**
 * The identifier of a new charge or insurance (it names the insurance in shared simulation links), from its name:
 * "Seguro de cesantía" → "seguro-de-cesantia"; kept unique among `taken`.
 */
export function slugFor(label: string, taken: ReadonlySet<string>): string {
  // The contract wants a letter first.
  const base = slugify(label, 24).replace(/^[^a-z]+/, '') || 'item';
  let slug = base.length >= 2 ? base : `${base}-x`;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** The filled rows of charges or insurances: an existing row keeps its identifier, a new one gets one. */
function costRows<T extends { label: string }>(
  form: FormData,
  group: 'fees' | 'insurances',
  size: number,
  taken: Set<string>,
  read: (field: (key: string) => string) => T,
): Array<T & { id: string }> {
  const numberKey = group === 'fees' ? 'amount' : 'monthlyPercent';
  const found: Array<T & { id: string }> = [];
  for (let index = 0; index < size; index++) {
    if (inBlankRow(form, `financing.${group}.${index}.${numberKey}`)) continue;
    const field = (key: string) => text(form, `financing.${group}.${index}.${key}`);
    const row = read(field);
    const id = field('id') || slugFor(row.label, taken);
    taken.add(id);
    found.push({ ...row, id });
  }
  return found;
}

/** How many charges and insurances the form offers (the contract's maximum). */
export const FEE_ROWS = 6;
export const INSURANCE_ROWS = 4;

/** The identifiers the form's charges and insurances already have: one list, as the contract wants them unique. */
function costIds(form: FormData): Set<string> {
  const ids = [
    ...Array.from({ length: FEE_ROWS }, (_, index) => text(form, `financing.fees.${index}.id`)),
    ...Array.from({ length: INSURANCE_ROWS }, (_, index) => text(form, `financing.insurances.${index}.id`)),
  ];
  return new Set(ids.filter(Boolean));
}

/** A credit type's conditions from the form: a blank rate is a term not offered. */
function creditFromForm(
  current: Dealership['financing']['credits']['directo'],
  form: FormData,
  type: string,
) {
  const field = (name: string) => text(form, `financing.credits.${type}.${name}`);
  const rates: Partial<Record<(typeof CREDIT_TERMS)[number], number>> = {};
  for (const term of CREDIT_TERMS) {
    const rate = typedNumber(field(`monthlyRatePercent.${term}`), 'decimal');
    if (rate !== undefined) rates[term] = rate;
  }
  return {
    ...current,
    label: field('label'),
    monthlyRatePercent: rates,
    minDownPaymentPercent: typedNumber(field('minDownPaymentPercent'), 'decimal') ?? Number.NaN,
  };
}

/** A text field the settings may lack: left out when blank. */
function optionalText<K extends string>(key: K, value: string): Partial<Record<K, string>> {
  return value.trim() === '' ? {} : ({ [key]: value } as Record<K, string>);
}

/** A retention period as typed; NaN when it is not a whole number (the form says so before sending). */
const months = (form: FormData, name: string) => typedNumber(text(form, name), 'pesos') ?? Number.NaN;

/** A day typed as dd-mm-aaaa, as 'yyyy-mm-dd'; what cannot be read is sent as typed, so the server names it. */
const dayOf = (value: string) => parseDayInput(value) ?? value;

/** A site photo travels in a hidden field as JSON; anything else there is no photo (the server checks the rest). */
function photoOf(value: string): SitePhoto | null {
  if (value === '') return null;
  try {
    return JSON.parse(value) as SitePhoto;
  } catch {
    return null;
  }
}

/**
 * The settings the form describes: what it edits read from its fields (named by their path in the settings, which is
 * also how the server names a field's error), everything else kept as `current` has it.
 */
export function settingsFromForm(current: Dealership, form: FormData): Dealership {
  const costIdsTaken = costIds(form);
  return {
    ...current,
    name: text(form, 'name'),
    legalName: text(form, 'legalName'),
    tagline: text(form, 'tagline'),
    email: text(form, 'email'),
    salesEmail: text(form, 'salesEmail'),
    whatsapp: text(form, 'whatsapp'),
    phones: rows(form, 'phones', ['label', 'display', 'e164'] as const),
    // A blank postal code is none (the field is optional), not an empty one the settings would refuse.
    addresses: rows(form, 'addresses', ['label', 'street', 'commune', 'city', 'postalCode'] as const).map(
      ({ postalCode, ...address }) => (postalCode.trim() === '' ? address : { ...address, postalCode }),
    ),
    schedule: scheduleFromForm(form),
    social: [0, 1].map((index) => ({
      name: text(form, `social.${index}.name`),
      url: text(form, `social.${index}.url`),
    })),
    mapUrl: text(form, 'mapUrl'),
    mapEmbedUrl: text(form, 'mapEmbedUrl'),
    about: text(form, 'about'),
    financing: {
      ...current.financing,
      credits: {
        convencional: creditFromForm(current.financing.credits.convencional, form, 'convencional'),
        directo: creditFromForm(current.financing.credits.directo, form, 'directo'),
      },
      stampTax: {
        monthlyPercent: typedNumber(text(form, 'financing.stampTax.monthlyPercent'), 'decimal') ?? Number.NaN,
        capPercent: typedNumber(text(form, 'financing.stampTax.capPercent'), 'decimal') ?? Number.NaN,
      },
      fees: costRows(form, 'fees', FEE_ROWS, costIdsTaken, (field) => ({
        label: field('label'),
        amount: typedNumber(field('amount'), 'pesos') ?? Number.NaN,
        financed: field('financed') === 'on',
      })),
      insurances: costRows(form, 'insurances', INSURANCE_ROWS, costIdsTaken, (field) => ({
        label: field('label'),
        monthlyPercent: typedNumber(field('monthlyPercent'), 'decimal') ?? Number.NaN,
        required: field('required') === 'on',
        // Blank is missing: the save names the field (contracts/admin-settings.ts).
        ...optionalText('insurer', field('insurer')),
        ...optionalText('coverage', field('coverage')),
      })),
      minFinancedAmount: typedNumber(text(form, 'financing.minFinancedAmount'), 'pesos') ?? Number.NaN,
      legalNote: text(form, 'financing.legalNote'),
    },
    partners: current.partners.map((_, index) => ({
      name: text(form, `partners.${index}.name`),
      logo: photoOf(text(form, `partners.${index}.logo`)),
    })),
    financingPage: {
      directo: {
        intro: text(form, 'financingPage.directo.intro'),
        conditions: lines(text(form, 'financingPage.directo.conditions')),
        requirements: lines(text(form, 'financingPage.directo.requirements')),
      },
      convencional: {
        intro: text(form, 'financingPage.convencional.intro'),
        dependent: lines(text(form, 'financingPage.convencional.dependent')),
        independent: lines(text(form, 'financingPage.convencional.independent')),
      },
    },
    pageDescriptions: Object.fromEntries(
      DESCRIBED_PAGES.flatMap((page) => {
        const value = text(form, `pageDescriptions.${page}`).trim();
        return value ? [[page, value]] : [];
      }),
    ),
    slides: current.slides.map((_, index) => ({
      eyebrow: text(form, `slides.${index}.eyebrow`),
      title: text(form, `slides.${index}.title`),
      description: text(form, `slides.${index}.description`),
      photo: photoOf(text(form, `slides.${index}.photo`)),
    })),
    developerCredit: { name: text(form, 'developerCredit.name'), url: text(form, 'developerCredit.url') },
    privacy: {
      retentionMonths: Object.fromEntries(
        RETENTION_KINDS.map((kind) => [kind, months(form, `privacy.retentionMonths.${kind}`)]),
      ) as Dealership['privacy']['retentionMonths'],
      photoRetentionMonths: months(form, 'privacy.photoRetentionMonths'),
      insurers: lines(text(form, 'privacy.insurers')),
    },
    maximumRates: {
      certificate: text(form, 'maximumRates.certificate'),
      validFrom: dayOf(text(form, 'maximumRates.validFrom')),
      annualPercent: Object.fromEntries(
        MAXIMUM_RATE_SEGMENTS.map((segment) => [
          segment,
          typedNumber(text(form, `maximumRates.annualPercent.${segment}`), 'decimal') ?? Number.NaN,
        ]),
      ) as Dealership['maximumRates']['annualPercent'],
    },
    ufValue: {
      pesos: typedNumber(text(form, 'ufValue.pesos'), 'uf') ?? Number.NaN,
      date: dayOf(text(form, 'ufValue.date')),
    },
    creditEligibility: {
      convencional: text(form, 'creditEligibility.convencional').trim() || null,
      directo: text(form, 'creditEligibility.directo').trim() || null,
    },
    creditQuotation: {
      lenders: {
        convencional: text(form, 'creditQuotation.lenders.convencional').trim() || null,
        directo: text(form, 'creditQuotation.lenders.directo').trim() || null,
      },
      validityBusinessDays: months(form, 'creditQuotation.validityBusinessDays'),
      prepayment: text(form, 'creditQuotation.prepayment'),
      lateInterest: text(form, 'creditQuotation.lateInterest'),
      collectionCharges: text(form, 'creditQuotation.collectionCharges'),
    },
    legal: {
      terms: text(form, 'legal.terms'),
      privacy: text(form, 'legal.privacy'),
      // Set by the server when the terms change (ADR 0041); the form only shows it.
      updated: current.legal.updated,
    },
  };
}
