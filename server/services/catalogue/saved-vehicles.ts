// The vehicles of a favourites list or a comparison (ADR 0019), in the order asked: published ones whole, sold ones
// with their state (their pages stay, ADR 0018), anything else as unknown. The ids come from
// domain/saved-lists.ts parseIdsParam, so there are at most 30 of them.
import type { CreditOffer } from '@contracts/dealership.ts';
import type { SavedCard } from '@contracts/saved.ts';
import { toCardView, toVehicleView, type VehicleView } from '@domain/vehicle.ts';
import type { Catalogue } from './catalogue.ts';

export type SavedVehicle =
  | { id: number; state: 'published'; vehicle: VehicleView }
  | { id: number; state: 'sold'; vehicle: VehicleView }
  | { id: number; state: 'unknown' };

export async function savedVehicles(
  catalogue: Pick<Catalogue, 'snapshot' | 'soldVehicle'>,
  ids: readonly number[],
  { offer, now }: { offer: CreditOffer; now: number },
): Promise<SavedVehicle[]> {
  const snapshot = await catalogue.snapshot();
  return Promise.all(
    ids.map(async (id): Promise<SavedVehicle> => {
      const published = snapshot.byId.get(id);
      if (published) return { id, state: 'published', vehicle: toVehicleView(published, offer, now) };
      const record = snapshot.sold.has(id) ? await catalogue.soldVehicle(id) : null;
      if (!record) return { id, state: 'unknown' };
      // A sold vehicle announces no price decrease (as on its page).
      return {
        id,
        state: 'sold',
        vehicle: { ...toVehicleView(record, offer, now), previousPrice: null },
      };
    }),
  );
}

/** The same list as cards, for /favoritos and /favoritos.json. */
export function savedCards(list: readonly SavedVehicle[]): SavedCard[] {
  return list.map((item) =>
    item.state === 'unknown' ? item : { id: item.id, state: item.state, card: toCardView(item.vehicle) },
  );
}
