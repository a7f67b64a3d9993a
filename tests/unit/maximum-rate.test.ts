// The tasa máxima convencional (ADR 0042): the segment of a credit, the refusal of a rate above its maximum in the
// simulator, the "Cuota desde" and the settings, and the back office's warning of an old table.
import type { CreditType } from '@contracts/credit-options.ts';
import type { Dealership, FinancingSettings, RateLimits } from '@contracts/dealership.ts';
import { MAXIMUM_RATE_SEGMENTS, type MaximumRateSegment, UfValueSchema } from '@contracts/maximum-rates.ts';
import { lowestInstallment, NO_RESTRICTIONS, offeredTerms, simulateCredit } from '@domain/credit.ts';
import {
  isAboveMaximum,
  monthlyMaximum,
  rateAboveMaximum,
  segmentOf,
  settingsRateIssues,
  staleRateWarnings,
} from '@domain/maximum-rate.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { typedNumber } from '~/lib/admin/settings-form';

const UF = defaultDealership.ufValue.pesos;
const demo: RateLimits = defaultDealership;

/** A table with each segment's annual maximum drawn apart, and a UF value of some day. */
const tables = fc.record({
  rates: fc.tuple(...MAXIMUM_RATE_SEGMENTS.map(() => fc.integer({ min: 100, max: 6000 }))),
  uf: fc.integer({ min: 1_000_000, max: 6_000_000 }),
});
const limitsOf = ({ rates, uf }: { rates: number[]; uf: number }): RateLimits => ({
  maximumRates: {
    ...defaultDealership.maximumRates,
    annualPercent: Object.fromEntries(
      MAXIMUM_RATE_SEGMENTS.map((segment, index) => [segment, (rates[index] ?? 0) / 100]),
    ) as RateLimits['maximumRates']['annualPercent'],
  },
  ufValue: { pesos: uf / 100, date: '2026-11-16' },
});

/** The certificate's bands written out again, apart from the code under test. */
function oracleSegment(amount: number, months: number, uf: number): MaximumRateSegment {
  const inUf = amount / uf;
  if (months * 30 < 90) return inUf > 5000 ? 'under90Over5000' : 'under90UpTo5000';
  return inUf > 5000 ? 'over5000' : inUf > 200 ? 'upTo5000' : inUf > 50 ? 'upTo200' : 'upTo50';
}

describe('segmentOf', () => {
  it('puts a credit in the band of its amount in UF, the upper end of each band included', () => {
    expect(segmentOf(50 * UF, 48, UF)).toBe('upTo50');
    expect(segmentOf(50 * UF + 1, 48, UF)).toBe('upTo200');
    expect(segmentOf(200 * UF, 12, UF)).toBe('upTo200');
    expect(segmentOf(200 * UF + 1, 12, UF)).toBe('upTo5000');
    expect(segmentOf(5000 * UF, 36, UF)).toBe('upTo5000');
    expect(segmentOf(5000 * UF + 1, 36, UF)).toBe('over5000');
    expect(segmentOf(1_000_000, 2, UF)).toBe('under90UpTo5000');
  });

  it('agrees with the certificate for any amount, term and UF value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1_000_000, max: 6_000_000 }),
        (amount, months, cents) => {
          expect(segmentOf(amount, months, cents / 100)).toBe(oracleSegment(amount, months, cents / 100));
        },
      ),
    );
  });
});

describe('the maximum a monthly rate may reach', () => {
  it('compares the rate made annual as the certificate does (× 12), without binary noise', () => {
    // 1,865% × 12 = 22,38%: exactly the maximum, so allowed; a thousandth more is not.
    expect(isAboveMaximum(1.865, 22.38)).toBe(false);
    expect(isAboveMaximum(1.866, 22.38)).toBe(true);
    expect(monthlyMaximum(22.38)).toBe(1.865);
    expect(monthlyMaximum(9.12)).toBe(0.76);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (hundredths) => {
        const annual = hundredths / 100;
        expect(isAboveMaximum(monthlyMaximum(annual), annual)).toBe(false);
        expect(isAboveMaximum(monthlyMaximum(annual) + 0.001, annual)).toBe(true);
      }),
    );
  });
});

