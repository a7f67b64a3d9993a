import { MAX_FAVOURITES, parseIdsParam } from '@domain/saved-lists';
import { savedCards, savedVehicles } from '@server/services/catalogue/saved-vehicles';
import { data } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { OwnFavouritesIsland } from '~/components/saved/own-favourites';
import { SavedList } from '~/components/saved/saved-list';
import { pageMeta } from '~/lib/meta';
import type { RootData } from '~/root';
import type { Route } from './+types/favourites';

/**
 * /favoritos (ADR 0019): without `ids`, the visitor's own list, which lives in their browser (an island reads it);
 * with `?ids=3,17,42`, exactly those vehicles, rendered here for whoever opens the shared address. An address that
 * is not a list of ids says so (400), in Spanish.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const parsed = parseIdsParam(url.searchParams, MAX_FAVOURITES, 'lista');
  if (parsed.kind === 'absent') return { mode: 'own' as const };
  if (parsed.kind === 'invalid')
    return data({ mode: 'invalid' as const, message: parsed.message }, { status: 400 });
  const { catalogue } = context.services;
  const list = await savedVehicles(catalogue, parsed.ids, {
    offer: await catalogue.dealership(),
    now: Date.now(),
  });
  return { mode: 'shared' as const, items: savedCards(list) };
}

export function meta({ matches, data: loaderData }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as RootData | undefined;
  const shared = loaderData?.mode === 'shared';
  return [
    ...pageMeta({
      title: `${shared ? 'Lista de favoritos compartida' : 'Mis favoritos'} | ${root?.dealership.name ?? ''}`,
      description: shared
        ? 'Una lista de vehículos que alguien guardó y compartió contigo.'
        : 'Los vehículos que guardaste en este navegador, para verlos, compararlos y compartirlos.',
      path: '/favoritos',
      publicUrl: root?.publicUrl ?? '',
    }),
    // Each visitor's own list: nothing for search engines.
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Favourites({ loaderData }: Route.ComponentProps) {
  const shared = loaderData.mode === 'shared';
  return (
    <>
      <PageHero eyebrow="Favoritos" title={shared ? 'Lista de favoritos compartida' : 'Mis favoritos'}>
        {shared
          ? 'Alguien compartió contigo estos vehículos. Toca el corazón para guardarlos en tus favoritos.'
          : 'Los vehículos que guardaste con el corazón. Tu lista queda en este navegador, sin cuenta ni registro.'}
      </PageHero>
      <div className="mx-auto min-h-[30rem] max-w-7xl px-4 py-10 sm:py-12">
        {loaderData.mode === 'own' ? <OwnFavouritesIsland /> : null}
        {loaderData.mode === 'invalid' ? (
          <div role="alert" className="rounded-lg bg-amber-50 p-5 text-amber-950 ring-1 ring-amber-200">
            <p className="font-semibold">{loaderData.message}</p>
            <p className="mt-2">
              <a href="/favoritos" className="font-semibold underline underline-offset-2">
                Ver mis favoritos
              </a>
            </p>
          </div>
        ) : null}
        {loaderData.mode === 'shared' ? (
          loaderData.items.length > 0 ? (
            <>
              <p className="mb-6 text-slate-700">
                {loaderData.items.length === 1
                  ? '1 vehículo en esta lista.'
                  : `${loaderData.items.length} vehículos en esta lista.`}{' '}
                <a href="/favoritos" className="font-semibold text-brand-700 underline underline-offset-2">
                  Ver mis favoritos
                </a>
              </p>
              <SavedList items={loaderData.items} />
            </>
          ) : (
            <p className="text-slate-700">
              Esta lista está vacía.{' '}
              <a href="/vehicles" className="font-semibold text-brand-700 underline underline-offset-2">
                Ver vehículos
              </a>
            </p>
          )
        ) : null}
      </div>
    </>
  );
}
