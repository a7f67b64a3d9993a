import type { ListingResponse } from '@contracts/listing';
import { resolveListing } from '@server/services/catalogue/listing';
import type { Route } from './+types/vehicles-json';

/**
 * /vehicles.json?<the listing's query>: the page of results the listing island shows for a query (ADR 0015), the
 * same data the page's loader renders, with the canonical query it belongs to.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const snapshot = await context.services.catalogue.snapshot();
  const { data, search } = resolveListing(snapshot, url.searchParams, snapshot.settings.data);
  const body: ListingResponse = { search, data };
  return Response.json(body, { headers: { 'Cache-Control': 'no-cache' } });
}