describe('simulateCredit under the maximum rate', () => {
  it('refuses the demo direct credit at its old 1,99% a month, naming the limit, its segment and date', () => {
    const financing: FinancingSettings = {
      ...defaultDealership.financing,
      credits: {
        ...defaultDealership.financing.credits,
        directo: { ...defaultDealership.financing.credits.directo, monthlyRatePercent: { 48: 1.99 } },
      },
    };
    const result = simulateCredit(
      financing,
      { price: 12_990_000, downPayment: { percent: 40 }, term: 48, type: 'directo' },
      demo,
    );
    expect(result).toEqual({
      ok: false,
      field: 'term',
      error:
        'La tasa del crédito directo a 48 meses (1,99% mensual) supera la tasa máxima convencional: 22,38% anual ' +
        '(1,865% mensual) para créditos a 90 días o más, de más de 200 UF y hasta 5.000 UF, vigente desde el ' +
        '15-10-2014. No podemos cotizar este crédito; prueba con otro plazo, otro pie o el otro crédito.',
    });
  });

  it('refuses a credit of more than 5.000 UF at the demo rates (9,12% a year there), and quotes a smaller one', () => {
    const over = simulateCredit(
      defaultDealership.financing,
      { price: 300_000_000, downPayment: { percent: 20 }, term: 48, type: 'convencional' },
      demo,
    );
    expect(over.ok).toBe(false);
    if (!over.ok)
      expect(over.error).toContain(
        '9,12% anual (0,76% mensual) para créditos a 90 días o más, de más de 5.000 UF',
      );
    const under = simulateCredit(
      defaultDealership.financing,
      { price: 30_000_000, downPayment: { percent: 20 }, term: 48, type: 'convencional' },
      demo,
    );
    expect(under.ok).toBe(true);
  });

  it('never quotes a rate above the maximum of its segment, and refuses only such a rate (property)', () => {
    fc.assert(
      fc.property(
        tables,
        fc.integer({ min: 2_000_000, max: 400_000_000 }),
        fc.integer({ min: 40, max: 80 }),
        fc.constantFrom<CreditType>('convencional', 'directo'),
        fc.constantFrom(12, 24, 36, 48),
        (table, price, piePercent, type, term) => {
          const limits = limitsOf(table);
          const uncapped = limitsOf({ rates: MAXIMUM_RATE_SEGMENTS.map(() => 10_000), uf: table.uf });
          const input = { price, downPayment: { percent: piePercent }, term, type };
          const free = simulateCredit(defaultDealership.financing, input, uncapped);
          fc.pre(free.ok);
          if (!free.ok) return;
          const { financedAmount, monthlyRatePercent } = free.simulation;
          const segment = oracleSegment(financedAmount, term, limits.ufValue.pesos);
          const above = monthlyRatePercent * 12 > limits.maximumRates.annualPercent[segment] + 1e-9;
          const result = simulateCredit(defaultDealership.financing, input, limits);
          expect(result.ok).toBe(!above);
          if (!result.ok) {
            expect(result.field).toBe('term');
            expect(result.error).toContain('supera la tasa máxima convencional');
          }
        },
      ),
    );
  });

  it('advertises a "Cuota desde" only within the maximum: the longest term under it, or none', () => {
    fc.assert(
      fc.property(tables, fc.integer({ min: 3_000_000, max: 400_000_000 }), (table, price) => {
        const limits = limitsOf(table);
        const lowest = lowestInstallment(defaultDealership.financing, price, NO_RESTRICTIONS, limits);
        const within = (type: CreditType, term: number) =>
          simulateCredit(
            defaultDealership.financing,
            {
              price,
              downPayment: { percent: defaultDealership.financing.credits[type].minDownPaymentPercent },
              term,
              type,
            },
            limits,
          ).ok;
        if (lowest === null) {
          for (const type of ['convencional', 'directo'] as const)
            for (const term of offeredTerms(defaultDealership.financing, type))
              expect(within(type, term)).toBe(false);
          return;
        }
        const segment = oracleSegment(lowest.financedAmount, lowest.term, limits.ufValue.pesos);
        expect(lowest.monthlyRatePercent * 12).toBeLessThanOrEqual(
          limits.maximumRates.annualPercent[segment] + 1e-9,
        );
        const longer = offeredTerms(defaultDealership.financing, lowest.type).filter((t) => t > lowest.term);
        for (const term of longer) expect(within(lowest.type, term)).toBe(false);
      }),
    );
  });

  it('says why in Spanish and names the credit, only when the rate is above', () => {
    expect(
      rateAboveMaximum(demo, {
        label: 'Crédito convencional',
        monthlyRatePercent: 1.59,
        termMonths: 48,
        amount: 10_000_000,
      }),
    ).toBeNull();
    expect(
      rateAboveMaximum(demo, {
        label: 'Crédito convencional',
        monthlyRatePercent: 3.5,
        termMonths: 48,
        amount: 1_000_000,
      }),
    ).toMatch(
      /^La tasa del crédito convencional a 48 meses \(3,5% mensual\) supera la tasa máxima convencional: 40,89% anual/,
    );
  });
});

