import type { VehicleCardView } from './listing.ts';

// What /favoritos.json answers (ADR 0019): the cards of the vehicles of a visitor's favourites, in the order asked,
// each with its state. Types only, like contracts/listing.ts.

export type SavedCard =
  | { id: number; state: 'published'; card: VehicleCardView }
  /** Sold: its page stays (ADR 0018), so the card still links there. */
  | { id: number; state: 'sold'; card: VehicleCardView }
  /** A draft, a deleted vehicle or an id that never existed. */
  | { id: number; state: 'unknown' };

export type FavouritesResponse = { items: SavedCard[] } | { error: string };
