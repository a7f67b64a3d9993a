import { maxFinancedText } from '@domain/credit';
import { hasActiveFilters, parseListingQuery } from '@domain/listing-query';
import { resolveListing } from '@server/services/catalogue/listing';
import { isRouteErrorResponse, redirect, useLocation } from 'react-router';
import { ListingError } from '~/components/listing/listing-error';
import { ListingFiltersIsland } from '~/components/listing/listing-filters';
import { ListingHero } from '~/components/listing/listing-hero';
import { LISTING_FORM_ID, ListingViewIsland } from '~/components/listing/listing-view';
import { pageDescription, pageMeta } from '~/lib/meta';
import type { RootData } from '~/root';
import type { Route } from './+types/vehicles';

export async function loader({ url, context }: Route.LoaderArgs) {
  const snapshot = await context.services.catalogue.snapshot();
  const settings = snapshot.settings.data;
  const { data, search } = resolveListing(snapshot, url.searchParams, settings);
  // One URL per listing: a submitted no-JS form, a stray parameter or a page past the end lands on the
  // canonical address of what is shown.
  if (search !== url.searchParams.toString()) throw redirect(search ? `/vehicles?${search}` : '/vehicles');
  return { listing: data, maxFinanced: maxFinancedText(settings.financing, settings.creditEligibility) };
}
export function meta({ data, location, matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as RootData | undefined;
  const query = parseListingQuery(new URLSearchParams(location.search));
  // Filtered variants point search engines at the listing itself; plain pages are their own canonical.
  const path = !hasActiveFilters(query) && query.page > 1 ? `/vehicles?pagina=${query.page}` : '/vehicles';
  return pageMeta({
    title: `Nuestro Stock: autos nuevos y usados | ${root?.dealership.name ?? ''}`,
    description: pageDescription(
      root,
      'vehicles',
      `${data?.listing.stockCount ?? 'Más de 50'} vehículos nuevos y usados en Santiago: filtra por marca, modelo, tipo, precio y año. Financiamiento directo y convencional.`,
    ),
    path,
    publicUrl: root?.publicUrl ?? '',
  });
}

export default function Vehicles({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  return (
    <>
      <ListingHero stockCount={loaderData.listing.stockCount} maxFinanced={loaderData.maxFinanced} />
      <form id={LISTING_FORM_ID} method="get" action="/vehicles" className="mx-auto max-w-7xl px-4 py-8">
        <div className="grid gap-8 lg:grid-cols-[19rem_minmax(0,1fr)]">
          <ListingFiltersIsland initial={loaderData.listing} search={search} />
          <ListingViewIsland initial={loaderData.listing} search={search} />
        </div>
      </form>
    </>
  );
}

/** The catalogue could not be read: the listing's frame with the filter panel's error state (docs/product.md). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ListingError status={isRouteErrorResponse(error) ? error.status : 500} />;
}
