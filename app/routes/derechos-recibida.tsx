import { RIGHTS_RECEIVED_MESSAGE } from '@contracts/rights';
import { linkClass, RightsAnswer, RightsPageFrame } from '~/components/rights/rights-page-frame';
import { pageMeta } from '~/lib/meta';
import type { RootData } from '~/root';
import type { Route } from './+types/derechos-recibida';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as RootData | undefined;
  return [
    ...pageMeta({
      title: `Solicitud recibida | ${root?.dealership.name ?? ''}`,
      description: RIGHTS_RECEIVED_MESSAGE,
      path: '/derechos/recibida',
      publicUrl: root?.publicUrl ?? '',
    }),
    { name: 'robots', content: 'noindex' },
  ];
}

/** After the confirmation: the request is received and its legal clock runs. */
export default function DerechosRecibida() {
  return (
    <RightsPageFrame title="Solicitud recibida" intro="Desde ahora corre el plazo legal para responderte.">
      <RightsAnswer tone="ok" title="Confirmaste tu solicitud">
        <p>{RIGHTS_RECEIVED_MESSAGE}</p>
        <p>
          ¿Necesitas otra cosa? Puedes hacer{' '}
          <a href="/derechos" className={linkClass}>
            otra solicitud
          </a>{' '}
          o leer nuestra{' '}
          <a href="/privacidad" className={linkClass}>
            política de privacidad
          </a>
          .
        </p>
      </RightsAnswer>
    </RightsPageFrame>
  );
}
