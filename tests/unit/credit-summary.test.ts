import type { CreditSimulation } from '@domain/credit.ts';
import { simulateCredit } from '@domain/credit.ts';
import { simulationLines } from '@domain/credit-summary.ts';
import { formatPercent } from '@domain/format.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import { describe, expect, it } from 'vitest';

/** A stored simulation written out by hand: the lines depend on its figures only, not on the arithmetic. */
const stored: CreditSimulation = {
  type: 'directo',
  typeLabel: 'Crédito directo',
  price: 15_000_000,
  downPayment: 6_000_000,
  downPaymentPercent: 40,
  balance: 9_000_000,
  financedAmount: 9_150_000,
  term: 36,
  installment: 350_000,
  lastInstallment: 350_004,
  monthlyRatePercent: 1.92,
  annualRatePercent: 23.04,
  stampTax: { id: 'impuesto-timbres', label: 'Impuesto de timbres y estampillas', amount: 72_000 },
  financedFees: [{ id: 'notaria', label: 'Gastos notariales', amount: 25_000 }],
  upfrontFees: [{ id: 'tag', label: 'Inscripción en el Registro Civil', amount: 30_000 }],
  insurances: [{ id: 'cesantia', label: 'Seguro de cesantía', amount: 53_000 }],
  totalCharges: 180_000,
  totalCost: 12_630_004,
  caePercent: 27.9,
};

describe('formatPercent', () => {
  it.each([
    [19.9, '19,90%'],
    [1.59, '1,59%'],
    [20, '20,00%'],
    [0, '0,00%'],
    [-0.001, '0,00%'],
    [27.456, '27,46%'],
  ])('writes %d as %s', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });

  it('takes another number of decimals when told', () => {
    expect(formatPercent(40, 1)).toBe('40,0%');
  });
});

describe('simulationLines', () => {
  it('lists every figure of the offer in es-CL, in order', () => {
    expect(simulationLines(stored)).toEqual([
      ['Tipo de crédito', 'Crédito directo'],
      ['Precio del vehículo', '$15.000.000'],
      ['Pie', '$6.000.000 (40,00%)'],
      ['Monto financiado', '$9.150.000'],
      ['Número de cuotas', '36'],
      ['Valor cuota', '$350.000'],
      ['Última cuota', '$350.004'],
      ['Tasa de interés mensual', '1,92%'],
      ['Tasa de interés anual', '23,04%'],
      ['Impuesto de timbres y estampillas', '$72.000'],
      ['Gastos notariales', '$25.000 (incluido en el crédito)'],
      ['Inscripción en el Registro Civil', '$30.000 (se paga al firmar)'],
      ['Seguro de cesantía', '$53.000'],
      ['Costo total del crédito (CTC)', '$12.630.004'],
      ['Carga anual equivalente (CAE)', '27,90%'],
    ]);
  });

  it('writes the pie’s share of the price with two decimals, from the pesos', () => {
    const lines = simulationLines({ ...stored, downPayment: 4_000_000, downPaymentPercent: 26.7 });
    expect(lines).toContainEqual(['Pie', '$4.000.000 (26,67%)']);
  });

  it('leaves out the last cuota when it equals the others', () => {
    const lines = simulationLines({ ...stored, lastInstallment: stored.installment });
    expect(lines.map(([label]) => label)).not.toContain('Última cuota');
    expect(lines).toContainEqual(['Valor cuota', '$350.000']);
  });

  it('shows a charge for each fee and insurance of a simulation of the demo settings', () => {
    const result = simulateCredit(
      defaultDealership.financing,
      {
        price: 12_990_000,
        downPayment: { pesos: 2_598_000 },
        term: 48,
        type: 'convencional',
        insurances: ['desgravamen', 'cesantia'],
      },
      defaultDealership,
    );
    if (!result.ok) throw new Error(result.error);
    const labels = simulationLines(result.simulation).map(([label]) => label);
    for (const charge of [
      result.simulation.stampTax,
      ...result.simulation.financedFees,
      ...result.simulation.insurances,
    ])
      expect(labels).toContain(charge.label);
    expect(labels).toContain('Carga anual equivalente (CAE)');
  });
});
