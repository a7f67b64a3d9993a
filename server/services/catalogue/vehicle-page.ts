// What a vehicle page shows (app/routes/vehicle-detail.tsx): a published vehicle, or a sold one with its 'Vendido'
// state (ADR 0018), and the similar vehicles of either. Also which vehicle pages /sitemap.xml lists.
import type { CreditOffer } from '@contracts/dealership.ts';
import type { VehicleCardView } from '@contracts/listing.ts';
import {
  type PreparedStock,
  prepareCandidates,
  rankSimilar,
  type SimilarCandidate,
} from '@domain/similar-vehicles.ts';
import { soldPageIndexed } from '@domain/sold-vehicle.ts';
import { toCardView, toVehicleView, type VehicleRecord, type VehicleView } from '@domain/vehicle.ts';
import type { Catalogue, CatalogueSnapshot } from './catalogue.ts';

export interface SoldState {
  /** ISO date-time of the sale. */
  soldAt: string;
  /** Still in /sitemap.xml and open to indexing (SOLD_PAGE_DAYS after the sale); else `noindex`. */
  indexed: boolean;
}

export interface VehiclePageData {
  vehicle: VehicleView;
  /** What staff wrote about it, shown as its own section (not sent to the islands: it is server markup only). */
  description: string | null;
  /** Null for a published vehicle. */
  sold: SoldState | null;
  /** Up to four published vehicles like it, best first (domain/similar-vehicles.ts). */
  similar: VehicleCardView[];
}

export interface VehiclePageOptions {
  offer: CreditOffer;
  soldPageDays: number;
  now: number;
}

type Candidate = SimilarCandidate & { record: VehicleRecord };

// Built once per snapshot: each page then reads columns of numbers.
const candidates = new WeakMap<CatalogueSnapshot, PreparedStock<Candidate>>();

function candidatesOf(snapshot: CatalogueSnapshot): PreparedStock<Candidate> {
  let list = candidates.get(snapshot);
  if (!list) {
    list = prepareCandidates(
      snapshot.vehicles.map((record) => ({
        id: record.id,
        status: 'published' as const,
        brand: record.brand.nombre,
        bodyType: record.bodyType.nombre,
        price: record.price,
        record,
      })),
    );
    candidates.set(snapshot, list);
  }
  return list;
}

/** The cards of the published vehicles most like `record`. */
export function similarCards(
  snapshot: CatalogueSnapshot,
  record: VehicleRecord,
  { offer, now }: Pick<VehiclePageOptions, 'offer' | 'now'>,
): VehicleCardView[] {
  const target = {
    id: record.id,
    brand: record.brand.nombre,
    bodyType: record.bodyType.nombre,
    price: record.price,
  };
  return rankSimilar(target, candidatesOf(snapshot)).map((c) =>
    toCardView(toVehicleView(c.record, offer, now)),
  );
}

/** The page of vehicle `id`, or null when it has none (unknown, a draft, or gone): the page answers 404. */
export async function vehiclePageData(
  catalogue: Pick<Catalogue, 'snapshot' | 'soldVehicle'>,
  id: number,
  options: VehiclePageOptions,
): Promise<VehiclePageData | null> {
  const snapshot = await catalogue.snapshot();
  const published = snapshot.byId.get(id);
  if (published) {
    return {
      vehicle: toVehicleView(published, options.offer, options.now),
      description: published.description ?? null,
      sold: null,
      similar: similarCards(snapshot, published, options),
    };
  }
  const soldAt = snapshot.sold.get(id);
  const record = soldAt ? await catalogue.soldVehicle(id) : null;
  if (!soldAt || !record) return null;
  return {
    // A sold vehicle announces no price decrease.
    vehicle: { ...toVehicleView(record, options.offer, options.now), previousPrice: null },
    description: record.description ?? null,
    sold: {
      soldAt: soldAt.toISOString(),
      indexed: soldPageIndexed(soldAt, options.soldPageDays, options.now),
    },
    similar: similarCards(snapshot, record, options),
  };
}

/**
 * The vehicle pages /sitemap.xml lists: every published vehicle, then the sold ones still indexed, with the day of
 * their sale as the page's last change.
 */
export function sitemapVehicles(
  snapshot: CatalogueSnapshot,
  soldPageDays: number,
  now: number,
): Array<{ id: number; lastmod?: string }> {
  const sold = [...snapshot.sold]
    .filter(([, soldAt]) => soldPageIndexed(soldAt, soldPageDays, now))
    .sort(([a], [b]) => a - b)
    .map(([id, soldAt]) => ({ id, lastmod: soldAt.toISOString().slice(0, 10) }));
  return [...snapshot.vehicles.map((v) => ({ id: v.id })), ...sold];
}
