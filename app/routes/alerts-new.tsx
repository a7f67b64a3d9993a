import { alertConsentWording, alertTitle, parseFavouriteIds, parseSavedQuery } from '@domain/saved-search';
import { data } from 'react-router';
import { AlertForm } from '~/components/alerts/alert-form';
import { ArrowLeft } from '~/components/icons';
import { PageHero } from '~/components/layout/page-hero';
import { linkClass, RightsAnswer } from '~/components/rights/rights-page-frame';
import { csrfForm } from '~/lib/csrf-form.server';
import { pageMeta } from '~/lib/meta';
import type { RootData } from '~/root';
import type { Route } from './+types/alerts-new';

/**
 * Issue 33, ADR 0039: save a search (or the favourites' price drops) as an e-mail alert. Reached from the listing's
 * «Guardar búsqueda» link with the listing's own query, so the listing itself keeps its cache and its JavaScript;
 * this page is the visitor's own (a CSRF token in the form), never cached, never indexed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { config, catalogue } = context.services;
  const { token, headers } = csrfForm(request, config.publicUrl.startsWith('https://'));
  headers.set('X-Robots-Tag', 'noindex');
  const snapshot = await catalogue.snapshot();
  const favoritos = url.searchParams.get('favoritos');
  const origen =
    url.searchParams.get('origen') === 'vendido' ? 'vendido' : favoritos !== null ? 'favoritos' : 'listado';
  const error = url.searchParams.get('error');
  const base = { csrfToken: token, policyVersion: snapshot.policyVersion, error };
  if (favoritos !== null) {
    const ids = parseFavouriteIds(favoritos);
    return data(
      {
        ...base,
        kind: 'favoritos' as const,
        title: ids.ok ? alertTitle({ kind: 'favoritos', queryString: '', vehicles: ids.ids.length }) : null,
        problem: ids.ok ? null : ids.error,
        back: '/favoritos',
        fields: { favoritos: ids.ok ? ids.ids.join(',') : '', origen },
        wording: alertConsentWording(snapshot.settings.data.name, 'favoritos'),
      },
      { headers },
    );
  }
  const consulta = url.searchParams.get('consulta') ?? '';
  const parsed = parseSavedQuery(consulta);
  return data(
    {
      ...base,
      kind: 'busqueda' as const,
      title: parsed.ok ? alertTitle({ kind: 'busqueda', queryString: parsed.canonical }) : null,
      problem: parsed.ok ? null : parsed.error,
      back: parsed.ok ? `/vehicles?${parsed.canonical}` : '/vehicles',
      fields: { consulta: parsed.ok ? parsed.canonical : '', origen },
      wording: alertConsentWording(snapshot.settings.data.name, 'busqueda'),
    },
    { headers },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as RootData | undefined;
  return [
    ...pageMeta({
      title: `Crear una alerta | ${root?.dealership.name ?? ''}`,
      description: 'Te avisamos por correo cuando llegue o baje de precio un auto que buscas.',
      path: '/alertas/nueva',
      publicUrl: root?.publicUrl ?? '',
    }),
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AlertsNew({ loaderData }: Route.ComponentProps) {
  const { kind, title, problem, back, fields, wording, csrfToken, policyVersion, error } = loaderData;
  return (
    <>
      <PageHero eyebrow="Alertas por correo" title="Te avisamos cuando llegue">
        {kind === 'favoritos'
          ? 'Te escribimos cuando baje el precio de un auto que guardaste en favoritos.'
          : 'Te escribimos cuando llegue o baje de precio un auto que calce con tu búsqueda. Como máximo un correo al día.'}
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <p className="mb-6">
          <a href={back} className={`inline-flex items-center gap-1.5 ${linkClass}`}>
            <ArrowLeft aria-hidden className="size-4" />
            {kind === 'favoritos' ? 'Volver a mis favoritos' : 'Volver a la búsqueda'}
          </a>
        </p>
        {title === null ? (
          <RightsAnswer tone="problem" title="No podemos guardar esta búsqueda">
            <p>{problem}</p>
            <p>
              <a href="/vehicles" className={linkClass}>
                Elige tus filtros en el listado
              </a>{' '}
              y vuelve a presionar «Guardar búsqueda».
            </p>
          </RightsAnswer>
        ) : (
          <section
            id="alerta"
            aria-labelledby="alerta-titulo"
            className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
          >
            <h2 id="alerta-titulo" className="font-bold text-slate-900 text-xl">
              {kind === 'favoritos' ? 'Tus favoritos' : 'Tu búsqueda'}
            </h2>
            <p className="mt-2 mb-6 font-medium text-brand-800 text-lg">{title}</p>
            <AlertForm
              csrfToken={csrfToken}
              fields={fields}
              wording={wording}
              policyVersion={policyVersion}
              error={error === 'consulta' || error === 'favoritos' ? null : error}
              searchError={error === 'consulta' || error === 'favoritos' ? problem : null}
            />
            <p className="mt-6 text-slate-600 text-sm">
              Usaremos tu correo solo para enviarte esta alerta. Lee cómo tratamos tus datos en la{' '}
              <a href="/privacidad" className={linkClass}>
                política de privacidad
              </a>
              .
            </p>
          </section>
        )}
      </div>
    </>
  );
}
