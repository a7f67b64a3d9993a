import type { FinancingSettings, RateLimits } from '@contracts/dealership.ts';
import { DealershipSchema, FinancingSettingsSchema } from '@contracts/dealership.ts';
import {
  type CreditSimulation,
  directCreditDownPaymentText,
  fillMaxFinanced,
  lowestInstallment,
  maxFinancedPercent,
  maxFinancedText,
  monthlyInternalRate,
  NO_RESTRICTIONS,
  type SimulationInput,
  simulateCredit,
} from '@domain/credit.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const demo = defaultDealership.financing;

/** A table no rate of these worked examples reaches (the maximum rate has tests of its own, maximum-rate.test.ts). */
const UNCAPPED: RateLimits = {
  ufValue: defaultDealership.ufValue,
  maximumRates: {
    ...defaultDealership.maximumRates,
    annualPercent: Object.fromEntries(
      Object.keys(defaultDealership.maximumRates.annualPercent).map((segment) => [segment, 100]),
    ) as RateLimits['maximumRates']['annualPercent'],
  },
};

/** One credit type at 1% a month on every term, no tax, no fees, no insurance: the arithmetic without charges. */
const plain: FinancingSettings = {
  credits: {
    convencional: {
      label: 'Crédito convencional',
      monthlyRatePercent: { 12: 1, 24: 1, 36: 1, 48: 1 },
      minDownPaymentPercent: 0,
    },
    directo: { label: 'Crédito directo', monthlyRatePercent: { 48: 2 }, minDownPaymentPercent: 40 },
  },
  stampTax: { monthlyPercent: 0, capPercent: 0 },
  fees: [],
  insurances: [],
  minFinancedAmount: 0,
  legalNote: 'Simulación referencial, sujeta a evaluación crediticia.',
};

function simulate(settings: FinancingSettings, input: SimulationInput): CreditSimulation {
  const result = simulateCredit(settings, input, UNCAPPED);
  if (!result.ok) throw new Error(result.error);
  return result.simulation;
}

/** Present value at a monthly rate of payments at months 1..n. */
const presentValue = (rate: number, payments: number[]) =>
  payments.reduce((sum, payment, index) => sum + payment / (1 + rate) ** (index + 1), 0);

const paymentsOf = (s: CreditSimulation) => [
  ...Array<number>(s.term - 1).fill(s.installment),
  s.lastInstallment,
];

