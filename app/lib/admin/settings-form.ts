import type { Dealership, Slide } from '@contracts/dealership.ts';

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
export function typedNumber(value: string, kind: 'decimal' | 'pesos'): number | undefined {
  const text = value.trim().replace(/^\$\s*/, '');
  if (text === '') return undefined;
  if (kind === 'pesos')
    return /^\d{1,3}(\.\d{3})*$|^\d+$/.test(text) ? Number(text.replaceAll('.', '')) : Number.NaN;
  return /^\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}

/** The numeric fields of the form that hold something other than a number, with the Spanish sentence to show. */
export function numberErrors(form: FormData): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (!name.startsWith('financing.') || typeof value !== 'string') continue;
    // A blank rate is a term not offered; the pie and the smallest credit are always needed.
    const blank =
      name.endsWith('monthlyRatePercent') || /monthlyRatePercent\.\d+$/.test(name) ? 0 : Number.NaN;
    if (name.endsWith('minFinancedAmount')) {
      if (Number.isNaN(typedNumber(value, 'pesos') ?? blank))
        errors[name] = 'Escribe un monto en pesos, como 1.000.000.';
    } else if (/monthlyRatePercent|minDownPaymentPercent/.test(name)) {
      if (Number.isNaN(typedNumber(value, 'decimal') ?? blank))
        errors[name] = 'Escribe un número, como 1,59.';
    }
  }
  return errors;
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

/** A slide's photo travels in a hidden field as JSON; anything else there is no photo (the server checks the rest). */
function photoOf(value: string): Slide['photo'] {
  if (value === '') return null;
  try {
    return JSON.parse(value) as Slide['photo'];
  } catch {
    return null;
  }
}

/**
 * The settings the form describes: what it edits read from its fields (named by their path in the settings, which is
 * also how the server names a field's error), everything else kept as `current` has it.
 */
export function settingsFromForm(current: Dealership, form: FormData): Dealership {
  return {
    ...current,
    name: text(form, 'name'),
    legalName: text(form, 'legalName'),
    tagline: text(form, 'tagline'),
    email: text(form, 'email'),
    salesEmail: text(form, 'salesEmail'),
    whatsapp: text(form, 'whatsapp'),
    phones: rows(form, 'phones', ['label', 'display', 'e164'] as const),
    addresses: rows(form, 'addresses', ['label', 'street', 'commune', 'city'] as const),
    hours: { weekdays: text(form, 'hours.weekdays'), saturday: text(form, 'hours.saturday') },
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
      minFinancedAmount: typedNumber(text(form, 'financing.minFinancedAmount'), 'pesos') ?? Number.NaN,
      legalNote: text(form, 'financing.legalNote'),
    },
    slides: current.slides.map((_, index) => ({
      eyebrow: text(form, `slides.${index}.eyebrow`),
      title: text(form, `slides.${index}.title`),
      description: text(form, `slides.${index}.description`),
      photo: photoOf(text(form, `slides.${index}.photo`)),
    })),
    developerCredit: { name: text(form, 'developerCredit.name'), url: text(form, 'developerCredit.url') },
    legal: {
      terms: text(form, 'legal.terms'),
      privacy: text(form, 'legal.privacy'),
      updated: text(form, 'legal.updated'),
    },
  };
}
