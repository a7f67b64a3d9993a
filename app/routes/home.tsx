import { Link } from 'react-router';
import { VehicleCard } from '~/components/vehicle-card';
import { pageMeta } from '~/lib/meta';
import { toCardView } from '~/lib/vehicle-view';
import { toVehicleView } from '~/lib/vehicle-view.server';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue, config } = context.services;
  const { vehicles } = await catalogue.snapshot();
  const featured = vehicles.filter((v) => v.featured).map((v) => toCardView(toVehicleView(v)));
  return { featured, dealership: { name: config.dealership.name, tagline: config.dealership.tagline } };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as { publicUrl: string } | undefined;
  const name = data?.dealership.name ?? '';
  return pageMeta({
    title: `${name} | Autos nuevos y usados en Santiago`,
    description: `${name}: vehículos nuevos y usados con financiamiento, seguros y compra de tu auto. Más de 50 vehículos disponibles.`,
    path: '/',
    publicUrl: root?.publicUrl ?? '',
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, dealership } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 to-brand-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-20">
          <h1 className="max-w-2xl font-bold text-4xl tracking-tight md:text-5xl">{dealership.name}</h1>
          <p className="mt-4 max-w-xl text-brand-100 text-lg">{dealership.tagline}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#vehicles" className="rounded-lg bg-accent-400 px-5 py-3 font-semibold text-slate-900">
              Ver Vehículos
            </a>
            <a
              href="#contact"
              className="rounded-lg bg-white/10 px-5 py-3 font-semibold ring-1 ring-white/40"
            >
              Contáctanos
            </a>
          </div>
        </div>
      </section>
      <section id="vehicles" className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="destacados">
        <h2 id="destacados" className="font-bold text-3xl text-slate-900">
          Vehículos Destacados
        </h2>
        <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {featured.map((vehicle, index) => (
            <li key={vehicle.id}>
              <VehicleCard
                vehicle={vehicle}
                sizes="(min-width: 1280px) 296px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
                priority={index === 0}
              />
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link
            to="/vehicles"
            className="rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
          >
            Ver Todos los Vehículos
          </Link>
        </div>
      </section>
    </>
  );
}
