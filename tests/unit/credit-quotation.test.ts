import { DealershipSchema } from '@contracts/dealership.ts';
import { simulateCredit } from '@domain/credit.ts';
import {
  businessDaysAfter,
  monthsAfter,
  NOT_STATED,
  quotationDates,
  quotationLines,
  quotationTerms,
  storedSimulationLines,
} from '@domain/credit-quotation.ts';
import { simulationLines } from '@domain/credit-summary.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import { chileHolidays } from '@server/services/rights/chile-holidays.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const noHolidays = () => false;
const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
const dayKeys = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('the quotation is valid for N business days', () => {
  it('skips weekends: issued on a Thursday, 7 business days run to the Monday after next', () => {
    // 26-11-2026 is a Thursday: Fri 27, Mon 30, Tue 1, Wed 2, Thu 3, Fri 4, Mon 7.
    expect(businessDaysAfter('2026-11-26', 7, noHolidays)).toBe('2026-12-07');
    // Issued on a Saturday: Monday is the first business day.
    expect(businessDaysAfter('2026-11-28', 1, noHolidays)).toBe('2026-11-30');
  });

  it("skips Chile's public holidays", async () => {
    const isHoliday = await chileHolidays();
    // 08-12 (Inmaculada Concepción) is a Tuesday in 2026: 7 business days from Thursday 03-12 end on Tuesday 15-12,
    // a day later than without it.
    expect(isHoliday('2026-12-08')).toBe(true);
    expect(businessDaysAfter('2026-12-03', 7, isHoliday)).toBe('2026-12-15');
    expect(businessDaysAfter('2026-12-03', 7, noHolidays)).toBe('2026-12-14');
    // 18 and 19 September, Friday and Saturday in 2026.
    expect(businessDaysAfter('2026-09-17', 1, isHoliday)).toBe('2026-09-21');
  });

  it('always ends on a weekday that is not a holiday, with exactly N business days after the issue', () => {
    const holidaySet = new Set(['2026-12-08', '2027-01-01', '2027-05-21']);
    const isHoliday = (day: string) => holidaySet.has(day);
    fc.assert(
      fc.property(dayKeys, fc.integer({ min: 1, max: 30 }), (issued, days) => {
        const last = businessDaysAfter(issued, days, isHoliday);
        expect(last > issued).toBe(true);
        expect([0, 6]).not.toContain(weekday(last));
        expect(isHoliday(last)).toBe(false);
        let counted = 0;
        for (let day = new Date(`${issued}T12:00:00Z`); ; ) {
          day.setUTCDate(day.getUTCDate() + 1);
          const key = day.toISOString().slice(0, 10);
          if (![0, 6].includes(weekday(key)) && !isHoliday(key)) counted++;
          if (key === last) break;
          day = new Date(`${key}T12:00:00Z`);
        }
        expect(counted).toBe(days);
      }),
    );
  });
});

describe('the first cuota falls a month after signing', () => {
  it('on the same day of the next month, or that month’s last day', () => {
    expect(monthsAfter('2026-11-27', 1)).toBe('2026-12-27');
    expect(monthsAfter('2026-12-15', 1)).toBe('2027-01-15');
    expect(monthsAfter('2027-01-31', 1)).toBe('2027-02-28');
    expect(monthsAfter('2028-01-31', 1)).toBe('2028-02-29');
    expect(monthsAfter('2026-03-31', 1)).toBe('2026-04-30');
  });

  it('is always in the next calendar month', () => {
    fc.assert(
      fc.property(dayKeys, (day) => {
        const next = monthsAfter(day, 1);
        const [y, m] = day.split('-').map(Number) as [number, number];
        const [ny, nm, nd] = next.split('-').map(Number) as [number, number, number];
        expect(ny * 12 + nm).toBe(y * 12 + m + 1);
        expect(nd).toBeLessThanOrEqual(Number(day.slice(8)));
      }),
    );
  });
});

describe('the dates are Chile’s', () => {
  it('an instant late at night in Chile is issued on Chile’s day, not UTC’s', () => {
    // 02:30 UTC on 28-11-2026 is 23:30 of the 27th in Santiago (summer time, UTC−3).
    const dates = quotationDates(new Date('2026-11-28T02:30:00Z'), 7, noHolidays);
    expect(dates.issuedOn).toBe('2026-11-27');
    expect(dates.validUntil).toBe('2026-12-08');
    expect(dates.firstInstallmentOn).toBe('2026-12-27');
  });
});

