import { CONSENTS_LINK_SENT_MESSAGE, RIGHTS_SENT_MESSAGE } from '@contracts/rights';
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

/** Which of the rights page's two forms was sent: a right, or the request for the consents link. */
export function loader({ request }: Route.LoaderArgs) {
  return { consentsLink: new URL(request.url).searchParams.get('enlace') === 'autorizaciones' };
}

/** The one answer of each form of /derechos, the same for every address (server/routes/rights.ts redirects here). */
export default function DerechosEnviada({ loaderData }: Route.ComponentProps) {
  const { consentsLink } = loaderData;
  return (
    <RightsPageFrame
      title="Revisa tu correo"
      intro={
        consentsLink
          ? 'Tus autorizaciones están en el enlace que te enviamos.'
          : 'Falta un paso: confirmar que el correo es tuyo.'
      }
    >
      <RightsAnswer tone="ok" title={consentsLink ? 'Enlace enviado' : 'Solicitud enviada'}>
        <p>{consentsLink ? CONSENTS_LINK_SENT_MESSAGE : RIGHTS_SENT_MESSAGE}</p>
        <p>
          Si no llega en unos minutos, revisa que escribiste bien tu correo y{' '}
          <a href={consentsLink ? '/derechos#autorizaciones' : '/derechos'} className={linkClass}>
            vuelve a intentarlo
          </a>
          .
        </p>
      </RightsAnswer>
    </RightsPageFrame>
  );
}
