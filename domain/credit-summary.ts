import type { CreditSimulation } from './credit.ts';
import { formatPercent, formatPrice } from './format.ts';

// A stored credit simulation as staff read it (the lead's e-mail and its back office page): one list of labelled
// figures in es-CL, so both say the same thing in the same words.

/**
 * Every figure of a simulation an offer must show (Ley 20.555): the credit type, the price, the pie, the financed
 * amount, the cuotas, the rate, each charge, the CTC and the CAE, as [label, value] in display order.
 */
export function simulationLines(simulation: CreditSimulation): Array<[string, string]> {
  const s = simulation;
  const lines: Array<[string, string]> = [
    ['Tipo de crédito', s.typeLabel],
    ['Precio del vehículo', formatPrice(s.price)],
    // From the pesos: the stored percentage has one decimal, and two would show a 0 that was never computed.
    ['Pie', `${formatPrice(s.downPayment)} (${formatPercent((s.downPayment / s.price) * 100)})`],
    ['Monto financiado', formatPrice(s.financedAmount)],
    ['Número de cuotas', String(s.term)],
    ['Valor cuota', formatPrice(s.installment)],
  ];
  if (s.lastInstallment !== s.installment) lines.push(['Última cuota', formatPrice(s.lastInstallment)]);
  lines.push(
    ['Tasa de interés mensual', formatPercent(s.monthlyRatePercent)],
    ['Tasa de interés anual', formatPercent(s.annualRatePercent)],
    [s.stampTax.label, formatPrice(s.stampTax.amount)],
    ...s.financedFees.map((fee): [string, string] => [
      fee.label,
      `${formatPrice(fee.amount)} (incluido en el crédito)`,
    ]),
    ...s.upfrontFees.map((fee): [string, string] => [
      fee.label,
      `${formatPrice(fee.amount)} (se paga al firmar)`,
    ]),
    ...s.insurances.map((insurance): [string, string] => [insurance.label, formatPrice(insurance.amount)]),
    ['Costo total del crédito (CTC)', formatPrice(s.totalCost)],
    ['Carga anual equivalente (CAE)', formatPercent(s.caePercent)],
  );
  return lines;
}
