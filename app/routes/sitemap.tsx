import { formatPrice, stockReference } from '@domain/format';
import { Link } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { pageMeta } from '~/lib/meta';
import { SITE_PAGES } from '~/lib/navigation';
import type { RootData } from '~/root';
import type { Route } from './+types/sitemap';

export async function loader({ context }: Route.LoaderArgs) {
  const { vehicles } = await context.services.catalogue.snapshot();
  const byBrand = new Map<string, { id: number; name: string; price: number }[]>();
  for (const v of vehicles) {
    const list = byBrand.get(v.brand.nombre) ?? [];
    list.push({ id: v.id, name: `${v.brand.nombre} ${v.model} ${v.year}`, price: v.price });
    byBrand.set(v.brand.nombre, list);
  }
  const brands = [...byBrand.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'es'))
    .map(([brand, list]) => ({ brand, vehicles: list.sort((a, b) => a.name.localeCompare(b.name, 'es')) }));
  return { brands, total: vehicles.length };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as RootData | undefined;
  const name = root?.dealership.name ?? '';
  return pageMeta({
    title: `Mapa del sitio | ${name}`,
    description: `Todas las páginas del sitio de ${name} y todos los vehículos publicados, agrupados por marca.`,
    path: '/sitemap',
    publicUrl: root?.publicUrl ?? '',
  });
}

const link = 'text-brand-700 underline-offset-2 hover:underline';

export default function Sitemap({ loaderData }: Route.ComponentProps) {
  const { brands, total } = loaderData;
  return (
    <>
      <PageHero eyebrow="Mapa del sitio" title="Mapa del sitio">
        Todas nuestras páginas y los {total} vehículos publicados.
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:py-16 lg:grid-cols-[20rem_1fr]">
        <section
          aria-labelledby="paginas"
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:self-start"
        >
          <h2 id="paginas" className="font-bold text-2xl text-slate-900">
            Páginas
          </h2>
          <ul className="mt-4 space-y-3">
            {SITE_PAGES.map((page) => (
              <li key={page.to}>
                <Link to={page.to} className={`font-medium ${link}`}>
                  {page.label}
                </Link>
                {page.children ? (
                  <ul className="mt-2 ml-4 space-y-2 border-slate-200 border-l pl-3">
                    {page.children.map((child) => (
                      <li key={child.to}>
                        <Link to={child.to} className={link}>
                          {child.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
        <section
          aria-labelledby="vehiculos"
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="vehiculos" className="font-bold text-2xl text-slate-900">
            Vehículos
          </h2>
          {brands.length === 0 ? (
            <p className="mt-4 text-slate-600">No hay vehículos publicados en este momento.</p>
          ) : (
            <div className="mt-4 grid gap-8 sm:grid-cols-2 xl:grid-cols-3">
              {brands.map((group) => (
                <div key={group.brand}>
                  <h3 className="font-semibold text-slate-900">{group.brand}</h3>
                  <ul className="mt-2 space-y-3">
                    {group.vehicles.map((vehicle) => (
                      <li key={vehicle.id}>
                        <Link to={`/vehicles/${vehicle.id}`} className={link}>
                          {vehicle.name}
                        </Link>
                        <span className="block text-slate-600 text-sm tabular-nums">
                          {stockReference(vehicle.id)} · {formatPrice(vehicle.price)}
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          )}
        </section>
      </div>
    </>
  );
}
