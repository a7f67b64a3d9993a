import { RIGHT_LABELS, RIGHTS_LINK_INVALID, RightsTokenSchema } from '@contracts/rights';
import { formatChileDateTime } from '@domain/chile-time';
import { data } from 'react-router';
import { CircleCheck } from '~/components/icons';
import {
  linkClass,
  RightsAnswer,
  RightsPageFrame,
  TokenConfirmForm,
} from '~/components/rights/rights-page-frame';
import { csrfForm } from '~/lib/csrf-form.server';
import type { Route } from './+types/derechos-confirmar';

export const meta = () => [{ title: 'Confirma tu solicitud' }, { name: 'robots', content: 'noindex' }];

/**
 * The page the e-mailed link opens. Opening it changes nothing (a mail scanner that follows links must not confirm
 * for the person): the button posts the token, and that confirms.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { token: csrfToken, headers } = csrfForm(
    request,
    context.services.config.publicUrl.startsWith('https://'),
  );
  const token = RightsTokenSchema.safeParse(url.searchParams.get('t'));
  const link = token.success ? await context.services.rights.peek(token.data) : null;
  if (!token.success || !link) return data({ csrfToken, link: null }, { headers, status: 410 });
  return data(
    {
      csrfToken,
      link: {
        token: token.data,
        right: link.right,
        email: link.email,
        expires: formatChileDateTime(link.expiresAt),
      },
    },
    { headers },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function DerechosConfirmar({ loaderData }: Route.ComponentProps) {
  const { csrfToken, link } = loaderData;
  if (!link)
    return (
      <RightsPageFrame title="Confirma tu solicitud" intro="El enlace que abriste ya no sirve.">
        <RightsAnswer tone="problem" title="Enlace no válido">
          <p>{RIGHTS_LINK_INVALID}</p>
          <p>
            <a href="/derechos" className={linkClass}>
              Hacer una nueva solicitud
            </a>
          </p>
        </RightsAnswer>
      </RightsPageFrame>
    );
  return (
    <RightsPageFrame
      title="Confirma tu solicitud"
      intro="Un último paso para que tu solicitud quede recibida."
    >
      <RightsAnswer tone="ok" title={`Solicitud de ${RIGHT_LABELS[link.right].toLowerCase()}`}>
        <p>
          Para el correo <strong className="break-all text-slate-900">{link.email}</strong>. Al confirmar, tu
          solicitud queda recibida y empieza a correr el plazo legal para responderte.
        </p>
        <TokenConfirmForm
          action="/derechos/confirmar"
          csrfToken={csrfToken}
          token={link.token}
          icon={<CircleCheck aria-hidden className="size-5" />}
          label="Confirmar solicitud"
        />
        <p className="text-slate-600 text-sm">
          El enlace vence el {link.expires}. Si no pediste esto, cierra esta página: sin confirmación no
          hacemos nada.
        </p>
      </RightsAnswer>
    </RightsPageFrame>
  );
}
