import { formatPrice } from '@domain/format';

/**
 * "Bajó de precio" and the price before, struck through, for 30 days after staff lower a price (domain/price-drop.ts).
 * Nothing when there is no recent decrease. The struck price is announced as the previous one: screen readers do not
 * read strikethrough.
 */
export function PriceDrop({
  previousPrice,
  className = '',
}: {
  previousPrice: number | null | undefined;
  className?: string;
}) {
  if (!previousPrice) return null;
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-sm ${className}`}>
      <span className="rounded-full bg-green-100 px-2.5 py-0.5 font-semibold text-green-800 text-xs">
        Bajó de precio
      </span>
      <s className="text-slate-600">
        <span className="sr-only">Precio anterior: </span>
        {formatPrice(previousPrice)}
      </s>
    </p>
  );
}
