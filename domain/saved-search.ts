// Saved searches and their e-mail alerts (issue 33, ADR 0039): what a visitor saves is the listing's own URL state
// (listing-query.ts), judged more strictly than the listing judges an address, since it is stored and matched for
// months: an unreadable bound, a range upside down, too many values or an unknown parameter is a Spanish error
// here, where the listing would just ignore it. Pure: the server, the pages and the tests share it.

import type { SAVED_SEARCH_SOURCES } from '@contracts/saved-searches.ts';
import { isPrintableLine } from '@contracts/text-field.ts';
import { formatPrice } from './format.ts';
import {
  EMPTY_QUERY,
  type ListingQuery,
  PARAM,
  parseListingQuery,
  serializeListingQuery,
} from './listing-query.ts';
import { fold, type VehicleFilters } from './vehicle-filter.ts';

export const SAVED_SEARCH_LIMITS = {
  /** The query string as the form carries it. */
  query: 2000,
  /** Values of one list filter (brands, body types…). */
  values: 20,
  /** Vehicles of a favourites alert. */
  favourites: 50,
} as const;

/** Where a search is saved from: the listing, a sold car's page, the favourites. */
export type SavedSearchSource = (typeof SAVED_SEARCH_SOURCES)[number];

/** The filters of a saved search: a listing query without its order and page. */
export type SavedFilters = VehicleFilters;

export type ParsedQuery =
  | { ok: true; filters: SavedFilters; canonical: string }
  | { ok: false; error: string };

const KNOWN = new Set<string>(Object.values(PARAM));
const NUMERIC: Array<[string, string]> = [
  [PARAM.priceMin, 'El precio mínimo'],
  [PARAM.priceMax, 'El precio máximo'],
  [PARAM.yearMin, 'El año mínimo'],
  [PARAM.yearMax, 'El año máximo'],
  [PARAM.cuotaMax, 'La cuota máxima'],
];

/** Strips the order and the page: they change what the listing shows first, never what a search finds. */
function filtersOf(query: ListingQuery): SavedFilters {
  const { sort: _sort, page: _page, ...filters } = query;
  return filters;
}

/**
 * The search a listing address describes, or a Spanish error for what the listing would silently drop. Accepts the
 * query string with or without '?', or a whole /vehicles address.
 */
export function parseSavedQuery(raw: string): ParsedQuery {
  if (raw.length > SAVED_SEARCH_LIMITS.query) return { ok: false, error: 'La búsqueda es demasiado larga.' };
  if (!isPrintableLine(raw)) return { ok: false, error: 'La búsqueda contiene caracteres inválidos.' };
  const text = raw.includes('?') ? raw.slice(raw.indexOf('?') + 1) : raw;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(text);
  } catch {
    return { ok: false, error: 'La búsqueda no se pudo leer.' };
  }
  for (const [key, value] of params) {
    if (!KNOWN.has(key)) return { ok: false, error: 'La búsqueda tiene un filtro que no existe.' };
    if (!isPrintableLine(value) || value.length > 100)
      return { ok: false, error: 'Un filtro de la búsqueda no es válido.' };
  }
  for (const [key, label] of NUMERIC) {
    const values = params.getAll(key);
    if (values.length > 1) return { ok: false, error: `${label} aparece más de una vez.` };
    const value = values[0]?.trim();
    if (value && !/^\d{1,3}(\.\d{3}){1,3}$|^\d{1,12}$/.test(value))
      return { ok: false, error: `${label} debe ser un número entero.` };
  }
  const query = parseListingQuery(params);
  const filters = filtersOf(query);
  for (const key of ['brands', 'models', 'conditions', 'bodyTypes', 'transmissions', 'fuelTypes'] as const) {
    if (params.getAll(PARAM[key]).length > SAVED_SEARCH_LIMITS.values)
      return { ok: false, error: `Elige hasta ${SAVED_SEARCH_LIMITS.values} opciones por filtro.` };
  }
  if (params.getAll(PARAM.conditions).length > filters.conditions.length)
    return { ok: false, error: 'La condición debe ser Nuevo o Usado.' };
  for (const [key, label] of NUMERIC) {
    if (params.get(key)?.trim() && boundOf(filters, key) === null)
      return { ok: false, error: `${label} está fuera de rango.` };
  }
  const { price, year } = filters;
  if (price.min !== null && price.max !== null && price.min > price.max)
    return { ok: false, error: 'El precio mínimo no puede ser mayor que el máximo.' };
  if (year.min !== null && year.max !== null && year.min > year.max)
    return { ok: false, error: 'El año mínimo no puede ser mayor que el máximo.' };
  if (!hasAnyFilter(filters))
    return { ok: false, error: 'Elige al menos un filtro o escribe una búsqueda antes de guardarla.' };
  return { ok: true, filters, canonical: canonicalQuery(filters) };
}

function boundOf(filters: SavedFilters, key: string): number | null {
  if (key === PARAM.priceMin) return filters.price.min;
  if (key === PARAM.priceMax) return filters.price.max;
  if (key === PARAM.yearMin) return filters.year.min;
  if (key === PARAM.yearMax) return filters.year.max;
  return filters.cuotaMax;
}

/** The canonical query string of the filters (no order, no page): two equal searches have the same one. */
export function canonicalQuery(filters: SavedFilters): string {
  return serializeListingQuery({ ...EMPTY_QUERY, ...filters, sort: 'featured', page: 1 });
}

