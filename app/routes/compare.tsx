import { compareRows } from '@domain/compare';
import { stockReference } from '@domain/format';
import { idsValue, MAX_COMPARE, MIN_COMPARE, parseIdsParam } from '@domain/saved-lists';
import { savedVehicles } from '@server/services/catalogue/saved-vehicles';
import { data } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { CompareTable } from '~/components/saved/compare-table';
import { pageMeta } from '~/lib/meta';
import type { RootData } from '~/root';
import type { Route } from './+types/compare';

/**
 * /comparar?ids=3,17,42 (ADR 0019): two to four published vehicles side by side, rendered here, so the address can
 * be shared and printed. Ids that are unknown, sold or unpublished are named and left out; an address that is not
 * a list of ids, or has more than four, says so (400). Nothing here needs the visitor's storage.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const parsed = parseIdsParam(url.searchParams, MAX_COMPARE, 'comparación');
  if (parsed.kind === 'invalid') {
    return data({ problem: parsed.message, missing: [], columns: [], rows: [], ids: '' }, { status: 400 });
  }
  const ids = parsed.kind === 'ids' ? parsed.ids : [];
  const { catalogue } = context.services;
  const list = await savedVehicles(catalogue, ids, {
    offer: await catalogue.dealership(),
    now: Date.now(),
  });
  const vehicles = list.flatMap((item) => (item.state === 'published' ? [item.vehicle] : []));
  const missing = list.flatMap((item) => {
    if (item.state === 'published') return [];
    return item.state === 'sold'
      ? [`${item.vehicle.name} ${item.vehicle.year} (${stockReference(item.id)}) ya se vendió.`]
      : [`El vehículo ${stockReference(item.id)} no existe o ya no está publicado.`];
  });
  const enough = vehicles.length >= MIN_COMPARE;
  return {
    problem: enough
      ? null
      : vehicles.length === 1
        ? 'Para comparar se necesitan al menos dos vehículos. Elige otro con el botón «Comparar».'
        : 'Elige al menos dos vehículos con el botón «Comparar» de sus tarjetas o de su página.',
    missing,
    columns: vehicles.map(({ id, name, year, price, images }) => ({
      id,
      name,
      year,
      price,
      image: images[0] ?? null,
    })),
    rows: enough ? compareRows(vehicles) : [],
    ids: idsValue(vehicles.map((v) => v.id)),
  };
}

export function meta({ matches, data: loaderData }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as RootData | undefined;
  const names = loaderData?.columns.map((c) => c.name) ?? [];
  return [
    ...pageMeta({
      title: `Comparar vehículos | ${root?.dealership.name ?? ''}`,
      description:
        names.length >= MIN_COMPARE
          ? `Comparación de ${names.join(', ')}: precio, cuota, año, kilometraje y características.`
          : 'Compara de dos a cuatro vehículos de nuestro stock: precio, cuota, año, kilometraje y características.',
      path: loaderData?.ids ? `/comparar?ids=${loaderData.ids}` : '/comparar',
      publicUrl: root?.publicUrl ?? '',
    }),
    // Each visitor's own choice: nothing for search engines.
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { problem, missing, columns, rows } = loaderData;
  return (
    <div data-compare-page="">
      <PageHero eyebrow="Comparar" title="Comparar vehículos">
        {columns.length >= MIN_COMPARE
          ? `${columns.length} vehículos lado a lado. Las filas resaltadas son las que cambian entre ellos.`
          : `Elige de ${MIN_COMPARE} a ${MAX_COMPARE} vehículos para verlos lado a lado.`}
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
        {problem || missing.length > 0 ? (
          <div role="alert" className="mb-6 rounded-lg bg-amber-50 p-5 text-amber-950 ring-1 ring-amber-200">
            {problem ? <p className="font-semibold">{problem}</p> : null}
            {missing.length > 0 ? (
              <ul className={`list-disc space-y-1 pl-5 ${problem ? 'mt-2' : ''}`}>
                {missing.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
            {problem ? (
              <p className="mt-3">
                <a href="/vehicles" className="font-semibold underline underline-offset-2">
                  Ver vehículos
                </a>
              </p>
            ) : null}
          </div>
        ) : null}
        {rows.length > 0 ? (
          <>
            <CompareTable columns={columns} rows={rows} />
            <p className="mt-6 print:hidden">
              <a href="/vehicles" className="font-semibold text-brand-700 underline underline-offset-2">
                Seguir viendo vehículos
              </a>
            </p>
          </>
        ) : null}
      </div>
    </div>
  );
}