describe('simulateCredit: worked examples', () => {
  it('without charges: $8.000.000 at 1% a month over 12 months', () => {
    // balance = 10.000.000 − 2.000.000 = 8.000.000; nothing is added, so the credit is 8.000.000.
    // cuota = 8.000.000 × 0,01 / (1 − 1,01^−12) = 80.000 / 0,112550763 = 710.790,31 → $710.790.
    // The balance after 11 cuotas, carried to month 12, is 710.793,6 → last cuota $710.794.
    // CTC = 11 × 710.790 + 710.794 = 8.529.484. CAE = 1% × 12 = 12,00% (no charge).
    const s = simulate(plain, {
      price: 10_000_000,
      downPayment: { pesos: 2_000_000 },
      term: 12,
      type: 'convencional',
    });
    expect(s).toMatchObject({
      balance: 8_000_000,
      financedAmount: 8_000_000,
      installment: 710_790,
      lastInstallment: 710_794,
      totalCharges: 0,
      totalCost: 8_529_484,
      monthlyRatePercent: 1,
      annualRatePercent: 12,
      caePercent: 12,
      downPaymentPercent: 20,
    });
  });

  it('the demo conventional credit: $12.990.000, pie 20%, 48 months, financed tax and fees', () => {
    // pie = 20% of 12.990.000 = 2.598.000; balance = 10.392.000.
    // Stamp tax: 48 × 0,066% = 3,168%, capped at 0,8%. Fees 25.000 + 42.000 = 67.000, financed.
    // The tax is on the credit that includes it: base = (10.392.000 + 67.000) / (1 − 0,008) = 10.543.346,77;
    // tax = 0,008 × base = 84.346,77 → $84.347; credit = 10.459.000 + 84.347 = $10.543.347.
    // cuota = 10.543.347 × 0,0159 / (1 − 1,0159^−48) = 315.692,58 → $315.693; the last closes at $315.663.
    // CTC = 47 × 315.693 + 315.663 = 15.153.234.
    // CAE: the monthly i with 10.392.000 = Σ cuota_k / (1 + i)^k is 1,65854%; × 12 = 19,90% (nominal 19,08%).
    const s = simulate(demo, {
      price: 12_990_000,
      downPayment: { percent: 20 },
      term: 48,
      type: 'convencional',
    });
    expect(s).toMatchObject({
      downPayment: 2_598_000,
      balance: 10_392_000,
      financedAmount: 10_543_347,
      installment: 315_693,
      lastInstallment: 315_663,
      totalCharges: 84_347 + 67_000,
      totalCost: 15_153_234,
      annualRatePercent: 19.08,
      caePercent: 19.9,
    });
    expect(s.stampTax.amount).toBe(84_347);
    expect(s.upfrontFees).toEqual([]);
  });

  it('the demo direct credit with an upfront notary fee and desgravamen: $8.000.000, pie 40%, 24 months', () => {
    // pie = 3.200.000; balance = 4.800.000; the prenda (42.000) is financed, the notary (25.000) paid at signing.
    // Tax: 24 × 0,066% = 1,584% → cap 0,8%. Desgravamen: 0,03% × 24 = 0,72% of the credit.
    // base = 4.842.000 / (1 − 0,008 − 0,0072) = 4.916.734,36; tax = 39.333,87 → 39.334; premium = 35.400,49 → 35.400.
    // credit = 4.842.000 + 39.334 + 35.400 = 4.916.734; cuota at 1,85%: 255.556,95 → 255.557; last 255.556.
    // CTC = 23 × 255.557 + 255.556 + 25.000 (notary) = 6.158.367.
    // CAE: received = 4.800.000 − 25.000 = 4.775.000 against the 24 cuotas: i = 2,10794%; × 12 = 25,30%.
    // (The direct credit at 1,85% a month at 24 months, as the demo had it before its rates met the maximum.)
    const settings: FinancingSettings = {
      ...demo,
      credits: {
        ...demo.credits,
        directo: { ...demo.credits.directo, monthlyRatePercent: { 24: 1.85 } },
      },
      fees: demo.fees.map((fee) => (fee.id === 'notaria' ? { ...fee, financed: false } : fee)),
    };
    const s = simulate(settings, {
      price: 8_000_000,
      downPayment: { percent: 40 },
      term: 24,
      type: 'directo',
      insurances: ['desgravamen'],
    });
    expect(s).toMatchObject({
      financedAmount: 4_916_734,
      installment: 255_557,
      lastInstallment: 255_556,
      totalCost: 6_158_367,
      caePercent: 25.3,
    });
    expect(s.stampTax.amount).toBe(39_334);
    expect(s.insurances).toEqual([{ id: 'desgravamen', label: 'Seguro de desgravamen', amount: 35_400 }]);
    expect(s.upfrontFees).toEqual([{ id: 'notaria', label: 'Gastos notariales', amount: 25_000 }]);
    expect(s.totalCharges).toBe(39_334 + 35_400 + 25_000 + 42_000);
  });

  it('uses the stamp tax of a 12-month credit: 12 × 0,066% = 0,792%, under the cap', () => {
    const s = simulate(demo, {
      price: 10_000_000,
      downPayment: { pesos: 2_000_000 },
      term: 12,
      type: 'convencional',
    });
    // base = 8.067.000 / (1 − 0,00792) = 8.131.400,7; tax = 64.400,7 → 64.401.
    expect(s.stampTax.amount).toBe(64_401);
  });

  it('a monthly rate of 0 gives equal parts and a CAE of the charges alone', () => {
    const zero = {
      ...plain,
      credits: {
        ...plain.credits,
        convencional: { ...plain.credits.convencional, monthlyRatePercent: { 12: 0 } },
      },
    };
    const s = simulate(zero, { price: 1_200_000, downPayment: { pesos: 0 }, term: 12, type: 'convencional' });
    expect(s).toMatchObject({
      installment: 100_000,
      lastInstallment: 100_000,
      totalCost: 1_200_000,
      caePercent: 0,
    });
  });
});

