import { Check, Heart } from '~/components/icons';

// The toggles of "Mis favoritos" and "Comparar" (ADR 0019). The server renders them unpressed, since it knows
// nothing of the visitor's lists; app/lib/saved-toggles.ts presses the chosen ones and handles every click, wherever
// the button is (page markup or an island). They do nothing before the page's code starts.

interface Vehicle {
  id: number;
  /** Name and year, as the page shows them. */
  label: string;
  price: number;
}

/** The heart: an icon button whose name says what it keeps, pressed when the vehicle is a favourite. */
export function FavouriteButton({ vehicle, className = '' }: { vehicle: Vehicle; className?: string }) {
  return (
    <button
      type="button"
      data-favourite={vehicle.id}
      data-price={vehicle.price}
      aria-pressed="false"
      aria-label={`Guardar en favoritos: ${vehicle.label}`}
      title="Guardar en favoritos"
      className={`group inline-flex size-11 items-center justify-center rounded-full bg-white/95 text-rose-700 shadow-sm ring-1 ring-slate-300 transition hover:bg-rose-50 aria-pressed:bg-rose-50 aria-pressed:ring-rose-300 ${className}`}
    >
      <Heart aria-hidden className="size-5 group-aria-pressed:fill-current" />
    </button>
  );
}

/** "Comparar": its name begins with its visible text and names the vehicle; pressed when chosen to compare. */
export function CompareButton({ vehicle, className = '' }: { vehicle: Vehicle; className?: string }) {
  return (
    <button
      type="button"
      data-compare={vehicle.id}
      data-compare-name={vehicle.label}
      aria-pressed="false"
      aria-label={`Comparar ${vehicle.label}`}
      className={`group inline-flex h-11 items-center gap-1.5 rounded-full bg-white/95 px-3.5 font-semibold text-slate-800 text-sm shadow-sm ring-1 ring-slate-300 transition hover:bg-slate-100 aria-pressed:bg-brand-700 aria-pressed:text-white aria-pressed:ring-brand-700 ${className}`}
    >
      <Check aria-hidden className="hidden size-4 group-aria-pressed:block" />
      Comparar
    </button>
  );
}

/** The two toggles of a vehicle page, in a row beside 'Volver a vehículos'. */
export function VehicleSaveButtons({ vehicle }: { vehicle: Vehicle }) {
  return (
    <div className="flex items-center gap-2">
      <FavouriteButton vehicle={vehicle} />
      <CompareButton vehicle={vehicle} />
    </div>
  );
}
