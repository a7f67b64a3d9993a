import { RightsTokenSchema } from '@contracts/rights';
import { formatChileDateTime } from '@domain/chile-time';
import { data } from 'react-router';
import { Download } from '~/components/icons';
import {
  ExportLinkInvalid,
  linkClass,
  RightsAnswer,
  RightsPageFrame,
} from '~/components/rights/rights-page-frame';
import { NO_STORE } from '~/lib/csrf-form.server';
import type { Route } from './+types/derechos-descarga';

export const meta = () => [{ title: 'Descarga tus datos' }, { name: 'robots', content: 'noindex' }];

/** Where the access or portability answer's link leads: the two files, while the link is valid. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = RightsTokenSchema.safeParse(new URL(request.url).searchParams.get('t'));
  const found = token.success ? await context.services.rights.openExport(token.data) : null;
  if (!token.success || !found) return data({ link: null }, { headers: NO_STORE, status: 410 });
  return data(
    { link: { token: token.data, expires: formatChileDateTime(found.expiresAt) } },
    { headers: NO_STORE },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const button =
  'inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 font-semibold text-white transition hover:bg-brand-800';

export default function DerechosDescarga({ loaderData }: Route.ComponentProps) {
  const { link } = loaderData;
  if (!link) return <ExportLinkInvalid title="Descarga tus datos" />;
  const query = `?t=${encodeURIComponent(link.token)}`;
  return (
    <RightsPageFrame title="Descarga tus datos" intro="Todo lo que guardamos asociado a tu correo.">
      <RightsAnswer tone="ok" title="Tus datos están listos">
        <p>
          Los mismos datos en dos formatos estructurados y de uso común: JSON (completo, con las fotos) y CSV
          (se abre en una planilla).
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <a href={`/derechos/descarga.json${query}`} download className={button}>
            <Download aria-hidden className="size-5" />
            Descargar JSON
          </a>
          <a href={`/derechos/descarga.csv${query}`} download className={button}>
            <Download aria-hidden className="size-5" />
            Descargar CSV
          </a>
        </div>
        <p>
          <a href={`/derechos/descarga/ver${query}`} className={linkClass}>
            Ver tus datos en esta página, para leerlos o imprimirlos
          </a>
        </p>
        <p className="text-slate-600 text-sm">
          El enlace es personal y vence el {link.expires}. No lo compartas: quien lo tenga puede descargar tus
          datos.
        </p>
      </RightsAnswer>
    </RightsPageFrame>
  );
}
