import type { ListingData } from '@contracts/listing';
import { parseListingQuery } from '@domain/listing-query';
import { useEffect, useRef } from 'react';
import { island } from '~/lib/island';
import { ActiveFilters } from './active-filters';
import { ListingNavigation } from './listing-link';
import { ListingResults } from './listing-results';
import { ListingToolbar } from './listing-toolbar';
import { Pagination } from './pagination';
import { useHydrated, useListingState } from './use-listing-state';

/** The form around the listing's two islands (the route renders it): without JavaScript it is a GET form. */
export const LISTING_FORM_ID = 'listado';

/**
 * The listing's results below its hero: search, sort, the active filters, the results and pages. An island
 * (ADR 0015) beside the filter panel's (ListingFilters), sharing the listing's state: it starts from the page the
 * server rendered, and each change of the query fetches only the new page of results.
 */
export function ListingView({ initial, search }: { initial: ListingData; search: string }) {
  const { state, data, filtersOpen, setFiltersOpen } = useListingState(initial, search);
  const { vehicles, total, page, pageCount, from, to } = data;
  const hydrated = useHydrated();
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
  const apply = state.apply;
  useEffect(() => {
    const form = document.getElementById(LISTING_FORM_ID);
    if (!(form instanceof HTMLFormElement)) return;
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      const params = new URLSearchParams();
      for (const [key, value] of new FormData(form)) params.append(key, String(value));
      apply(parseListingQuery(params));
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, [apply]);

  return (
    <ListingNavigation value={state.apply}>
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
    </ListingNavigation>
  );
}

/** As an island (ADR 0015): app/islands/listing-view.ts. */
export const ListingViewIsland = /* @__PURE__ */ island('listing-view', ListingView);
