import type { InstallmentFrom } from '@contracts/listing.ts';
import { simulatorParams } from '@domain/credit-params';
import { formatPercent, formatPrice } from '@domain/format';

/**
 * "Cuota desde $X/mes" with its CAE in the same type, as Ley 20.555 asks of any cuota shown (ADR 0017): on cards
 * and the vehicle page's side card, rendered on the server.
 */
export function InstallmentFromLines({
  value,
  perMonth = '/mes',
}: {
  value: InstallmentFrom;
  perMonth?: string;
}) {
  return (
    <>
      <span className="block">
        Cuota desde <strong className="font-semibold text-slate-900">{formatPrice(value.installment)}</strong>
        {perMonth}
      </span>
      <span className="block">
        CAE <strong className="font-semibold text-slate-900">{formatPercent(value.caePercent)}</strong> ·{' '}
        {value.term} cuotas · pie {formatPercent(value.downPaymentPercent, 0)}
      </span>
    </>
  );
}

/** The vehicle page's address that opens the simulator on this "Cuota desde". */
export function simulatorHref(value: InstallmentFrom): string {
  const params = new URLSearchParams([
    ['tab', 'financiamiento'],
    ...simulatorParams({ type: value.type, term: value.term, pie: value.downPayment, insurances: [] }),
  ]);
  return `?${params}#simulador`;
}
