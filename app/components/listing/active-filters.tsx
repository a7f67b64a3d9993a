import { formatPrice } from '@domain/format';
import {
  type ListingQuery,
  type ListKey,
  serializeListingQuery,
  toggleValue,
  withChange,
} from '@domain/listing-query';
import { BellRing, X } from '~/components/icons';
import { ListingLink } from './listing-link';

const LISTS: ListKey[] = ['conditions', 'brands', 'models', 'bodyTypes', 'transmissions', 'fuelTypes'];

/**
 * One removable chip per active search, value and bound: what narrows the list stays in sight even when
 * the panel is closed (phones) or the ticked box is scrolled away. Plain links, so they work without JS.
 */
export function ActiveFilters({ query }: { query: ListingQuery }) {
  const chips: Array<{ label: string; next: ListingQuery }> = [];
  if (query.search) chips.push({ label: `“${query.search}”`, next: withChange(query, { search: '' }) });
  for (const key of LISTS) {
    for (const value of query[key]) chips.push({ label: value, next: toggleValue(query, key, value) });
  }
  const { price, year } = query;
  if (price.min !== null)
    chips.push({
      label: `Desde ${formatPrice(price.min)}`,
      next: withChange(query, { price: { ...price, min: null } }),
    });
  if (price.max !== null)
    chips.push({
      label: `Hasta ${formatPrice(price.max)}`,
      next: withChange(query, { price: { ...price, max: null } }),
    });
  if (query.cuotaMax !== null)
    chips.push({
      label: `Cuota hasta ${formatPrice(query.cuotaMax)}`,
      next: withChange(query, { cuotaMax: null }),
    });
  if (year.min !== null)
    chips.push({ label: `Año desde ${year.min}`, next: withChange(query, { year: { ...year, min: null } }) });
  if (year.max !== null)
    chips.push({ label: `Año hasta ${year.max}`, next: withChange(query, { year: { ...year, max: null } }) });
  if (chips.length === 0) return null;

  // Issue 33: the search as an e-mail alert, saved on a page of its own (a plain link: no script, and the listing
  // stays cacheable); its order and page are left out, they do not change what it finds.
  const alert = `/alertas/nueva?consulta=${encodeURIComponent(serializeListingQuery({ ...query, sort: 'featured', page: 1 }))}`;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <ul aria-label="Filtros activos" className="contents">
        {chips.map(({ label, next }) => (
          <li key={label}>
            <ListingLink
              query={next}
              aria-label={`Quitar filtro: ${label}`}
              className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 py-1.5 pr-2.5 pl-3.5 font-medium text-brand-800 text-sm ring-1 ring-brand-200 hover:bg-brand-100"
            >
              {label}
              <X aria-hidden className="size-4" />
            </ListingLink>
          </li>
        ))}
      </ul>
      <a
        href={alert}
        className="inline-flex items-center gap-1.5 rounded-full bg-white py-1.5 pr-3.5 pl-3 font-medium text-brand-800 text-sm ring-1 ring-brand-700 hover:bg-brand-50"
      >
        <BellRing aria-hidden className="size-4" />
        Guardar búsqueda
      </a>
    </div>
  );
}