describe('simulateCredit: refusals in Spanish, never NaN', () => {
  const valid: SimulationInput = {
    price: 10_000_000,
    downPayment: { pesos: 3_000_000 },
    term: 36,
    type: 'convencional',
  };
  it.each<[string, Partial<SimulationInput>, string, RegExp]>([
    ['a negative price', { price: -1 }, 'price', /precio/],
    ['a price with decimals', { price: 10.5 }, 'price', /sin decimales/],
    ['a NaN price', { price: Number.NaN }, 'price', /precio/],
    ['an absurd price', { price: 1e12 }, 'price', /no parece correcto/],
    ['a negative pie', { downPayment: { pesos: -5 } }, 'downPayment', /pie/],
    ['a NaN pie', { downPayment: { pesos: Number.NaN } }, 'downPayment', /pie/],
    ['a NaN percentage', { downPayment: { percent: Number.NaN } }, 'downPayment', /pie/],
    [
      'a pie equal to the price',
      { downPayment: { pesos: 10_000_000 } },
      'downPayment',
      /menor que el precio/,
    ],
    ['a pie above the price', { downPayment: { percent: 120 } }, 'downPayment', /menor que el precio/],
    [
      'a pie under the minimum',
      { downPayment: { pesos: 1_000_000 } },
      'downPayment',
      /al menos 20% \(\$2\.000\.000\)/,
    ],
    [
      'too small a credit',
      { price: 1_100_000, downPayment: { pesos: 300_000 } },
      'downPayment',
      /al menos \$1\.000\.000/,
    ],
    ['a term not offered', { term: 60 }, 'term', /12, 24, 36 o 48 meses/],
    ['a NaN term', { term: Number.NaN }, 'term', /meses/],
    ['an unknown credit type', { type: 'no-se' }, 'type', /convencional o crédito directo/],
    ['an unknown insurance', { insurances: ['vida'] }, 'insurances', /seguros/],
  ])('refuses %s', (_, change, field, message) => {
    const result = simulateCredit(demo, { ...valid, ...change }, defaultDealership);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.field).toBe(field);
    expect(result.error).toMatch(message);
  });

  it('names the terms a credit type offers', () => {
    const result = simulateCredit(
      plain,
      {
        ...valid,
        type: 'directo',
        downPayment: { percent: 50 },
        term: 12,
      },
      UNCAPPED,
    );
    expect(result).toMatchObject({ ok: false, error: 'El crédito directo se ofrece a 48 meses.' });
  });
});

// ------------------------------------------------------------------ properties

const settingsArbitrary = fc
  .record({
    rate: fc.double({ min: 0.1, max: 4, noNaN: true }),
    minPie: fc.integer({ min: 0, max: 60 }),
    taxMonthly: fc.double({ min: 0, max: 0.1, noNaN: true }),
    fee: fc.integer({ min: 0, max: 200_000 }),
    financed: fc.boolean(),
    premium: fc.double({ min: 0, max: 0.1, noNaN: true }),
  })
  .map(
    ({ rate, minPie, taxMonthly, fee, financed, premium }): FinancingSettings => ({
      ...plain,
      credits: {
        convencional: {
          label: 'Crédito convencional',
          monthlyRatePercent: { 12: rate, 24: rate, 36: rate, 48: rate },
          minDownPaymentPercent: minPie,
        },
        directo: plain.credits.directo,
      },
      stampTax: { monthlyPercent: taxMonthly, capPercent: 0.8 },
      fees: [{ id: 'notaria', label: 'Gastos notariales', amount: fee, financed }],
      insurances: [
        { id: 'desgravamen', label: 'Seguro de desgravamen', monthlyPercent: premium, required: true },
      ],
    }),
  );