describe('the settings refuse a rate above the maximum', () => {
  const withRates = (
    limits: RateLimits,
    minFinancedAmount: number,
    rates: Record<CreditType, Partial<Record<12 | 24 | 36 | 48, number>>>,
  ): Pick<Dealership, 'financing' | 'maximumRates' | 'ufValue'> => ({
    ...limits,
    financing: {
      ...defaultDealership.financing,
      minFinancedAmount,
      credits: {
        convencional: {
          ...defaultDealership.financing.credits.convencional,
          monthlyRatePercent: rates.convencional,
        },
        directo: { ...defaultDealership.financing.credits.directo, monthlyRatePercent: rates.directo },
      },
    },
  });

  it('accepts the demo settings, and names the field and the limit of a rate above it', () => {
    expect(settingsRateIssues(defaultDealership)).toEqual([]);
    const issues = settingsRateIssues(
      withRates(demo, 1_000_000, { convencional: { 48: 1.59 }, directo: { 36: 1.92, 48: 1.99 } }),
    );
    expect(issues.map((issue) => issue.path.join('.'))).toEqual([
      'financing.credits.directo.monthlyRatePercent.36',
      'financing.credits.directo.monthlyRatePercent.48',
    ]);
    expect(issues[0]?.message).toBe(
      'Supera la tasa máxima convencional: 22,38% anual (1,865% mensual) para créditos a 90 días o más, de más ' +
        'de 200 UF y hasta 5.000 UF, vigente desde el 15-10-2014.',
    );
    expect(issues[0]?.sentence).toMatch(/^La tasa del crédito directo a 36 meses supera la tasa máxima/);
  });

  it('refuses a rate exactly when it is above the lowest maximum from the smallest credit up to 5.000 UF (property)', () => {
    fc.assert(
      fc.property(
        tables,
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 600 }),
        fc.constantFrom<CreditType>('convencional', 'directo'),
        fc.constantFrom(12, 24, 36, 48),
        (table, minFinanced, hundredths, type, term) => {
          const limits = limitsOf(table);
          const rate = hundredths / 100;
          const other: CreditType = type === 'convencional' ? 'directo' : 'convencional';
          const settings = withRates(limits, minFinanced, {
            [type]: { [term]: rate },
            [other]: { 12: 0 },
          } as Record<CreditType, Partial<Record<12 | 24 | 36 | 48, number>>>);
          // The bands a credit of this dealership reaches on save: from its smallest credit's up to 5.000 UF.
          const bands: MaximumRateSegment[] = ['upTo50', 'upTo200', 'upTo5000'];
          const first = bands.indexOf(oracleSegment(minFinanced, 12, limits.ufValue.pesos));
          const reached = first < 0 ? [] : bands.slice(first);
          const ceiling = Math.min(...reached.map((band) => limits.maximumRates.annualPercent[band]));
          const refused = settingsRateIssues(settings).map((issue) => issue.path.join('.'));
          const expected = rate * 12 > ceiling + 1e-9;
          expect(refused).toEqual(expected ? [`financing.credits.${type}.monthlyRatePercent.${term}`] : []);
        },
      ),
    );
  });
});

describe('the back office warns of an old table', () => {
  const limits: RateLimits = {
    maximumRates: { ...defaultDealership.maximumRates, validFrom: '2026-10-15' },
    ufValue: { pesos: 40_000, date: '2026-11-01' },
  };

  it('says nothing for 40 days, then names the certificate, its date and its age', () => {
    expect(staleRateWarnings(limits, '2026-11-24')).toEqual([]);
    expect(staleRateWarnings(limits, '2026-11-25')).toEqual([
      'La tabla de tasas máximas convencionales (Certificado N° 10/2014) rige desde el 15-10-2026, hace 41 días: ' +
        'la CMF publica una nueva cada mes, en la primera quincena. Escribe la vigente para que el simulador y ' +
        'las cuotas se comparen con ella.',
    ]);
    expect(staleRateWarnings(limits, '2026-12-12')).toHaveLength(2);
  });

  it('warns about the demo table, which is years old', () => {
    expect(staleRateWarnings(defaultDealership, '2026-11-27')[0]).toContain('rige desde el 15-10-2014');
  });
});

describe('the UF value as staff type it', () => {
  it('reads the published form with thousands and cents, and refuses other text', () => {
    expect(typedNumber('38.362,26', 'uf')).toBe(38_362.26);
    expect(typedNumber('38362,26', 'uf')).toBe(38_362.26);
    expect(typedNumber('38362.26', 'uf')).toBe(38_362.26);
    expect(typedNumber('$ 39.643', 'uf')).toBe(39_643);
    expect(typedNumber('38,362.26', 'uf')).toBeNaN();
    expect(typedNumber('treinta mil', 'uf')).toBeNaN();
    expect(UfValueSchema.safeParse({ pesos: 38_362.265, date: '2024-12-09' }).success).toBe(false);
    expect(UfValueSchema.safeParse({ pesos: 38_362.26, date: '2024-12-09' }).success).toBe(true);
  });
});
