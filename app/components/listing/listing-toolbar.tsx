import {
  activeFilterCount,
  clearedQuery,
  hasActiveFilters,
  normalizeSearch,
  PARAM,
  withChange,
} from '@domain/listing-query';
import type { SortKey } from '@domain/vehicle-filter';
import { Search, SlidersHorizontal, X } from '~/components/icons';
import { ListingLink } from './listing-link';
import { type ListingState, useDebouncedField } from './use-listing-state';

/** docs/product.md sort options, in its order. */
export const SORT_OPTIONS: Array<{ value: SortKey; label: string }> = [
  { value: 'featured', label: 'Destacados' },
  { value: 'price-asc', label: 'Precio: menor a mayor' },
  { value: 'price-desc', label: 'Precio: mayor a menor' },
  { value: 'year-desc', label: 'Año: Más reciente' },
  { value: 'name-asc', label: 'A-Z' },
];

/** docs/product.md: the search applies 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

interface Props {
  state: ListingState;
  /** Opens the filter panel on small screens. */
  onOpenFilters: () => void;
  filtersOpen: boolean;
  hydrated: boolean;
}

const toggleClass =
  'inline-flex h-11 shrink-0 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 font-semibold text-slate-800 shadow-xs hover:bg-slate-50 lg:hidden';

export function ListingToolbar({ state, onOpenFilters, filtersOpen, hydrated }: Props) {
  const { query, apply } = state;
  const search = useDebouncedField(
    query.search,
    // A new search adds a history entry; refining it replaces that entry.
    (text) => apply(withChange(query, { search: normalizeSearch(text) }), { typing: query.search !== '' }),
    { delay: SEARCH_DEBOUNCE_MS, normalize: normalizeSearch },
  );
  const filters = activeFilterCount(query);
  const toggleContent = (
    <>
      <SlidersHorizontal aria-hidden className="size-5" />
      Filtros
      {filters > 0 ? (
        <span className="rounded-full bg-brand-700 px-2 py-0.5 text-white text-xs">
          {filters}
          <span className="sr-only"> activos</span>
        </span>
      ) : null}
    </>
  );

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="relative min-w-0 flex-[1_1_18rem]">
        <label htmlFor="buscar" className="sr-only">
          Buscar vehículos
        </label>
        <Search aria-hidden className="pointer-events-none absolute top-3 left-3 size-5 text-slate-500" />
        <input
          id="buscar"
          type="search"
          name={PARAM.search}
          value={search.value}
          onChange={(e) => search.onChange(e.target.value)}
          onBlur={search.onBlur}
          placeholder="Buscar por marca, modelo, tipo..."
          autoComplete="off"
          enterKeyHint="search"
          className="h-11 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 text-slate-900 shadow-xs placeholder:text-slate-500 focus:border-brand-600"
        />
      </div>
      <div className="flex flex-[1_1_14rem] items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="orden" className="mb-1 block font-medium text-slate-600 text-xs">
            Ordenar por
          </label>
          <select
            id="orden"
            name={PARAM.sort}
            value={query.sort}
            onChange={(e) => apply(withChange(query, { sort: e.target.value as SortKey }))}
            className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 shadow-xs focus:border-brand-600"
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {hydrated ? (
          <button
            type="button"
            onClick={onOpenFilters}
            id="abrir-filtros"
            aria-expanded={filtersOpen}
            aria-controls="filtros"
            className={toggleClass}
          >
            {toggleContent}
          </button>
        ) : (
          // Without JavaScript the panel opens through its anchor (CSS :target).
          <a href="#filtros" className={toggleClass}>
            {toggleContent}
          </a>
        )}
      </div>
      {hasActiveFilters(query) ? (
        <ListingLink
          query={clearedQuery(query)}
          className="inline-flex h-11 items-center gap-1.5 rounded-lg px-3 font-semibold text-brand-700 hover:bg-brand-50"
        >
          <X aria-hidden className="size-4" />
          Limpiar filtros
        </ListingLink>
      ) : null}
    </div>
  );
}
