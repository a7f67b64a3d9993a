// "Bajó de precio" (docs/product.md): for 30 days after staff lower a vehicle's price, its card and its page show the
// price before, struck through. Pure: the catalogue hands in the changes it read, the pages their clock.

/** How long a decrease is announced. */
export const PRICE_DROP_DAYS = 30;
const DAY_MS = 86_400_000;

/** The first moment whose changes can still be shown at `now` (what the catalogue needs to read). */
export function priceDropWindowStart(now: number): Date {
  return new Date(now - PRICE_DROP_DAYS * DAY_MS);
}

/** One recorded change of price (db: vehicle_price_changes). */
export interface PriceChangeRecord {
  previousPrice: number;
  price: number;
  /** ISO date-time. */
  at: string;
}

/** The decrease a vehicle may announce: the price before it, and when it happened. */
export interface PriceDrop {
  previousPrice: number;
  /** ISO date-time. */
  at: string;
}

/**
 * The decrease behind a vehicle's current price: its newest change, when that change lowered the price to the one the
 * vehicle has now (a later rise, or a price set without a recorded change, ends the announcement).
 */
export function currentPriceDrop(price: number, newestFirst: readonly PriceChangeRecord[]): PriceDrop | null {
  const newest = newestFirst[0];
  if (!newest || newest.price !== price || newest.price >= newest.previousPrice) return null;
  return { previousPrice: newest.previousPrice, at: newest.at };
}

/** The previous price to strike through at `now`, or null when there is none to show (or it is 30 days old). */
export function previousPriceShown(
  price: number,
  drop: PriceDrop | null | undefined,
  now: number,
): number | null {
  if (!drop || drop.previousPrice <= price) return null;
  const at = Date.parse(drop.at);
  if (!Number.isFinite(at) || now - at > PRICE_DROP_DAYS * DAY_MS) return null;
  return drop.previousPrice;
}
