import type { VehicleCardView } from '@contracts/listing';
import { clearedQuery, type ListingQuery } from '@domain/listing-query';
import { SearchX } from '~/components/icons';
import { VehicleCard } from '~/components/vehicle-card';
import { ListingLink } from './listing-link';

interface Props {
  vehicles: VehicleCardView[];
  query: ListingQuery;
  loading: boolean;
}

// Slot widths: one column, two from 640 px, two beside the sidebar from 1024 px, three from 1280 px.
const CARD_SIZES =
  '(min-width: 1280px) 296px, (min-width: 1024px) calc(50vw - 200px), (min-width: 640px) 50vw, 100vw';

export function ListingResults({ vehicles, query, loading }: Props) {
  if (vehicles.length === 0) {
    return (
      <div className="mt-6 rounded-2xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-slate-200">
        <SearchX aria-hidden className="mx-auto size-12 text-slate-400" strokeWidth={1.5} />
        <h3 className="mt-4 font-bold text-slate-900 text-xl">No se encontraron vehículos</h3>
        <p className="mx-auto mt-2 max-w-md text-slate-600">
          Prueba con otra búsqueda o quita algunos filtros para ver más opciones.
        </p>
        <ListingLink
          query={clearedQuery(query)}
          className="mt-6 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          Limpiar filtros
        </ListingLink>
      </div>
    );
  }
  return (
    <ul
      aria-busy={loading}
      className={`mt-6 grid grid-cols-1 gap-6 transition-opacity sm:grid-cols-2 xl:grid-cols-3 ${loading ? 'opacity-60' : ''}`}
    >
      {vehicles.map((vehicle, index) => (
        // The first card holds the page's main photo; the others are laid out as they near the screen (ADR 0022).
        <li
          key={vehicle.id}
          className={
            index === 0
              ? undefined
              : 'render-near-view [--render-near-view-size:33rem] sm:[--render-near-view-size:32rem] lg:[--render-near-view-size:30rem]'
          }
        >
          <VehicleCard vehicle={vehicle} sizes={CARD_SIZES} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}
