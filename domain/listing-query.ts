/**
 * The whole state of the /vehicles listing lives in its URL query, so a listing can be shared, bookmarked
 * and walked with back/forward. This module is the one translation between the two, used by the loader,
 * the filter panel and the links alike. Serializing is canonical: fixed key order, no defaults, no repeats.
 */
import type { Condition } from '@contracts/vehicle.ts';
import { displayTransmission } from './format.ts';
import { SORT_KEYS, type SortKey, type VehicleFilters } from './vehicle-filter.ts';

export interface ListingQuery extends VehicleFilters {
  sort: SortKey;
  page: number;
}

/** Query parameter names (Spanish, as the visitor sees them in the address bar). */
export const PARAM = {
  search: 'q',
  brands: 'marca',
  models: 'modelo',
  conditions: 'condicion',
  bodyTypes: 'tipo',
  transmissions: 'transmision',
  fuelTypes: 'combustible',
  priceMin: 'precio_min',
  priceMax: 'precio_max',
  yearMin: 'anio_min',
  yearMax: 'anio_max',
  cuotaMax: 'cuota_max',
  sort: 'orden',
  page: 'pagina',
} as const;

// The values of the contract's ConditionSchema, repeated here as a type-checked list so the listing's
// browser bundle does not pull in zod for two words.
const CONDITIONS: readonly Condition[] = ['Nuevo', 'Usado'];

const LIST_KEYS = ['brands', 'models', 'conditions', 'bodyTypes', 'transmissions', 'fuelTypes'] as const;
export type ListKey = (typeof LIST_KEYS)[number];

/** docs/api.md filter defaults; shown as hints, an empty field means no bound. */
export const PRICE_DEFAULTS = { min: 0, max: 100_000_000 } as const;
export const YEAR_DEFAULTS = { min: 2000, max: 2030 } as const;

// Bounds against abuse: a query never makes the loader do unbounded work.
const MAX_VALUES = 50;
const MAX_TEXT = 100;
const MAX_PAGE = 100_000;

export const EMPTY_QUERY: ListingQuery = {
  search: '',
  brands: [],
  models: [],
  conditions: [],
  bodyTypes: [],
  transmissions: [],
  fuelTypes: [],
  price: { min: null, max: null },
  year: { min: null, max: null },
  cuotaMax: null,
  sort: 'featured',
  page: 1,
};

/** Collapses spaces and trims, so 'toyota ' and 'toyota' are the same search. */
export function normalizeSearch(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);
}

/** Whole pesos; accepts '12990000' and the Chilean '12.990.000'. Empty or unreadable: no bound. */
function parseWhole(text: string | null): number | null {
  const raw = (text ?? '').trim();
  const digits = /^\d{1,3}(\.\d{3})+$/.test(raw) ? raw.replace(/\./g, '') : raw;
  if (!/^-?\d+(\.\d+)?$/.test(digits)) return null;
  const value = Math.floor(Number(digits));
  return Number.isSafeInteger(value) ? value : null;
}

/** docs/product.md: the price minimum cannot go below 0 and is a whole number; the maximum has no floor. */
export function parsePriceMin(text: string | null): number | null {
  const value = parseWhole(text);
  return value === null ? null : Math.max(0, value);
}

export function parsePriceMax(text: string | null): number | null {
  return parseWhole(text);
}

/** A cuota máxima in whole pesos ('300000', '300.000'); zero, negative or unreadable: no bound. */
export function parseCuotaMax(text: string | null): number | null {
  const value = parseWhole(text);
  return value !== null && value >= 1 ? value : null;
}

export function parseYear(text: string | null): number | null {
  const value = parseWhole(text);
  return value !== null && value >= 1900 && value <= 2100 ? value : null;
}