describe('the terms come from the settings', () => {
  const dates = quotationDates(new Date('2026-11-26T15:00:00Z'), 7, noHolidays);

  it('names the lender of each credit type; a blank one is the dealership by its legal name', () => {
    const terms = quotationTerms(defaultDealership, dates);
    expect(terms.lenders.convencional).toBe('Banco Cumbre Andina');
    expect(terms.lenders.directo).toBe(defaultDealership.legalName);
    expect(terms.issuer).toBe(defaultDealership.legalName);
    const changed = quotationTerms(
      {
        ...defaultDealership,
        creditQuotation: {
          ...defaultDealership.creditQuotation,
          lenders: { convencional: 'Banco Otro', directo: 'Financiera Tres' },
        },
      },
      dates,
    );
    expect(changed.lenders).toEqual({ convencional: 'Banco Otro', directo: 'Financiera Tres' });
  });

  it('staff read the figures, the annual rate and the terms of the credit type and insurances chosen', () => {
    const result = simulateCredit(
      defaultDealership.financing,
      {
        price: 12_990_000,
        downPayment: { percent: 20 },
        term: 48,
        type: 'convencional',
        insurances: ['desgravamen'],
      },
      defaultDealership,
    );
    if (!result.ok) throw new Error(result.error);
    const terms = quotationTerms(defaultDealership, dates);
    const lines = new Map(storedSimulationLines({ ...result.simulation, quotation: terms }));
    expect(lines.get('Tasa de interés mensual')).toBe('1,59%');
    expect(lines.get('Tasa de interés anual')).toBe('19,08%');
    expect(lines.get('Institución que otorga el crédito')).toBe('Banco Cumbre Andina');
    expect(lines.get('Fecha de emisión')).toBe('26-11-2026');
    expect(lines.get('Válida hasta')).toBe('07-12-2026 (7 días hábiles)');
    expect(lines.get('Primera cuota')).toBe('26-12-2026');
    expect(lines.get('Prepago')).toBe(defaultDealership.creditQuotation.prepayment);
    expect(lines.get('Interés por atraso')).toBe(defaultDealership.creditQuotation.lateInterest);
    expect(lines.get('Gastos de cobranza')).toBe(defaultDealership.creditQuotation.collectionCharges);
    expect(lines.get('Seguro de desgravamen: aseguradora y cobertura')).toMatch(
      /^Seguros Andes\. Paga el saldo/,
    );
    // Only the insurances the simulation includes.
    expect([...lines.keys()].some((label) => label.startsWith('Seguro de cesantía:'))).toBe(false);
    // A simulation stored before the quotation existed reads as before.
    expect(storedSimulationLines(result.simulation)).toEqual(simulationLines(result.simulation));
    expect(quotationLines(result.simulation, terms)[0]).toEqual(['Cotización emitida por', terms.issuer]);
    // An insurer named with its final full stop ("S.A.") does not get a second one.
    const withStop = {
      ...terms,
      insurances: terms.insurances.map((i) => ({ ...i, insurer: 'Vida Sur S.A.' })),
    };
    expect(
      new Map(quotationLines(result.simulation, withStop)).get(
        'Seguro de desgravamen: aseguradora y cobertura',
      ),
    ).toMatch(/^Vida Sur S\.A\. Paga/);
  });

  it('an insurance stored before its insurer was asked for says so instead of failing', () => {
    const older = DealershipSchema.parse({
      ...defaultDealership,
      financing: {
        ...defaultDealership.financing,
        insurances: [
          { id: 'desgravamen', label: 'Seguro de desgravamen', monthlyPercent: 0.03, required: true },
        ],
      },
    });
    const [insurance] = quotationTerms(older, dates).insurances;
    expect(insurance).toMatchObject({ insurer: NOT_STATED, coverage: NOT_STATED, required: true });
  });

  it('settings stored before the quotation existed are completed with its defaults', () => {
    const { creditQuotation: _left, ...older } = defaultDealership;
    const parsed = DealershipSchema.parse(older);
    expect(parsed.creditQuotation.validityBusinessDays).toBe(7);
  });
});
