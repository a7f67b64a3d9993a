import type { VehicleCardView } from '@contracts/listing';
import { formatMileage, formatPrice } from '@domain/format';
import { Fuel, Gauge, MapPin } from '~/components/icons';
import { AdvertisedCuota } from './financing/advertised-cuota';
import { PhotoPlaceholder } from './photo-placeholder';
import { PriceDrop } from './price-drop';
import { ResponsiveImage } from './responsive-image';
import { CompareButton, FavouriteButton } from './saved/save-buttons';

interface Props {
  vehicle: VehicleCardView;
  /** `sizes` of the photo slot in the grid that holds the card. */
  sizes: string;
  priority?: boolean;
}

/**
 * The whole card is one link to the vehicle (docs/product.md vehicle card). The heart and "Comparar" (ADR 0019) lie
 * over its photo, beside the link rather than inside it: a button may not sit in a link.
 */
export function VehicleCard({ vehicle, sizes, priority }: Props) {
  const saved = { id: vehicle.id, label: `${vehicle.name} ${vehicle.year}`, price: vehicle.price };
  return (
    <div className="relative h-full">
      <a
        href={`/vehicles/${vehicle.id}`}
        className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-lg"
      >
        <div className="relative aspect-[3/2] overflow-hidden bg-slate-200">
          {vehicle.image ? (
            <ResponsiveImage
              image={vehicle.image}
              // The card's text names the vehicle; repeating it would double the link's accessible name.
              alt=""
              sizes={sizes}
              priority={priority}
              className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
            />
          ) : (
            <PhotoPlaceholder />
          )}
          <span
            className={`absolute top-3 left-3 rounded-full px-3 py-1 font-semibold text-xs ${
              vehicle.condition === 'Nuevo' ? 'bg-brand-700 text-white' : 'bg-white/95 text-slate-800'
            }`}
          >
            {vehicle.condition}
          </span>
        </div>
        <div className="flex flex-1 flex-col gap-3 p-5">
          <div>
            <p className="font-medium text-slate-500 text-sm">{vehicle.brand}</p>
            <h3 className="font-semibold text-lg text-slate-900 leading-snug">
              {vehicle.model} <span className="font-normal text-slate-500">{vehicle.year}</span>
            </h3>
          </div>
          <div>
            <PriceDrop previousPrice={vehicle.previousPrice} className="mb-1" />
            <p className="font-bold text-2xl text-brand-700 tracking-tight">{formatPrice(vehicle.price)}</p>
            {vehicle.installmentFrom ? (
              <AdvertisedCuota value={vehicle.installmentFrom} className="mt-1 text-slate-600 text-sm" />
            ) : null}
          </div>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-slate-600 text-sm">
            <li className="flex items-center gap-1.5">
              <Fuel aria-hidden className="size-4" />
              {vehicle.fuelType}
            </li>
            <li className="flex items-center gap-1.5">
              <Gauge aria-hidden className="size-4" />
              {formatMileage(vehicle.mileage)}
            </li>
            <li className="flex items-center gap-1.5">
              <MapPin aria-hidden className="size-4" />
              Sede Central
            </li>
          </ul>
          <span className="mt-auto inline-flex items-center justify-center rounded-lg bg-accent-400 px-4 py-2.5 font-semibold text-slate-900 transition group-hover:bg-accent-300">
            Ver detalles
          </span>
        </div>
      </a>
      {/* A box the photo's size over it, so the buttons sit on the photo's corners at any card width. */}
      <div className="pointer-events-none absolute inset-x-0 top-0 aspect-[3/2]">
        <FavouriteButton vehicle={saved} className="pointer-events-auto absolute top-2 right-2" />
        <CompareButton vehicle={saved} className="pointer-events-auto absolute right-2 bottom-2" />
      </div>
    </div>
  );
}
