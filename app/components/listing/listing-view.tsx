import type { ListingData } from '@contracts/listing';
import { parseListingQuery } from '@domain/listing-query';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { island } from '~/lib/island';
import { ActiveFilters } from './active-filters';
import { FilterPanel } from './filter-panel';
import { ListingNavigation } from './listing-link';
import { ListingResults } from './listing-results';
import { ListingToolbar } from './listing-toolbar';
import { Pagination } from './pagination';
import { useHydrated, useListingState } from './use-listing-state';

/**
 * The listing below its hero: filters, search, sort, results and pages. An island (ADR 0015): it starts from the
 * page the server rendered, and each change of the query fetches only the new page of results.
 */
export function ListingView({ initial, search }: { initial: ListingData; search: string }) {
  const { state, data } = useListingState(initial, search);
  const { vehicles, total, page, pageCount, from, to, options } = data;
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
    <ListingNavigation value={state.apply}>
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
    </ListingNavigation>
  );
}

/** As an island (ADR 0015): app/islands/listing-view.ts. */
export const ListingViewIsland = /* @__PURE__ */ island('listing-view', ListingView);
