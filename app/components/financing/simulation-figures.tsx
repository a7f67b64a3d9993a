import type { CreditSimulation } from '@domain/credit';
import { simulationLines } from '@domain/credit-summary';
import { formatPercent, formatPrice } from '@domain/format';

/**
 * A simulation's figures: the cuota, the CAE and the CTC side by side in the same type (Ley 20.555 asks the CAE
 * to be shown like the cuota), then every amount and charge behind them, in the words staff read them.
 */
export function SimulationFigures({
  simulation: s,
  lender,
}: {
  simulation: CreditSimulation;
  lender: string;
}) {
  const rows = simulationLines(s);
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Headline label="Cuota mensual" value={formatPrice(s.installment)} note={`${s.term} cuotas`} />
        <Headline
          label="CAE"
          value={formatPercent(s.caePercent)}
          note={`Tasa ${formatPercent(s.monthlyRatePercent)} mensual, ${formatPercent(s.annualRatePercent)} anual`}
        />
        <Headline
          label="Costo total del crédito"
          value={formatPrice(s.totalCost)}
          note={`Monto financiado ${formatPrice(s.financedAmount)}`}
          wide
        />
      </dl>
      <details open className="group rounded-xl bg-slate-50 px-4 py-3">
        <summary className="cursor-pointer py-1 font-semibold text-brand-700">Detalle del crédito</summary>
        <dl className="mt-2 text-sm">
          {[['Institución que otorga el crédito', lender] as const, ...rows].map(([label, value]) => (
            <div
              key={label}
              className="flex justify-between gap-4 border-slate-200 border-b py-2 last:border-0"
            >
              <dt className="text-slate-600">{label}</dt>
              <dd className="text-right font-semibold text-slate-900 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}

function Headline({
  label,
  value,
  note,
  wide = false,
}: {
  label: string;
  value: string;
  note: string;
  wide?: boolean;
}) {
  return (
    <div className={`rounded-xl bg-brand-50 px-4 py-3 ${wide ? 'col-span-2 sm:col-span-1' : ''}`}>
      <dt className="text-slate-700 text-sm">{label}</dt>
      <dd className="font-bold text-2xl text-brand-800 tabular-nums tracking-tight">{value}</dd>
      <dd className="text-slate-600 text-xs">{note}</dd>
    </div>
  );
}
