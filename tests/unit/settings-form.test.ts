import { settingsFieldErrors, zodSpanish } from '@contracts/admin-settings.ts';
import { DealershipSchema } from '@contracts/dealership.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import { settingsChanges } from '@server/services/settings/site-settings.ts';
import { describe, expect, it } from 'vitest';
import { lines, numberErrors, settingsFromForm, slugFor, typedNumber } from '~/lib/admin/settings-form';
import { savedSentence } from '~/lib/admin/settings-saved';

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
    expect(settings.brandColor).toBe(defaultDealership.brandColor);
    expect(settings.testDrives).toBe(defaultDealership.testDrives);
  });

  it('takes a blank postal code as none and any other as typed, for the settings to judge', () => {
    const settings = settingsFromForm(
      defaultDealership,
      formOf({
        'addresses.0.street': 'Av. Uno 1',
        'addresses.0.postalCode': ' ',
        'addresses.1.street': 'Av. Dos 2',
        'addresses.1.postalCode': '755-0000',
      }),
    );
    expect(settings.addresses[0]).not.toHaveProperty('postalCode');
    expect(settings.addresses[1]?.postalCode).toBe('755-0000');
    const parsed = DealershipSchema.safeParse(settings, { error: zodSpanish });
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(settingsFieldErrors(parsed.error, 'x')['addresses.1.postalCode']).toMatch(/7 dígitos/);
  });
});

describe('settingsFromForm: the tasa máxima convencional (ADR 0042)', () => {
  it('reads the certificate, its date, each annual maximum and the UF value as staff type them', () => {
    const settings = settingsFromForm(
      defaultDealership,
      formOf({
        'maximumRates.certificate': 'Certificado N° 11/2026',
        'maximumRates.validFrom': '16-11-2026',
        'maximumRates.annualPercent.under90UpTo5000': '31,5',
        'maximumRates.annualPercent.under90Over5000': '9',
        'maximumRates.annualPercent.upTo50': '39,9',
        'maximumRates.annualPercent.upTo200': '33,1',
        'maximumRates.annualPercent.upTo5000': '27.48',
        'maximumRates.annualPercent.over5000': '12,03',
        'ufValue.pesos': '40.512,34',
        'ufValue.date': '27/11/2026',
      }),
    );
    expect(settings.maximumRates).toEqual({
      certificate: 'Certificado N° 11/2026',
      validFrom: '2026-11-16',
      annualPercent: {
        under90UpTo5000: 31.5,
        under90Over5000: 9,
        upTo50: 39.9,
        upTo200: 33.1,
        upTo5000: 27.48,
        over5000: 12.03,
      },
    });
    expect(settings.ufValue).toEqual({ pesos: 40_512.34, date: '2026-11-27' });
  });

  it('names a maximum or a UF value that is not a number before sending, and sends a bad date as typed', () => {
    const form = formOf({
      'maximumRates.annualPercent.upTo5000': 'veintidós',
      'ufValue.pesos': '40,512.34',
      'maximumRates.validFrom': '31-02-2026',
    });
    expect(numberErrors(form)).toEqual({
      'maximumRates.annualPercent.upTo5000': 'Escribe un número, como 22,38.',
      'ufValue.pesos': 'Escribe el valor en pesos, como 38.362,26.',
    });
    const settings = settingsFromForm(defaultDealership, form);
    expect(settings.maximumRates.validFrom).toBe('31-02-2026');
    const parsed = DealershipSchema.safeParse(settings, { error: zodSpanish });
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(settingsFieldErrors(parsed.error, 'x')['maximumRates.validFrom']).toBe(
        'Escribe la fecha como dd-mm-aaaa.',
      );
  });
});

describe('settingsFromForm: legal texts', () => {
  it('reads the two texts from their fields, named by their path; the date is not the form’s (ADR 0041)', () => {
    const settings = settingsFromForm(
      defaultDealership,
      formOf({ 'legal.terms': '## Uno\n\nTexto.', 'legal.privacy': '## Dos', 'legal.updated': '2027-01-02' }),
    );
    expect(settings.legal).toEqual({
      terms: '## Uno\n\nTexto.',
      privacy: '## Dos',
      updated: defaultDealership.legal.updated,
    });
  });
});