function parseList(params: URLSearchParams, key: ListKey): string[] {
  const values = params
    .getAll(PARAM[key])
    .map((v) => normalizeSearch(v))
    .filter(Boolean);
  const canonical = values.flatMap((value): string[] => {
    if (key === 'transmissions') return [displayTransmission(value)];
    if (key === 'conditions') {
      // Footer links and hand-typed URLs: 'nuevo' is 'Nuevo'; anything else is not a condition.
      const condition = CONDITIONS.find((c) => c.toLowerCase() === value.toLowerCase());
      return condition ? [condition] : [];
    }
    return [value];
  });
  return [...new Set(canonical)].slice(0, MAX_VALUES);
}

export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const sort = params.get(PARAM.sort);
  const page = parseWhole(params.get(PARAM.page));
  return {
    search: normalizeSearch(params.get(PARAM.search) ?? ''),
    brands: parseList(params, 'brands'),
    models: parseList(params, 'models'),
    conditions: parseList(params, 'conditions'),
    bodyTypes: parseList(params, 'bodyTypes'),
    transmissions: parseList(params, 'transmissions'),
    fuelTypes: parseList(params, 'fuelTypes'),
    price: { min: parsePriceMin(params.get(PARAM.priceMin)), max: parsePriceMax(params.get(PARAM.priceMax)) },
    year: { min: parseYear(params.get(PARAM.yearMin)), max: parseYear(params.get(PARAM.yearMax)) },
    cuotaMax: parseCuotaMax(params.get(PARAM.cuotaMax)),
    sort: SORT_KEYS.find((key) => key === sort) ?? 'featured',
    page: page !== null && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** The canonical query string, without '?'; '' for the plain listing. */
export function serializeListingQuery(query: ListingQuery): string {
  const params = new URLSearchParams();
  const search = normalizeSearch(query.search);
  if (search) params.set(PARAM.search, search);
  for (const key of LIST_KEYS) {
    for (const value of new Set(query[key])) params.append(PARAM[key], value);
  }
  const numbers: Array<[string, number | null]> = [
    [PARAM.priceMin, query.price.min],
    [PARAM.priceMax, query.price.max],
    [PARAM.yearMin, query.year.min],
    [PARAM.yearMax, query.year.max],
    [PARAM.cuotaMax, query.cuotaMax],
  ];
  for (const [name, value] of numbers) if (value !== null) params.set(name, String(value));
  if (query.sort !== 'featured') params.set(PARAM.sort, query.sort);
  if (query.page > 1) params.set(PARAM.page, String(query.page));
  return params.toString();
}

export function listingHref(query: ListingQuery): string {
  const search = serializeListingQuery(query);
  return search ? `/vehicles?${search}` : '/vehicles';
}

/** True when a search or any filter narrows the list (the sort and the page do not). */
export function hasActiveFilters(query: ListingQuery): boolean {
  return activeFilterCount(query) > 0 || query.search !== '';
}

/** Chosen values plus set bounds: the number on the mobile 'Filtros' button. */
export function activeFilterCount(query: ListingQuery): number {
  const bounds = [query.price.min, query.price.max, query.year.min, query.year.max, query.cuotaMax];
  return LIST_KEYS.reduce((n, key) => n + query[key].length, 0) + bounds.filter((b) => b !== null).length;
}

/** 'Limpiar filtros': drops the search and every filter, keeps the chosen order, back to page 1. */
export function clearedQuery(query: ListingQuery): ListingQuery {
  return { ...EMPTY_QUERY, sort: query.sort };
}

/** Any change of search, filters or order starts again at page 1 (docs/product.md). */
export function withChange(query: ListingQuery, change: Partial<ListingQuery>): ListingQuery {
  return { ...query, ...change, page: 1 };
}

/** Ticks or unticks one value of a list filter. */
export function toggleValue(query: ListingQuery, key: ListKey, value: string): ListingQuery {
  const values = query[key].includes(value) ? query[key].filter((v) => v !== value) : [...query[key], value];
  return withChange(query, { [key]: values });
}
