import { ALERT_SENT_MESSAGE } from '@contracts/saved-searches';
import { PageHero } from '~/components/layout/page-hero';
import { linkClass, RightsAnswer } from '~/components/rights/rights-page-frame';
import { pageMeta } from '~/lib/meta';
import type { RootData } from '~/root';
import type { Route } from './+types/alerts-sent';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as RootData | undefined;
  return [
    ...pageMeta({
      title: `Revisa tu correo | ${root?.dealership.name ?? ''}`,
      description: ALERT_SENT_MESSAGE,
      path: '/alertas/enviada',
      publicUrl: root?.publicUrl ?? '',
    }),
    { name: 'robots', content: 'noindex' },
  ];
}

/** The one answer to every saved search, the same for any address (server/routes/alerts.ts redirects here). */
export default function AlertsSent() {
  return (
    <>
      <PageHero eyebrow="Alertas por correo" title="Revisa tu correo">
        Falta un paso: confirmar que el correo es tuyo.
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <RightsAnswer tone="ok" title="Alerta casi lista">
          <p>{ALERT_SENT_MESSAGE}</p>
          <p>
            Si no llega en unos minutos, revisa la carpeta de spam o{' '}
            <a href="/vehicles" className={linkClass}>
              vuelve al listado
            </a>{' '}
            y guárdala de nuevo.
          </p>
        </RightsAnswer>
      </div>
    </>
  );
}
