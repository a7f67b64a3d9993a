import type { ListingData } from '@contracts/listing';
import { useCallback } from 'react';
import { island } from '~/lib/island';
import { FilterPanel } from './filter-panel';
import { ListingNavigation } from './listing-link';
import { useHydrated, useListingState } from './use-listing-state';

/**
 * The listing's filter panel, an island of its own beside the results (ListingView): each hydrates in a task of its
 * own, and together they were a slow phone's longest task on /vehicles (ADR 0035). They share the listing's state.
 */
export function ListingFilters({ initial, search }: { initial: ListingData; search: string }) {
  const { state, data, filtersOpen, setFiltersOpen } = useListingState(initial, search);
  const hydrated = useHydrated();
  const close = useCallback(() => setFiltersOpen(false), [setFiltersOpen]);
  return (
    <ListingNavigation value={state.apply}>
      <FilterPanel
        state={state}
        options={data.options}
        open={filtersOpen}
        onClose={close}
        hydrated={hydrated}
        total={data.total}
      />
    </ListingNavigation>
  );
}

/** As an island (ADR 0015): app/islands/listing-filters.ts. */
export const ListingFiltersIsland = /* @__PURE__ */ island('listing-filters', ListingFilters);
