import { RightsTokenSchema } from '@contracts/rights';
import { data } from 'react-router';
import { PersonalDataView } from '~/components/rights/personal-data-view';
import { ExportLinkInvalid, linkClass, RightsPageFrame } from '~/components/rights/rights-page-frame';
import { NO_STORE } from '~/lib/csrf-form.server';
import type { Route } from './+types/derechos-descarga-ver';

export const meta = () => [{ title: 'Tus datos' }, { name: 'robots', content: 'noindex' }];

/** The person's data as a page to read and print (ADR 0041), behind the same link as the files. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = RightsTokenSchema.safeParse(new URL(request.url).searchParams.get('t'));
  const found = token.success ? await context.services.rights.view(token.data) : null;
  if (!token.success || !found) return data({ found: null, token: null }, { headers: NO_STORE, status: 410 });
  return data({ found, token: token.data }, { headers: NO_STORE });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function DerechosDescargaVer({ loaderData }: Route.ComponentProps) {
  const { found, token } = loaderData;
  if (!found || !token) return <ExportLinkInvalid title="Tus datos" />;
  return (
    <RightsPageFrame
      title="Tus datos"
      intro="Todo lo que guardamos asociado a tu correo, para leerlo o imprimirlo. Para guardarlo en PDF, usa «Imprimir» de tu navegador."
    >
      <p className="mb-6 print:hidden">
        <a href={`/derechos/descarga?t=${encodeURIComponent(token)}`} className={linkClass}>
          Volver a las descargas (JSON y CSV)
        </a>
      </p>
      <PersonalDataView data={found} />
    </RightsPageFrame>
  );
}
