import { RIGHTS_SENT_MESSAGE } from '@contracts/rights';
import { linkClass, RightsAnswer, RightsPageFrame } from '~/components/rights/rights-page-frame';
import { pageMeta } from '~/lib/meta';
import type { RootData } from '~/root';
import type { Route } from './+types/derechos-enviada';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as RootData | undefined;
  return [
    ...pageMeta({
      title: `Revisa tu correo | ${root?.dealership.name ?? ''}`,
      description: RIGHTS_SENT_MESSAGE,
      path: '/derechos/enviada',
      publicUrl: root?.publicUrl ?? '',
    }),
    { name: 'robots', content: 'noindex' },
  ];
}

/** The one answer of the rights form, the same for every address (server/routes/rights.ts redirects here). */
export default function DerechosEnviada() {
  return (
    <RightsPageFrame title="Revisa tu correo" intro="Falta un paso: confirmar que el correo es tuyo.">
      <RightsAnswer tone="ok" title="Solicitud enviada">
        <p>{RIGHTS_SENT_MESSAGE}</p>
        <p>
          Si no llega en unos minutos, revisa que escribiste bien tu correo y{' '}
          <a href="/derechos" className={linkClass}>
            vuelve a intentarlo
          </a>
          .
        </p>
      </RightsAnswer>
    </RightsPageFrame>
  );
}
