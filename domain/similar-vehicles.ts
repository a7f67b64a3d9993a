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

/** A vehicle with its names folded for comparison: what the rule reads of each vehicle of the stock. */
export interface Prepared<T> {
  item: T;
  brand: string;
  bodyType: string;
}

/**
 * The stock ready for the rule: each name folded once. The server prepares it when the stock changes, not on every
 * page: folding two names per vehicle of a large stock on each page cost more than the rest of the rule.
 */
export function prepareCandidates<T extends SimilarCandidate>(candidates: readonly T[]): Prepared<T>[] {
  return candidates
    .filter((item) => item.status === 'published')
    .map((item) => ({ item, brand: fold(item.brand), bodyType: fold(item.bodyType) }));
}

function scoreOf(
  target: Prepared<SimilarTarget>,
  candidate: Prepared<SimilarTarget>,
  distance: number,
): number {
  let score = 0;
  if (candidate.bodyType === target.bodyType) score += SIMILARITY_POINTS.bodyType;
  if (distance <= PRICE_NEAR) score += SIMILARITY_POINTS.nearPrice;
  else if (distance <= PRICE_BAND) score += SIMILARITY_POINTS.samePriceBand;
  if (candidate.brand === target.brand) score += SIMILARITY_POINTS.brand;
  return score;
}

const prepared = (target: SimilarTarget): Prepared<SimilarTarget> => ({
  item: target,
  brand: fold(target.brand),
  bodyType: fold(target.bodyType),
});

/** The points `candidate` earns against `target`; 0 means it shares nothing the rule looks at. */
export function similarityScore(target: SimilarTarget, candidate: SimilarTarget): number {
  return scoreOf(prepared(target), prepared(candidate), priceDistance(target, candidate.price));
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
  candidates: readonly Prepared<T>[],
  limit: number = SIMILAR_LIMIT,
): T[] {
  const size = Math.max(0, Math.min(SIMILAR_LIMIT, Math.floor(limit)));
  if (size === 0) return [];
  const shown = prepared(target);
  const best: Ranked<T>[] = [];
  for (const candidate of candidates) {
    const { item } = candidate;
    if (item.id === target.id) continue;
    const distance = priceDistance(target, item.price);
    const score = scoreOf(shown, candidate, distance);
    if (score <= 0) continue;
    const ranked = { item, score, distance };
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