const creditArbitrary = fc.record({
  settings: settingsArbitrary,
  price: fc.integer({ min: 2_000_000, max: 150_000_000 }),
  piePercent: fc.integer({ min: 60, max: 90 }),
  term: fc.constantFrom(12, 24, 36, 48),
});

interface CreditCase {
  settings: FinancingSettings;
  price: number;
  piePercent: number;
  term: number;
}

function run({ settings, price, piePercent, term }: CreditCase) {
  return simulate(settings, { price, downPayment: { percent: piePercent }, term, type: 'convencional' });
}

describe('monthlyInternalRate', () => {
  it('returns the rate a step lands on exactly, not the middle of its bracket', () => {
    // Here a Newton step lands on a rate whose present value is exactly what was received; the bracket's middle is
    // 5e-10 away from it, which is 0,14 pesos off.
    const payments = Array<number>(12).fill(3_780_632);
    const received = 42_122_193.636270665;
    const rate = monthlyInternalRate(received, payments);
    expect(Math.abs(presentValue(rate, payments) - received)).toBeLessThan(0.01);
  });

  it('is 0 when the payments are worth no more than what was received, and finds 1% a month', () => {
    expect(monthlyInternalRate(1_200_000, Array<number>(12).fill(100_000))).toBe(0);
    const payments = Array<number>(12).fill(710_790.31);
    expect(monthlyInternalRate(8_000_000, payments)).toBeCloseTo(0.01, 9);
  });
});

