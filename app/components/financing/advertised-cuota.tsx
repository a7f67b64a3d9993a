import type { InstallmentFrom } from '@contracts/listing.ts';
import { simulatorParams } from '@domain/credit-params';
import { formatPercent, formatPrice } from '@domain/format';

/**
 * The one way the site shows an advertised cuota ("Cuota desde"): the cuota, its CAE, term and pie, the credit it
 * quotes and, when not every buyer can get that credit, who can — all in the same type and in one `data-cuota` unit
 * (Ley 19.496 art. 17 G and art. 28 d; ADR 0017, ADR 0034). It takes the whole `InstallmentFrom`, whose CAE is not
 * optional, and renders nothing when the CAE is not a number: a cuota without its CAE cannot come out of it. Cards,
 * the vehicle page's side card, the favourites and /comparar all use it; rendered on the server (and by the islands
 * that hold cards).
 */
export function AdvertisedCuota({
  value,
  perMonth = '/mes',
  className,
}: {
  value: InstallmentFrom;
  perMonth?: string;
  className?: string;
}) {
  if (!Number.isFinite(value.caePercent) || !Number.isFinite(value.installment)) return null;
  return (
    <span data-cuota="" className={`block ${className ?? ''}`}>
      <span className="block">
        Cuota desde <strong className="font-semibold text-slate-900">{formatPrice(value.installment)}</strong>
        {perMonth}
      </span>
      <span className="block">
        CAE <strong className="font-semibold text-slate-900">{formatPercent(value.caePercent)}</strong> ·{' '}
        {value.term} cuotas · pie {formatPercent(value.downPaymentPercent, 0)}
      </span>
      <span className="block">
        {value.typeLabel}
        {value.restriction ? ` · ${value.restriction}` : ''}
      </span>
    </span>
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
