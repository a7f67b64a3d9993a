import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { isRouteErrorResponse, redirect } from 'react-router';
import { ActiveFilters } from '~/components/listing/active-filters';
import type { FilterOptions } from '~/components/listing/filter-panel';
import { FilterPanel } from '~/components/listing/filter-panel';
import { ListingError } from '~/components/listing/listing-error';
import { ListingHero } from '~/components/listing/listing-hero';
import { ListingResults } from '~/components/listing/listing-results';
import { ListingToolbar } from '~/components/listing/listing-toolbar';
import { Pagination } from '~/components/listing/pagination';
import { useHydrated, useListingState } from '~/components/listing/use-listing-state';
import { displayTransmission } from '~/lib/format';
import {
  hasActiveFilters,
  type ListingQuery,
  listingHref,
  parseListingQuery,
  serializeListingQuery,
} from '~/lib/listing-query';
import { pageMeta } from '~/lib/meta';
import {
  type FilterableVehicle,
  filterVehicles,
  modelOptions,
  paginate,
  sortVehicles,
} from '~/lib/vehicle-filter';
import { toCardView } from '~/lib/vehicle-view';
import { toVehicleView } from '~/lib/vehicle-view.server';
import type { CatalogueSnapshot } from '../../server/services/catalogue/catalogue.ts';
import type { VehicleRecord } from '../../server/services/catalogue/vehicle-record.ts';
import type { Route } from './+types/vehicles';

type Indexed = FilterableVehicle & { record: VehicleRecord };

// Built once per catalogue snapshot: the matcher caches its folded text on these same objects.
const indexes = new WeakMap<CatalogueSnapshot, Indexed[]>();

function indexed(snapshot: CatalogueSnapshot): Indexed[] {
  let list = indexes.get(snapshot);
  if (!list) {
    list = snapshot.vehicles.map((record) => ({
      record,
      name: `${record.brand.nombre} ${record.model}`,
      model: record.model,
      bodyType: record.bodyType.nombre,
      transmission: record.transmission.tipo,
      fuelType: record.fuel.tipo,
      condition: record.condition,
      price: record.price,
      year: record.year,
    }));
    indexes.set(snapshot, list);
  }
  return list;
}

/** Lookup values plus any chosen value missing from them, so every ticked box can be unticked. */
const withChosen = (values: string[], chosen: string[]) => [...new Set([...values, ...chosen])];

/**
 * Everything the page needs, and nothing more: the visible page of cards, the counts and the option
 * lists. The stock itself never travels to the browser, so the page weighs the same at any stock size.
 */
function listingData(snapshot: CatalogueSnapshot, query: ListingQuery) {
  const all = indexed(snapshot);
  const { lookups } = snapshot;
  // The URL carries transmissions as displayed; the rule compares stored values (prefix included).
  const transmissions = query.transmissions.map(
    (shown) => lookups.transmissions.find((t) => displayTransmission(t.tipo) === shown)?.tipo ?? shown,
  );
  const matches = sortVehicles(filterVehicles(all, { ...query, transmissions }), query.sort);
  const { items, ...page } = paginate(matches, query.page);
  const options: FilterOptions = {
    brands: withChosen(
      lookups.brands.map((b) => b.nombre),
      query.brands,
    ),
    models: modelOptions(all, query.brands, query.models),
    bodyTypes: withChosen(
      lookups.bodyTypes.map((b) => b.nombre),
      query.bodyTypes,
    ),
    transmissions: withChosen(
      lookups.transmissions.map((t) => displayTransmission(t.tipo)),
      query.transmissions,
    ),
    fuels: withChosen(
      lookups.fuels.map((f) => f.tipo),
      query.fuelTypes,
    ),
  };
  return {
    ...page,
    vehicles: items.map((v) => toCardView(toVehicleView(v.record))),
    options,
    stockCount: all.length,
  };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseListingQuery(url.searchParams);
  const data = listingData(await context.services.catalogue.snapshot(), query);
  // One URL per listing: a submitted no-JS form, a stray parameter or a page past the end lands on the
  // canonical address of what is shown.
  const shown = { ...query, page: data.page };
  if (serializeListingQuery(shown) !== url.searchParams.toString()) throw redirect(listingHref(shown));
  return data;
}

export function meta({ data, location, matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as { publicUrl: string; dealership: { name: string } } | undefined;
  const query = parseListingQuery(new URLSearchParams(location.search));
  // Filtered variants point search engines at the listing itself; plain pages are their own canonical.
  const path = !hasActiveFilters(query) && query.page > 1 ? `/vehicles?pagina=${query.page}` : '/vehicles';
  return pageMeta({
    title: `Nuestro Stock: autos nuevos y usados | ${root?.dealership.name ?? ''}`,
    description: `${data?.stockCount ?? 'Más de 50'} vehículos nuevos y usados en Santiago: filtra por marca, modelo, tipo, precio y año. Financiamiento directo y convencional.`,
    path,
    publicUrl: root?.publicUrl ?? '',
  });
}

export default function Vehicles({ loaderData }: Route.ComponentProps) {
  const { vehicles, total, page, pageCount, from, to, options, stockCount } = loaderData;
  const state = useListingState();
  const hydrated = useHydrated();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const closeFilters = useCallback(() => setFiltersOpen(false), []);
  const paged = useRef(false);
  const countLine = useRef<HTMLParagraphElement>(null);

  // After a page change, keyboard and screen-reader users continue at the top of the new results.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the shown page changes.
  useEffect(() => {
    if (!paged.current) return;
    paged.current = false;
    countLine.current?.focus({ preventScroll: true });
  }, [page]);

  // With JavaScript, Enter in a field applies the whole form at once, without a page reload.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) params.append(key, String(value));
    state.apply(parseListingQuery(params));
  }

  return (
    <>
      <ListingHero stockCount={stockCount} />
      <form method="get" action="/vehicles" onSubmit={onSubmit} className="mx-auto max-w-7xl px-4 py-8">
        <div className="grid gap-8 lg:grid-cols-[19rem_minmax(0,1fr)]">
          <FilterPanel
            state={state}
            options={options}
            open={filtersOpen}
            onClose={closeFilters}
            hydrated={hydrated}
            total={total}
          />
          <section aria-labelledby="resultados-titulo" className="min-w-0">
            <h2 id="resultados-titulo" className="sr-only">
              Vehículos disponibles
            </h2>
            <ListingToolbar
              state={state}
              onOpenFilters={() => setFiltersOpen(true)}
              filtersOpen={filtersOpen}
              hydrated={hydrated}
            />
            <ActiveFilters query={state.query} />
            <div role="status" className="mt-6 min-h-6">
              <p
                id="resultados"
                ref={countLine}
                tabIndex={-1}
                className="scroll-mt-32 font-medium text-slate-700 text-sm"
              >
                {state.loading
                  ? 'Cargando vehículos...'
                  : total > 0
                    ? `Mostrando ${from}-${to} de ${total} vehículos`
                    : ''}
              </p>
            </div>
            <ListingResults vehicles={vehicles} query={state.shownQuery} loading={state.loading} />
            <Pagination
              query={state.shownQuery}
              page={page}
              pageCount={pageCount}
              onNavigate={() => {
                paged.current = true;
              }}
            />
          </section>
        </div>
      </form>
    </>
  );
}

/** The catalogue could not be read: the listing's frame with the filter panel's error state (SPEC §8). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ListingError status={isRouteErrorResponse(error) ? error.status : 500} />;
}