describe('simulateCredit: properties', () => {
  it('the settings of the properties and the demo are valid settings', () => {
    expect(FinancingSettingsSchema.safeParse(demo).success).toBe(true);
    fc.assert(fc.property(settingsArbitrary, (s) => FinancingSettingsSchema.safeParse(s).success));
  });

  it('CAE is at least the nominal annual rate, and above it when any charge is over 0', () => {
    fc.assert(
      fc.property(creditArbitrary, (input) => {
        const s = run(input);
        expect(s.caePercent).toBeGreaterThanOrEqual(s.annualRatePercent - 0.005);
        // A charge above a few pesos moves the CAE by at least a rounding step.
        if (s.totalCharges > s.balance / 1000) expect(s.caePercent).toBeGreaterThan(s.annualRatePercent);
      }),
    );
  });

  it('CAE is the nominal annual rate when there is no charge', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 4, noNaN: true }),
        fc.integer({ min: 1_000_000, max: 150_000_000 }),
        fc.constantFrom(12, 24, 36, 48),
        (rate, price, term) => {
          const settings = {
            ...plain,
            credits: {
              ...plain.credits,
              convencional: { ...plain.credits.convencional, monthlyRatePercent: { [term]: rate } },
            },
          };
          const s = simulate(settings, { price, downPayment: { pesos: 0 }, term, type: 'convencional' });
          expect(s.totalCharges).toBe(0);
          expect(Math.abs(s.caePercent - Math.round(rate * 12 * 100) / 100)).toBeLessThanOrEqual(0.01);
        },
      ),
    );
  });

  it('CTC is the sum of every payment the borrower makes for the credit, without the pie', () => {
    fc.assert(
      fc.property(creditArbitrary, (input) => {
        const s = run(input);
        const upfront = s.upfrontFees.reduce((sum, fee) => sum + fee.amount, 0);
        expect(s.totalCost).toBe(paymentsOf(s).reduce((sum, p) => sum + p, 0) + upfront);
        expect(s.totalCost).toBeGreaterThanOrEqual(s.balance);
      }),
    );
  });

  it('the cuotas repay the credit at the stated rate, to the peso', () => {
    fc.assert(
      fc.property(creditArbitrary, (input) => {
        const s = run(input);
        expect(
          Math.abs(presentValue(s.monthlyRatePercent / 100, paymentsOf(s)) - s.financedAmount),
        ).toBeLessThan(1);
        // Half a peso of rounding a month, carried with interest to the last month.
        const rate = s.monthlyRatePercent / 100;
        const drift = rate === 0 ? s.term / 2 : (0.5 * ((1 + rate) ** s.term - 1)) / rate;
        expect(Math.abs(s.lastInstallment - s.installment)).toBeLessThanOrEqual(drift + 1);
      }),
    );
  });

  it('the CAE is the rate at which the cuotas are worth what the borrower received', () => {
    fc.assert(
      fc.property(creditArbitrary, (input) => {
        const s = run(input);
        const upfront = s.upfrontFees.reduce((sum, fee) => sum + fee.amount, 0);
        const i = monthlyInternalRate(s.balance - upfront, paymentsOf(s));
        expect(Math.abs(presentValue(i, paymentsOf(s)) - (s.balance - upfront))).toBeLessThan(0.01);
        expect(Math.abs(i * 1200 - s.caePercent)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });

  it('the cuota falls as the term grows', () => {
    fc.assert(
      fc.property(creditArbitrary, (input) => {
        const cuotas = [12, 24, 36, 48].map((term) => run({ ...input, term }).installment);
        for (let k = 1; k < cuotas.length; k += 1) expect(cuotas[k]).toBeLessThan(cuotas[k - 1] ?? 0);
      }),
    );
  });

  it('the cuota falls as the term grows on the demo settings too, whose rates rise with the term', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4_000_000, max: 150_000_000 }),
        fc.integer({ min: 40, max: 70 }),
        fc.constantFrom('convencional', 'directo'),
        (price, piePercent, type) => {
          const cuotas = [12, 24, 36, 48].map(
            (term) => simulate(demo, { price, downPayment: { percent: piePercent }, term, type }).installment,
          );
          for (let k = 1; k < cuotas.length; k += 1) expect(cuotas[k]).toBeLessThan(cuotas[k - 1] ?? 0);
        },
      ),
    );
  });

  it('never returns NaN or a negative figure, whatever numbers it is given', () => {
    const number = fc.oneof(
      fc.double(),
      fc.integer(),
      fc.constant(Number.NaN),
      fc.constant(Number.POSITIVE_INFINITY),
    );
    fc.assert(
      fc.property(number, number, fc.oneof(fc.constantFrom(12, 24, 36, 48), number), (price, pie, term) => {
        const result = simulateCredit(
          demo,
          { price, downPayment: { pesos: pie }, term, type: 'directo' },
          defaultDealership,
        );
        if (!result.ok) {
          expect(result.error).toMatch(/^[A-ZÁÉÍÓÚÑ¿]/);
          return;
        }
        for (const value of Object.values(result.simulation))
          if (typeof value === 'number') expect(Number.isFinite(value) && value >= 0).toBe(true);
      }),
    );
  });
});

