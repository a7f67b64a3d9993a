import type { VehicleCardView } from '@contracts/listing';
import { VehicleCard } from '~/components/vehicle-card';

const CARD_SIZES = '(min-width: 1280px) 296px, (min-width: 1024px) 23vw, (min-width: 640px) 46vw, 92vw';

/**
 * 'Vehículos similares' below a vehicle page: up to four published vehicles chosen by the server
 * (domain/similar-vehicles.ts), as the listing's cards, without code. A published vehicle with none shows nothing; a
 * sold one says so and links to the stock, since it is where the banner sends the visitor. Its photos wait for the main
 * photo's paint (`photos-after-paint`, ADR 0046).
 */
export function SimilarVehicles({ vehicles, sold }: { vehicles: VehicleCardView[]; sold: boolean }) {
  if (vehicles.length === 0 && !sold) return null;
  return (
    <section
      id="similares"
      aria-labelledby="similares-titulo"
      className="render-near-view photos-after-paint mt-12 scroll-mt-28 [--render-near-view-size:137rem] sm:mt-16 lg:[--render-near-view-size:34rem]"
    >
      <h2 id="similares-titulo" className="font-bold text-2xl text-slate-900 sm:text-3xl">
        Vehículos similares
      </h2>
      {vehicles.length > 0 ? (
        <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {vehicles.map((vehicle) => (
            <li key={vehicle.id}>
              <VehicleCard vehicle={vehicle} sizes={CARD_SIZES} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-600">
          Por ahora no tenemos vehículos parecidos publicados.{' '}
          <a href="/vehicles" className="font-semibold text-brand-700 underline underline-offset-2">
            Ver todos los vehículos
          </a>
        </p>
      )}
    </section>
  );
}
