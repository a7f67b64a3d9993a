/**
 * The listing rules of docs/product.md (matching), §9 (sorting, page size), written once and used by the
 * /vehicles loader. Pure: no I/O, no React, so it is unit-tested directly.
 */
import { plainLower } from './plain-text.ts';
import { searchTest } from './vehicle-search.ts';

export const PAGE_SIZE = 6;

export const SORT_KEYS = ['featured', 'price-asc', 'price-desc', 'year-desc', 'name-asc'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** What the rules look at. `name` is brand + ' ' + model; `transmission` is the stored value with its prefix. */
export interface FilterableVehicle {
  name: string;
  model: string;
  bodyType: string;
  transmission: string;
  fuelType: string;
  condition: string;
  price: number;
  year: number;
  /**
   * The advertised cuota ("Cuota desde", domain/vehicle.ts installmentFrom), null when no credit fits the price;
   * set by the loader only when a query asks for a cuota máxima (computed once per catalogue snapshot).
   */
  cuota?: number | null;
}

/** A bound of `null` means "no bound". */
export interface Range {
  min: number | null;
  max: number | null;
}

export interface VehicleFilters {
  search: string;
  brands: string[];
  models: string[];
  conditions: string[];
  bodyTypes: string[];
  transmissions: string[];
  fuelTypes: string[];
  price: Range;
  year: Range;
  /** Cuota máxima: only vehicles whose advertised cuota is at most this, in pesos a month; null: no bound. */
  cuotaMax: number | null;
}

/** Case- and accent-insensitive form, so 'sedan' finds 'Sedán' and 'TOYOTA' finds 'Toyota'. */
export const fold = plainLower;

interface Folded {
  name: string;
  spaced: string;
  firstWord: string;
}

// Folding is the costly part of matching; the loader reuses the same objects per catalogue snapshot.
const foldedCache = new WeakMap<FilterableVehicle, Folded>();

function folded(vehicle: FilterableVehicle): Folded {
  let entry = foldedCache.get(vehicle);
  if (!entry) {
    const name = fold(vehicle.name);
    entry = {
      name,
      spaced: name.replace(/-/g, ' '),
      firstWord: name.split(/\s+/)[0] ?? '',
    };
    foldedCache.set(vehicle, entry);
  }
  return entry;
}

type Test = (vehicle: FilterableVehicle) => boolean;

// Each rule folds its wanted value once and returns a test, so a stock of thousands folds it once per request.

/** docs/product.md: the first word of the name equals the brand, or the name with hyphens as spaces starts with it. */
function brandTest(brand: string): Test {
  const wanted = fold(brand).trim();
  const spacedWanted = wanted.replace(/-/g, ' ');
  if (!wanted) return () => false;
  return (vehicle) => {
    const { firstWord, spaced } = folded(vehicle);
    // A whole-word prefix: brand 'Kia' must not claim a 'Kiara'.
    return firstWord === wanted || spaced === spacedWanted || spaced.startsWith(`${spacedWanted} `);
  };
}

/** docs/product.md: the name contains the model. */
function modelTest(model: string): Test {
  const wanted = fold(model).trim();
  return (vehicle) => wanted !== '' && folded(vehicle).name.includes(wanted);
}

export const matchesSearch = (vehicle: FilterableVehicle, search: string) => searchTest(search)(vehicle);
export const matchesBrand = (vehicle: FilterableVehicle, brand: string) => brandTest(brand)(vehicle);
export const matchesModel = (vehicle: FilterableVehicle, model: string) => modelTest(model)(vehicle);

function inRange(value: number, range: Range): boolean {
  return (range.min === null || value >= range.min) && (range.max === null || value <= range.max);
}

/** Any of the tests; an empty list does not filter. */
function anyOf(tests: Test[]): Test {
  return tests.length === 0 ? () => true : (vehicle) => tests.some((test) => test(vehicle));
}

/** An empty choice list does not filter; a non-empty one must contain the value. */
function oneOf(chosen: string[], value: string): boolean {
  return chosen.length === 0 || chosen.includes(value);
}

/** All the docs/product.md rules together: every kind of filter must hold. */
export function filterTest(filters: VehicleFilters): Test {
  const brand = anyOf(filters.brands.map(brandTest));
  const model = anyOf(filters.models.map(modelTest));
  const search = searchTest(filters.search);
  return (vehicle) =>
    oneOf(filters.conditions, vehicle.condition) &&
    oneOf(filters.bodyTypes, vehicle.bodyType) &&
    oneOf(filters.transmissions, vehicle.transmission) &&
    oneOf(filters.fuelTypes, vehicle.fuelType) &&
    inRange(vehicle.price, filters.price) &&
    inRange(vehicle.year, filters.year) &&
    (filters.cuotaMax === null || (vehicle.cuota != null && vehicle.cuota <= filters.cuotaMax)) &&
    brand(vehicle) &&
    model(vehicle) &&
    search(vehicle);
}

export function filterVehicles<T extends FilterableVehicle>(
  vehicles: readonly T[],
  filters: VehicleFilters,
): T[] {
  return vehicles.filter(filterTest(filters));
}

// Made on first use: a browser's first Intl object loads locale data, which a page start should not wait for.
let names: Intl.Collator | undefined;
function compareNames(a: string, b: string): number {
  names ??= new Intl.Collator('es-CL', { sensitivity: 'base', numeric: true });
  return names.compare(a, b);
}

const COMPARATORS: Record<
  Exclude<SortKey, 'featured'>,
  (a: FilterableVehicle, b: FilterableVehicle) => number
> = {
  'price-asc': (a, b) => a.price - b.price,
  'price-desc': (a, b) => b.price - a.price,
  'year-desc': (a, b) => b.year - a.year,
  'name-asc': (a, b) => compareNames(a.name, b.name),
};

/** A new array; 'featured' keeps the catalogue's order, and ties keep it too (the sort is stable). */
export function sortVehicles<T extends FilterableVehicle>(vehicles: readonly T[], sort: SortKey): T[] {
  return sort === 'featured' ? [...vehicles] : [...vehicles].sort(COMPARATORS[sort]);
}

export interface Page<T> {
  items: T[];
  /** The page shown: the one asked for, kept within 1..pageCount. */
  page: number;
  pageCount: number;
  total: number;
  /** 1-based positions of the first and last item shown; 0 and 0 when there is nothing. */
  from: number;
  to: number;
}

export function paginate<T>(items: readonly T[], page: number, pageSize = PAGE_SIZE): Page<T> {
  const total = items.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * pageSize;
  const shown = items.slice(start, start + pageSize);
  return {
    items: shown,
    page: current,
    pageCount,
    total,
    from: shown.length > 0 ? start + 1 : 0,
    to: start + shown.length,
  };
}

/**
 * The page numbers to show: always the first, the last and the neighbours of the current page, with
 * 'gap' where numbers are left out (1 … 4 5 6 … 11). A gap never hides a single page.
 */
export function pageItems(current: number, pageCount: number): Array<number | 'gap'> {
  // Seven entries fit a phone; up to seven pages are simply all shown.
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const shown = new Set([1, pageCount, current - 1, current, current + 1]);
  // Near an end, show a little more of that end instead of a lonely gap.
  if (current <= 3) for (let p = 2; p <= 4; p++) shown.add(p);
  if (current >= pageCount - 2) for (let p = pageCount - 3; p < pageCount; p++) shown.add(p);
  const pages = [...shown].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const items: Array<number | 'gap'> = [];
  for (const [index, p] of pages.entries()) {
    const previous = pages[index - 1];
    if (previous !== undefined && p - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && p - previous > 2) items.push('gap');
    items.push(p);
  }
  return items;
}

/**
 * The model options of the filter panel: the models in stock, only those of the chosen brands when any
 * are chosen, plus any model already chosen (so it can still be unticked). Alphabetical, no repeats.
 */
export function modelOptions(
  vehicles: readonly FilterableVehicle[],
  brands: string[],
  chosen: string[],
): string[] {
  const models = new Set(chosen);
  const ofBrand = anyOf(brands.map(brandTest));
  for (const vehicle of vehicles) if (ofBrand(vehicle)) models.add(vehicle.model);
  return [...models].sort(compareNames);
}