describe('settingsChanges', () => {
  it('names each changed leaf with its before and after, and nothing that stayed', () => {
    const after = {
      ...defaultDealership,
      schedule: { ...defaultDealership.schedule, week: defaultDealership.schedule.week.with(6, []) },
      social: [defaultDealership.social[0], { name: 'TikTok', url: 'https://www.tiktok.com/@autos' }],
    };
    expect(settingsChanges(defaultDealership, after)).toEqual({
      'schedule.week.6': [[{ open: '10:30', close: '13:30' }], []],
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
    expect(numberErrors(form)).toEqual({
      'financing.credits.convencional.minDownPaymentPercent': 'Escribe un número, como 1,59.',
      'financing.credits.convencional.monthlyRatePercent.48': 'Escribe un número, como 1,59.',
    });
  });
});

describe('the charges and insurances of the form', () => {
  it("keeps an existing row's identifier, names a new one from its label, and skips blank rows", () => {
    const form = formOf({
      'financing.fees.0.id': 'notaria',
      'financing.fees.0.label': 'Notaría',
      'financing.fees.0.amount': '30.000',
      'financing.fees.0.financed': 'on',
      'financing.fees.1.label': '',
      'financing.fees.1.amount': '',
      'financing.fees.2.label': 'Notaria',
      'financing.fees.2.amount': '$ 5000',
      'financing.insurances.0.id': 'notaria-2',
      'financing.insurances.0.label': 'Seguro de cesantía',
      'financing.insurances.0.monthlyPercent': '0,05',
      'financing.insurances.0.required': 'on',
      'financing.insurances.1.label': 'Seguro automotriz',
      'financing.insurances.1.monthlyPercent': '0,1',
      'financing.stampTax.monthlyPercent': '0,066',
      'financing.stampTax.capPercent': '0,8',
    });
    const { financing } = settingsFromForm(defaultDealership, form);
    expect(financing.fees).toEqual([
      { id: 'notaria', label: 'Notaría', amount: 30_000, financed: true },
      // "notaria" and "notaria-2" are taken, the latter by an insurance: the contract wants them unique across both.
      { id: 'notaria-3', label: 'Notaria', amount: 5_000, financed: false },
    ]);
    expect(financing.insurances).toEqual([
      { id: 'notaria-2', label: 'Seguro de cesantía', monthlyPercent: 0.05, required: true },
      { id: 'seguro-automotriz', label: 'Seguro automotriz', monthlyPercent: 0.1, required: false },
    ]);
    expect(financing.stampTax).toEqual({ monthlyPercent: 0.066, capPercent: 0.8 });
    expect(numberErrors(form)).toEqual({});
    const { fees, insurances, stampTax } = financing;
    const costs = { ...defaultDealership.financing, fees, insurances, stampTax };
    expect(DealershipSchema.safeParse({ ...defaultDealership, financing: costs }).success).toBe(true);
  });

  it('asks for the number of a row that has a name, and not of a blank row', () => {
    const form = formOf({
      'financing.fees.0.label': 'Notaría',
      'financing.fees.0.amount': '',
      'financing.fees.1.label': '',
      'financing.fees.1.amount': '',
      'financing.fees.2.label': '',
      'financing.fees.2.amount': 'mucho',
      'financing.insurances.0.label': 'Desgravamen',
      'financing.insurances.0.monthlyPercent': '0,0,3',
      'financing.stampTax.capPercent': '',
    });
    expect(numberErrors(form)).toEqual({
      'financing.fees.0.amount': 'Escribe un monto en pesos, como 1.000.000.',
      'financing.fees.2.amount': 'Escribe un monto en pesos, como 1.000.000.',
      'financing.insurances.0.monthlyPercent': 'Escribe un número, como 1,59.',
      'financing.stampTax.capPercent': 'Escribe un número, como 1,59.',
    });
  });

  it('makes identifiers the contract accepts from any name', () => {
    const taken = new Set(['seguro']);
    for (const label of [
      'Seguro',
      '  Ñandú 2000 ',
      '123',
      '¡¡!!',
      'x',
      'Seguro de desgravamen y cesantía total',
    ])
      expect(slugFor(label, taken)).toMatch(/^[a-z][a-z0-9-]{1,30}$/);
    expect(slugFor('Seguro', taken)).toBe('seguro-2');
    expect(slugFor('Ñandú 2000', taken)).toBe('nandu-2000');
  });
});

describe('the texts of /financing and the page descriptions', () => {
  it('reads a list one item per line and a blank description as none', () => {
    expect(lines('  Uno \r\n\n Dos\n   \n')).toEqual(['Uno', 'Dos']);
    const settings = settingsFromForm(
      defaultDealership,
      formOf({
        'financingPage.directo.requirements': 'Cédula vigente\nComprobante de domicilio',
        'pageDescriptions.home': '  Autos en Talca  ',
        'pageDescriptions.contact': '   ',
        'partners.0.name': 'Banco Uno',
        'partners.0.logo': '{"hash":"0123456789abcdef0123456789abcdef","width":300,"height":100}',
        'partners.1.logo': 'no es json',
      }),
    );
    expect(settings.financingPage.directo.requirements).toEqual([
      'Cédula vigente',
      'Comprobante de domicilio',
    ]);
    expect(settings.pageDescriptions).toEqual({ home: 'Autos en Talca' });
    expect(settings.partners).toHaveLength(6);
    expect(settings.partners[0]).toEqual({
      name: 'Banco Uno',
      logo: { hash: '0123456789abcdef0123456789abcdef', width: 300, height: 100 },
    });
    expect(settings.partners[1]?.logo).toBeNull();
  });

  it("shows an item's error on its list, naming the line", () => {
    const result = DealershipSchema.safeParse(
      {
        ...defaultDealership,
        financingPage: {
          ...defaultDealership.financingPage,
          directo: { ...defaultDealership.financingPage.directo, requirements: ['Cédula', 'x'.repeat(161)] },
          convencional: { ...defaultDealership.financingPage.convencional, dependent: [] },
        },
      },
      { error: zodSpanish },
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(settingsFieldErrors(result.error, '')).toEqual({
      'financingPage.directo.requirements': 'Línea 2: Cada requisito admite hasta 160 caracteres.',
      'financingPage.convencional.dependent': 'debe tener al menos una línea',
    });
  });
});

describe('the personal data settings of the form (ADR 0031)', () => {
  const privacyFields = {
    'privacy.retentionMonths.contacto': '12',
    'privacy.retentionMonths.vehiculo': ' 18 ',
    'privacy.retentionMonths.financiamiento': '6',
    'privacy.retentionMonths.seguro': '12',
    'privacy.retentionMonths.vendeauto': '12',
    'privacy.retentionMonths.asesoria': '12',
    'privacy.retentionMonths.prueba': '3',
    'privacy.photoRetentionMonths': '4',
    'privacy.insurers': ' Seguros Andes \n\n Protege Seguros\r\n',
  };

  it('reads the months and one insurer per line', () => {
    expect(settingsFromForm(defaultDealership, formOf(privacyFields)).privacy).toEqual({
      retentionMonths: {
        contacto: 12,
        vehiculo: 18,
        financiamiento: 6,
        seguro: 12,
        vendeauto: 12,
        asesoria: 12,
        prueba: 3,
      },
      photoRetentionMonths: 4,
      insurers: ['Seguros Andes', 'Protege Seguros'],
    });
    const none = settingsFromForm(
      defaultDealership,
      formOf({ ...privacyFields, 'privacy.insurers': '  \n' }),
    );
    expect(none.privacy.insurers).toEqual([]);
  });

  it('names a period that is not a whole number before sending, and the contract refuses one out of range', () => {
    expect(
      numberErrors(
        formOf({
          ...privacyFields,
          'privacy.retentionMonths.seguro': 'doce',
          'privacy.photoRetentionMonths': '',
        }),
      ),
    ).toEqual({
      'privacy.retentionMonths.seguro': 'Escribe un número entero de meses, como 12.',
      'privacy.photoRetentionMonths': 'Escribe un número entero de meses, como 12.',
    });
    const result = DealershipSchema.safeParse(
      {
        ...defaultDealership,
        privacy: {
          retentionMonths: { ...defaultDealership.privacy.retentionMonths, contacto: 0, prueba: 121 },
          photoRetentionMonths: 1.5,
          insurers: ['Seguros Andes', 'x'.repeat(61)],
        },
      },
      { error: zodSpanish },
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(settingsFieldErrors(result.error, '')).toEqual({
      'privacy.retentionMonths.contacto': 'El plazo de conservación debe ser de al menos 1 mes.',
      'privacy.retentionMonths.prueba': 'El plazo de conservación puede ser de hasta 120 meses.',
      'privacy.photoRetentionMonths':
        'El plazo de conservación de las fotos debe ser un número entero de meses.',
      'privacy.insurers': 'Línea 2: El nombre de la aseguradora admite hasta 60 caracteres.',
    });
  });

  it('tells what a save changed, the privacy policy version it published included', () => {
    expect(savedSentence(4, { version: 4, politica: null })).toBe('No había cambios que guardar.');
    expect(savedSentence(4, { version: 5, politica: { version: 2, publicada: false } })).toBe(
      'Se guardó la versión 5. El sitio ya la muestra.',
    );
    expect(savedSentence(4, { version: 5, politica: { version: 3, publicada: true } })).toBe(
      'Se guardó la versión 5. El sitio ya la muestra. Se publicó la versión 3 de la política de privacidad.',
    );
  });
});