export function hasAnyFilter(filters: SavedFilters): boolean {
  return (
    filters.search !== '' ||
    filters.brands.length + filters.models.length + filters.conditions.length > 0 ||
    filters.bodyTypes.length + filters.transmissions.length + filters.fuelTypes.length > 0 ||
    [filters.price.min, filters.price.max, filters.year.min, filters.year.max, filters.cuotaMax].some(
      (bound) => bound !== null,
    )
  );
}

/**
 * A brand as the matching compares it in SQL: folded (case and accents), trimmed, hyphens as spaces. The listing's
 * brand rule (vehicle-filter.ts brandTest: the name's first word is the brand, or the name with hyphens as spaces
 * starts with it as whole words) holds exactly when this key is one of `vehicleBrandKeys` of the vehicle's name.
 */
export function brandKey(brand: string): string {
  return fold(brand).trim().replace(/-/g, ' ');
}

/** Every whole-word beginning of the name, folded with hyphens as spaces: 'mercedes', 'mercedes benz', … */
export function vehicleBrandKeys(name: string): string[] {
  const words = fold(name).replace(/-/g, ' ').split(' ');
  return words.map((_, i) => words.slice(0, i + 1).join(' ')).filter((key) => key.trim() !== '');
}

/** The ids of a favourites alert ('12,15,3'): positive whole numbers, no repeats, at most 50. */
export function parseFavouriteIds(raw: string): { ok: true; ids: number[] } | { ok: false; error: string } {
  const parts = raw
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return { ok: false, error: 'No tienes favoritos para vigilar.' };
  if (parts.length > SAVED_SEARCH_LIMITS.favourites)
    return { ok: false, error: `Podemos vigilar hasta ${SAVED_SEARCH_LIMITS.favourites} favoritos.` };
  const ids = parts.map(Number);
  if (!parts.every((part) => /^\d{1,9}$/.test(part)) || ids.some((id) => id < 1))
    return { ok: false, error: 'La lista de favoritos no es válida.' };
  return { ok: true, ids: [...new Set(ids)] };
}

/** The search in a few words, as the pages and e-mails name it: «Toyota · SUV · hasta $15.000.000». */
export function describeSearch(filters: SavedFilters): string {
  const parts: string[] = [];
  if (filters.search) parts.push(`«${filters.search}»`);
  parts.push(...filters.brands, ...filters.models, ...filters.bodyTypes, ...filters.conditions);
  parts.push(...filters.transmissions, ...filters.fuelTypes);
  const { price, year } = filters;
  if (price.min !== null && price.max !== null)
    parts.push(`entre ${formatPrice(price.min)} y ${formatPrice(price.max)}`);
  else if (price.max !== null) parts.push(`hasta ${formatPrice(price.max)}`);
  else if (price.min !== null) parts.push(`desde ${formatPrice(price.min)}`);
  if (year.min !== null && year.max !== null)
    parts.push(year.min === year.max ? `año ${year.min}` : `años ${year.min} a ${year.max}`);
  else if (year.min !== null) parts.push(`desde el año ${year.min}`);
  else if (year.max !== null) parts.push(`hasta el año ${year.max}`);
  if (filters.cuotaMax !== null) parts.push(`cuota hasta ${formatPrice(filters.cuotaMax)}`);
  return parts.join(' · ') || 'Todos los vehículos';
}

/** The name of an alert as the person's page and the e-mails show it. */
export function alertTitle(alert: {
  kind: 'busqueda' | 'favoritos';
  queryString: string;
  vehicles?: number;
}) {
  if (alert.kind === 'favoritos')
    return `Bajas de precio de tus favoritos${alert.vehicles ? ` (${alert.vehicles})` : ''}`;
  const parsed = parseSavedQuery(alert.queryString);
  return parsed.ok ? describeSearch(parsed.filters) : 'Búsqueda guardada';
}

/**
 * The sentence beside the alert form's box (unticked), stored as the evidence of the marketing consent (ADR 0031
 * decision 3; Ley 19.628 as amended by Ley 21.719, art. 12): what is sent, how often at most, and how to stop it.
 */
export function alertConsentWording(dealership: string, kind: 'busqueda' | 'favoritos'): string {
  const what =
    kind === 'favoritos'
      ? 'cuando baje el precio de los autos que guardé en favoritos'
      : 'cuando llegue o baje de precio un auto que calce con esta búsqueda';
  return (
    `Acepto que ${dealership} me envíe correos ${what}, como máximo uno al día. ` +
    'Puedo darme de baja cuando quiera con el enlace de cada correo.'
  );
}

/** The sold car's «Te avisamos si llega uno similar»: the same brand and body type, of its year or newer. */
export function similarSearchQuery(vehicle: { brand: string; bodyType: string; year: number }): string {
  const params = new URLSearchParams();
  params.append(PARAM.brands, vehicle.brand);
  params.append(PARAM.bodyTypes, vehicle.bodyType);
  params.set(PARAM.yearMin, String(Math.max(2000, vehicle.year - 2)));
  const parsed = parseSavedQuery(params.toString());
  return parsed.ok ? parsed.canonical : params.toString();
}

/**
 * The sold car's alert as its page offers it: the saved search's canonical query, its words and the consent box's
 * sentence, worked out on the server so the form's island loads none of these rules (ADR 0035).
 */
export interface SimilarAlert {
  query: string;
  /** «Mazda · SUV · desde el año 2021». */
  title: string;
  /** Stored as the evidence of the consent. */
  consentWording: string;
}

export function similarAlert(
  vehicle: { brand: string; bodyType: string; year: number },
  dealership: string,
): SimilarAlert {
  const query = similarSearchQuery(vehicle);
  return {
    query,
    title: alertTitle({ kind: 'busqueda', queryString: query }),
    consentWording: alertConsentWording(dealership, 'busqueda'),
  };
}
