import type { FavouritesResponse } from '@contracts/saved';
import { MAX_FAVOURITES, parseIdsParam } from '@domain/saved-lists';
import { savedCards, savedVehicles } from '@server/services/catalogue/saved-vehicles';
import type { Route } from './+types/favourites-json';

/**
 * /favoritos.json?ids=3,17,42: the cards of a visitor's own favourites, which /favoritos reads from the browser's
 * storage (ADR 0019). An address that is not a list of ids answers 400 with a Spanish sentence.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const parsed = parseIdsParam(url.searchParams, MAX_FAVOURITES, 'lista');
  const headers = { 'Cache-Control': 'no-cache' };
  if (parsed.kind !== 'ids') {
    const error = parsed.kind === 'invalid' ? parsed.message : 'Indica los vehículos con ?ids=3,17.';
    return Response.json({ error } satisfies FavouritesResponse, { status: 400, headers });
  }
  const { catalogue } = context.services;
  const list = await savedVehicles(catalogue, parsed.ids, {
    offer: await catalogue.dealership(),
    now: Date.now(),
  });
  return Response.json({ items: savedCards(list) } satisfies FavouritesResponse, { headers });
}
