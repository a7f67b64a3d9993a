import type { ListingResponse } from '@contracts/listing';
import { resolveListing } from '@server/services/catalogue/listing';
import type { Route } from './+types/vehicles-json';

/**
 * /vehicles.json?<the listing's query>: the page of results the listing island shows for a query (ADR 0015), the
 * same data the page's loader renders, with the canonical query it belongs to.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { data, search } = resolveListing(
    await context.services.catalogue.snapshot(),
    url.searchParams,
    context.services.config.dealership.financing,
  );
  const body: ListingResponse = { search, data };
  return Response.json(body, { headers: { 'Cache-Control': 'no-cache' } });
}
