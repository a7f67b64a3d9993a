// "Vehículos similares" of a vehicle page (docs/product.md): up to four published vehicles that share the body type,
// the price band or the brand of the one shown. Pure, so the server and the tests run the same rule.
import type { VehicleStatus } from '@contracts/vehicle.ts';

/** At most this many similar vehicles are shown. */
export const SIMILAR_LIMIT = 4;

/** What the rule compares of a vehicle. */
export interface SimilarTarget {
  id: number;
  brand: string;
  bodyType: string;
  /** Whole pesos. */
  price: number;
}

export interface SimilarCandidate extends SimilarTarget {
  status: VehicleStatus;
}

/**
 * Points a vehicle earns for what it shares with the one shown: the body type counts most (a visitor who looked at
 * an SUV wants SUVs), then a price within 15% (30% earns less), then the brand.
 */
export const SIMILARITY_POINTS = {
  bodyType: 3,
  nearPrice: 2,
  samePriceBand: 1,
  brand: 2,
} as const;

/** Prices within these shares of the shown vehicle's price are near, or in the same band. */
export const PRICE_NEAR = 0.15;
export const PRICE_BAND = 0.3;

const fold = (text: string) => text.trim().toLocaleLowerCase('es-CL');

/** How far a price is from the target's, as a share of the target's price (0 = the same price). */
export function priceDistance(target: Pick<SimilarTarget, 'price'>, price: number): number {
  const base = Math.max(1, Math.abs(target.price));
  return Math.abs(price - target.price) / base;
}

/**
 * The stock ready for the rule, as columns: each vehicle's brand and body type folded once and numbered (equal names,
 * equal numbers), and its price and id. The server prepares it when the stock changes, not on every page: folding
 * two names per vehicle of a large stock on each page cost more than the rest of the rule, and a pass over plain
 * number columns is several times quicker than one over an object per vehicle.
 */
export interface PreparedStock<T> {
  items: readonly T[];
  ids: Float64Array;
  prices: Float64Array;
  brands: Int32Array;
  bodyTypes: Int32Array;
  /** The number of each folded name. */
  names: ReadonlyMap<string, number>;
}

export function prepareCandidates<T extends SimilarCandidate>(candidates: readonly T[]): PreparedStock<T> {
  const items = candidates.filter((item) => item.status === 'published');
  const names = new Map<string, number>();
  const numberOf = (name: string) => {
    const key = fold(name);
    let number = names.get(key);
    if (number === undefined) {
      number = names.size;
      names.set(key, number);
    }
    return number;
  };
  return {
    items,
    ids: Float64Array.from(items, (item) => item.id),
    prices: Float64Array.from(items, (item) => item.price),
    brands: Int32Array.from(items, (item) => numberOf(item.brand)),
    bodyTypes: Int32Array.from(items, (item) => numberOf(item.bodyType)),
    names,
  };
}

/** The points for sharing the body type, the brand, and a price `distance` away. */
function scoreOf(sameBodyType: boolean, sameBrand: boolean, distance: number): number {
  let score = 0;
  if (sameBodyType) score += SIMILARITY_POINTS.bodyType;
  if (distance <= PRICE_NEAR) score += SIMILARITY_POINTS.nearPrice;
  else if (distance <= PRICE_BAND) score += SIMILARITY_POINTS.samePriceBand;
  if (sameBrand) score += SIMILARITY_POINTS.brand;
  return score;
}

/** The points `candidate` earns against `target`; 0 means it shares nothing the rule looks at. */
export function similarityScore(target: SimilarTarget, candidate: SimilarTarget): number {
  return scoreOf(
    fold(candidate.bodyType) === fold(target.bodyType),
    fold(candidate.brand) === fold(target.brand),
    priceDistance(target, candidate.price),
  );
}

interface Ranked<T> {
  item: T;
  score: number;
  distance: number;
}

/** Higher score first; then the nearer price; then the lower id, so the order never depends on the input's. */
function ranksBefore<T extends SimilarTarget>(a: Ranked<T>, b: Ranked<T>): boolean {
  if (a.score !== b.score) return a.score > b.score;
  if (a.distance !== b.distance) return a.distance < b.distance;
  return a.item.id < b.item.id;
}

/**
 * The published vehicles most like `target`, best first, from the stock as `prepareCandidates` gives it: never
 * `target` itself, only vehicles that share something with it (score above 0), at most `limit`. One pass over the
 * stock keeping the best few, so a page of a large stock costs no sort of it.
 */
export function rankSimilar<T extends SimilarCandidate>(
  target: SimilarTarget,
  stock: PreparedStock<T>,
  limit: number = SIMILAR_LIMIT,
): T[] {
  const size = Math.max(0, Math.min(SIMILAR_LIMIT, Math.floor(limit)));
  if (size === 0) return [];
  // A name no vehicle of the stock has matches none (-1 is no vehicle's number).
  const brand = stock.names.get(fold(target.brand)) ?? -1;
  const bodyType = stock.names.get(fold(target.bodyType)) ?? -1;
  const best: Ranked<T>[] = [];
  for (let index = 0; index < stock.items.length; index++) {
    if (stock.ids[index] === target.id) continue;
    const distance = priceDistance(target, stock.prices[index] as number);
    const score = scoreOf(stock.bodyTypes[index] === bodyType, stock.brands[index] === brand, distance);
    if (score <= 0) continue;
    const ranked = { item: stock.items[index] as T, score, distance };
    const last = best[best.length - 1];
    if (best.length === size && last && !ranksBefore(ranked, last)) continue;
    let at = best.length;
    while (at > 0 && ranksBefore(ranked, best[at - 1] as Ranked<T>)) at--;
    best.splice(at, 0, ranked);
    if (best.length > size) best.pop();
  }
  return best.map((r) => r.item);
}

/** `rankSimilar` over a stock not prepared yet. */
export function similarVehicles<T extends SimilarCandidate>(
  target: SimilarTarget,
  candidates: readonly T[],
  limit: number = SIMILAR_LIMIT,
): T[] {
  return rankSimilar(target, prepareCandidates(candidates), limit);
}
