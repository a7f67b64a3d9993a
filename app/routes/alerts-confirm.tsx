import { ALERT_LINK_INVALID, AlertTokenSchema } from '@contracts/saved-searches';
import { pendingAlert } from '@server/services/alerts/save-search.ts';
import { data } from 'react-router';
import { BellRing } from '~/components/icons';
import { PageHero } from '~/components/layout/page-hero';
import { linkClass, RightsAnswer, TokenConfirmForm } from '~/components/rights/rights-page-frame';
import { csrfForm } from '~/lib/csrf-form.server';
import type { Route } from './+types/alerts-confirm';

export const meta = () => [{ title: 'Confirma tu alerta' }, { name: 'robots', content: 'noindex' }];

/**
 * The page the confirmation e-mail opens (ADR 0039). Opening it changes nothing (a mail scanner that follows links
 * must not confirm for the person): the button posts the single-use token, and that confirms.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { token: csrfToken, headers } = csrfForm(
    request,
    context.services.config.publicUrl.startsWith('https://'),
  );
  headers.set('X-Robots-Tag', 'noindex, nofollow');
  const token = AlertTokenSchema.safeParse(url.searchParams.get('t'));
  const alert = token.success ? await pendingAlert(context.services.db, token.data) : null;
  if (!token.success || !alert) return data({ csrfToken, link: null }, { headers, status: 410 });
  return data({ csrfToken, link: { token: token.data, title: alert.title } }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function AlertsConfirm({ loaderData }: Route.ComponentProps) {
  const { csrfToken, link } = loaderData;
  return (
    <>
      <PageHero eyebrow="Alertas por correo" title="Confirma tu alerta">
        {link ? 'Un último paso para empezar a recibirla.' : 'El enlace que abriste ya no sirve.'}
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        {link ? (
          <RightsAnswer tone="ok" title={link.title}>
            <p>
              Al confirmar, te escribiremos cuando llegue o baje de precio un auto que calce con esta alerta,
              como máximo una vez al día. Cada correo trae un enlace para darte de baja.
            </p>
            <TokenConfirmForm
              action="/alertas/confirmar"
              csrfToken={csrfToken}
              token={link.token}
              icon={<BellRing aria-hidden className="size-5" />}
              label="Confirmar alerta"
            />
            <p className="text-slate-600 text-sm">
              Si no la pediste tú, cierra esta página: sin confirmación no te enviamos nada.
            </p>
          </RightsAnswer>
        ) : (
          <RightsAnswer tone="problem" title="Enlace no válido">
            <p>{ALERT_LINK_INVALID}</p>
            <p>
              <a href="/vehicles" className={linkClass}>
                Ir al listado
              </a>
            </p>
          </RightsAnswer>
        )}
      </div>
    </>
  );
}
