import { defaultDealership } from '@server/config/default-dealership.ts';
import { settingsChanges } from '@server/services/settings/site-settings.ts';
import { describe, expect, it } from 'vitest';
import { numberErrors, settingsFromForm, typedNumber } from '~/lib/admin/settings-form';

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe('settingsFromForm', () => {
  it('reads the rows that hold anything, in order, and keeps what the form does not edit', () => {
    const settings = settingsFromForm(
      defaultDealership,
      formOf({
        name: 'Autos Sur',
        'phones.0.label': 'Ventas',
        'phones.0.display': '+56 2 1111 2222',
        'phones.0.e164': '+56211112222',
        'phones.1.label': '',
        'phones.1.display': '  ',
        'phones.2.label': 'Taller',
        'addresses.3.city': 'Talca',
      }),
    );
    expect(settings.name).toBe('Autos Sur');
    expect(settings.phones).toEqual([
      { label: 'Ventas', display: '+56 2 1111 2222', e164: '+56211112222' },
      { label: 'Taller', display: '', e164: '' },
    ]);
    expect(settings.addresses).toEqual([{ label: '', street: '', commune: '', city: 'Talca' }]);
    expect(settings.financing.insurances).toBe(defaultDealership.financing.insurances);
    expect(settings.testDrives).toBe(defaultDealership.testDrives);
    expect(settings.openingHours).toBe(defaultDealership.openingHours);
  });
});

describe('settingsFromForm: legal texts', () => {
  it('reads the two texts and the date from their fields, named by their path', () => {
    const settings = settingsFromForm(
      defaultDealership,
      formOf({ 'legal.terms': '## Uno\n\nTexto.', 'legal.privacy': '## Dos', 'legal.updated': '2027-01-02' }),
    );
    expect(settings.legal).toEqual({ terms: '## Uno\n\nTexto.', privacy: '## Dos', updated: '2027-01-02' });
  });
});

describe('settingsChanges', () => {
  it('names each changed leaf with its before and after, and nothing that stayed', () => {
    const after = {
      ...defaultDealership,
      hours: { ...defaultDealership.hours, saturday: 'Sáb 10:00-14:00' },
      social: [defaultDealership.social[0], { name: 'TikTok', url: 'https://www.tiktok.com/@autos' }],
    };
    expect(settingsChanges(defaultDealership, after)).toEqual({
      'hours.saturday': [defaultDealership.hours.saturday, 'Sáb 10:00-14:00'],
      'social.1.name': ['Instagram', 'TikTok'],
      'social.1.url': [defaultDealership.social[1]?.url, 'https://www.tiktok.com/@autos'],
    });
    expect(settingsChanges(defaultDealership, structuredClone(defaultDealership))).toEqual({});
  });

  it('names a list whose length changed as a whole', () => {
    const after = { ...defaultDealership, phones: defaultDealership.phones.slice(0, 1) };
    expect(settingsChanges(defaultDealership, after)).toEqual({
      phones: [defaultDealership.phones, after.phones],
    });
  });
});

describe('the financing conditions of the form', () => {
  it('reads numbers as staff type them, and names what is not one', () => {
    expect(typedNumber('1,59', 'decimal')).toBe(1.59);
    expect(typedNumber(' 1.6 ', 'decimal')).toBe(1.6);
    expect(typedNumber('', 'decimal')).toBeUndefined();
    expect(typedNumber('1,5,9', 'decimal')).toBeNaN();
    expect(typedNumber('1.000.000', 'pesos')).toBe(1_000_000);
    expect(typedNumber('$ 2500000', 'pesos')).toBe(2_500_000);
    expect(typedNumber('1.00.000', 'pesos')).toBeNaN();
    expect(typedNumber('diez', 'pesos')).toBeNaN();
  });

  it('keeps a term with a rate, drops a blank one, and refuses a blank pie or smallest credit', () => {
    const form = formOf({
      'financing.credits.directo.label': 'Crédito de la casa',
      'financing.credits.directo.minDownPaymentPercent': '35',
      'financing.credits.directo.monthlyRatePercent.12': '1,79',
      'financing.credits.directo.monthlyRatePercent.24': '',
      'financing.credits.convencional.minDownPaymentPercent': '',
      'financing.credits.convencional.monthlyRatePercent.48': 'uno',
      'financing.minFinancedAmount': '1.500.000',
      'financing.legalNote': 'Simulación referencial, sujeta a evaluación.',
    });
    const { financing } = settingsFromForm(defaultDealership, form);
    expect(financing.credits.directo).toMatchObject({
      label: 'Crédito de la casa',
      minDownPaymentPercent: 35,
      monthlyRatePercent: { 12: 1.79 },
    });
    expect(financing.minFinancedAmount).toBe(1_500_000);
    expect(financing.fees).toBe(defaultDealership.financing.fees);
    expect(numberErrors(form)).toEqual({
      'financing.credits.convencional.minDownPaymentPercent': 'Escribe un número, como 1,59.',
      'financing.credits.convencional.monthlyRatePercent.48': 'Escribe un número, como 1,59.',
    });
  });
});