describe('lowestInstallment ("Cuota desde")', () => {
  it('is the lowest cuota over the credit types at their minimum pie and longest term', () => {
    const lowest = lowestInstallment(demo, 12_990_000, NO_RESTRICTIONS, defaultDealership);
    const candidates = (['convencional', 'directo'] as const).map(
      (type) =>
        simulate(demo, {
          price: 12_990_000,
          downPayment: { percent: demo.credits[type].minDownPaymentPercent },
          term: 48,
          type,
        }).installment,
    );
    expect(lowest?.installment).toBe(Math.min(...candidates));
    expect(lowest?.term).toBe(48);
    expect(lowest?.insurances).toEqual([]);
  });

  it('is null when the price is too small for any credit', () => {
    expect(lowestInstallment(demo, 900_000, NO_RESTRICTIONS, defaultDealership)).toBeNull();
  });

  // ADR 0034: a cuota only some buyers can get is no "desde" for the others (Ley 19.496 art. 28 d).
  it('advertises only credits every buyer can get, and a restricted one only when all are', () => {
    const eligibility = defaultDealership.creditEligibility;
    fc.assert(
      fc.property(fc.integer({ min: 3_000_000, max: 90_000_000 }), (price) => {
        const open = lowestInstallment(demo, price, eligibility, defaultDealership);
        expect(open?.type).toBe('convencional');
        const onlyDirect = lowestInstallment(
          demo,
          price,
          { convencional: 'Solo pymes', directo: null },
          defaultDealership,
        );
        expect(onlyDirect?.type).toBe('directo');
        const both = lowestInstallment(
          demo,
          price,
          { convencional: 'Solo pymes', directo: 'Solo Quinta' },
          defaultDealership,
        );
        expect(both?.installment).toBe(
          lowestInstallment(demo, price, NO_RESTRICTIONS, defaultDealership)?.installment,
        );
      }),
    );
  });
});

describe('maxFinancedPercent ("Financiamos hasta el…")', () => {
  it('is 100 less the smallest minimum pie of the credits every buyer can get', () => {
    expect(maxFinancedPercent(demo, defaultDealership.creditEligibility)).toBe(80);
    expect(maxFinancedText(demo, defaultDealership.creditEligibility)).toBe(
      'Financiamos hasta el 80% del valor',
    );
    expect(maxFinancedPercent(demo, { convencional: 'Solo pymes', directo: null })).toBe(60);
    expect(
      fillMaxFinanced(
        'Hasta el {financiamientoMaximo}, sí: {financiamientoMaximo}',
        demo,
        defaultDealership.creditEligibility,
      ),
    ).toBe('Hasta el 80%, sí: 80%');
    // The demo's second home slide states it through the placeholder, and passes the settings' contract.
    expect(DealershipSchema.safeParse(defaultDealership).success).toBe(true);
    expect(
      fillMaxFinanced(
        defaultDealership.slides[1]?.description ?? '',
        demo,
        defaultDealership.creditEligibility,
      ),
    ).toBe('Financiamos hasta el 80% del valor, con cuotas fijas en pesos y respuesta rápida.');
  });

  it('never promises a pie the simulator refuses', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: 20_000_000, max: 90_000_000 }),
        (convencional, directo, price) => {
          const settings: FinancingSettings = {
            ...demo,
            credits: {
              convencional: { ...demo.credits.convencional, minDownPaymentPercent: convencional },
              directo: { ...demo.credits.directo, minDownPaymentPercent: directo },
            },
          };
          const most = maxFinancedPercent(settings, NO_RESTRICTIONS);
          fc.pre(most < 100);
          const pie = Math.ceil((price * (100 - most)) / 100);
          const accepted = (['convencional', 'directo'] as const).some(
            (type) =>
              simulateCredit(
                settings,
                { price, downPayment: { pesos: pie }, term: 48, type },
                defaultDealership,
              ).ok,
          );
          expect(accepted).toBe(true);
          const less = (['convencional', 'directo'] as const).some(
            (type) =>
              simulateCredit(
                settings,
                {
                  price,
                  downPayment: { pesos: pie - Math.ceil(price / 100) },
                  term: 48,
                  type,
                },
                defaultDealership,
              ).ok,
          );
          expect(less).toBe(false);
        },
      ),
    );
  });
});

it('writes the direct credit down-payment sentence from the settings', () => {
  expect(directCreditDownPaymentText(demo)).toBe('Pie desde 40% del valor del vehículo');
});
