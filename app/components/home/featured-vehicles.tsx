import type { VehicleCardView } from '@contracts/listing';
import { Link } from 'react-router';
import { ArrowRight } from '~/components/icons';
import { Reveal } from '~/components/reveal';
import { VehicleCard } from '~/components/vehicle-card';
import { SectionHeading } from './section-heading';

/** docs/product.md: each card fades in 300 ms plus 150 ms per card. */
const cardDelay = (index: number) => 300 + 150 * index;

/** 'Vehículos Destacados' (docs/product.md): 1, 2 or 4 columns; with no featured stock, no cards (docs/product.md). */
export function FeaturedVehicles({ vehicles }: { vehicles: VehicleCardView[] }) {
  return (
    <section id="vehicles" aria-labelledby="destacados" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4">
        <Reveal>
          <SectionHeading id="destacados" eyebrow="Nuestro stock" title="Vehículos Destacados">
            Una selección de nuestros vehículos nuevos y usados, revisados y listos para entregar.
          </SectionHeading>
        </Reveal>
        {vehicles.length > 0 ? (
          <ul className="mt-12 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {vehicles.map((vehicle, index) => (
              <Reveal
                as="li"
                key={vehicle.id}
                delay={cardDelay(index)}
                className="render-near-view [--render-near-view-size:33rem] sm:[--render-near-view-size:31rem] md:[--render-near-view-size:33rem] lg:[--render-near-view-size:34rem] xl:[--render-near-view-size:31rem]"
              >
                <VehicleCard
                  vehicle={vehicle}
                  sizes="(min-width: 1280px) 296px, (min-width: 1024px) 23vw, (min-width: 640px) 46vw, 92vw"
                />
              </Reveal>
            ))}
          </ul>
        ) : null}
        <div className="mt-12 text-center">
          <Link
            to="/vehicles"
            className="inline-flex h-12 items-center gap-2 rounded-lg bg-brand-700 px-6 font-semibold text-white transition hover:bg-brand-800"
          >
            Ver Todos los Vehículos
            <ArrowRight aria-hidden className="size-5" />
          </Link>
        </div>
      </div>
    </section>
  );
}
