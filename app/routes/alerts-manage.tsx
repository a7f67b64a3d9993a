import { formatChileDateTime } from '@domain/chile-time';
import {
  loadAlertsPage,
  REMOVE_ALL_BUTTON,
  REMOVE_ONE_BUTTON,
} from '@server/services/alerts/manage-alerts.ts';
import { readPersonToken } from '@server/services/privacy/person-link.ts';
import { data } from 'react-router';
import { BellRing, CircleCheck, Info } from '~/components/icons';
import { PageHero } from '~/components/layout/page-hero';
import { linkClass, RightsAnswer } from '~/components/rights/rights-page-frame';
import { csrfForm } from '~/lib/csrf-form.server';
import { useRootData } from '~/root';
import type { Route } from './+types/alerts-manage';

const PAGE = '/alertas/gestionar';

export const meta = () => [{ title: 'Tus alertas' }, { name: 'robots', content: 'noindex, nofollow' }];

/**
 * A person's alerts, opened from the signed link of every alert e-mail (ADR 0039): each removed with one button, or
 * all at once; plain forms that work without JavaScript. The person's own page: never cached, never indexed. A link
 * we did not sign gets a 404 that says only that the link is not valid.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { config, db } = context.services;
  const { token: csrfToken, headers } = csrfForm(request, config.publicUrl.startsWith('https://'));
  headers.set('X-Robots-Tag', 'noindex, nofollow');
  const token = url.searchParams.get('t') ?? '';
  const email = readPersonToken(config.sessionSecret, 'alertas', token);
  if (!email) return data({ page: null, token: '', csrfToken, outcome: null }, { status: 404, headers });
  const removed = url.searchParams.get('eliminada');
  const outcome = url.searchParams.has('confirmada')
    ? ('confirmada' as const)
    : url.searchParams.has('sin-cambios')
      ? ('sin-cambios' as const)
      : removed === 'todas'
        ? ('todas' as const)
        : removed
          ? ('una' as const)
          : null;
  return data({ page: await loadAlertsPage(db, email), token, csrfToken, outcome }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const OUTCOME_TEXT = {
  confirmada: 'Listo: tu alerta quedó activa. Te escribiremos cuando llegue algo que calce.',
  'sin-cambios': 'Esa alerta ya no estaba activa: no hubo cambios.',
  todas: 'Listo: eliminamos todas tus alertas. No te enviaremos más correos de alertas.',
  una: 'Listo: eliminamos esa alerta.',
};

const removeButton =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-red-700 bg-white px-4 py-2 ' +
  'text-center font-semibold text-red-800 text-sm hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700 ' +
  'focus-visible:outline-offset-2 sm:w-auto';

export default function AlertsManage({ loaderData }: Route.ComponentProps) {
  const { dealership } = useRootData();
  const { page, token, csrfToken, outcome } = loaderData;
  const Remove = ({ which, label, name }: { which: string; label: string; name?: string }) => (
    <form method="post" action={PAGE} className="mt-4">
      <input type="hidden" name="t" value={token} />
      <input type="hidden" name="alerta" value={which} />
      <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
      <button type="submit" className={removeButton} aria-label={name ? `${label}: ${name}` : undefined}>
        {label}
      </button>
    </form>
  );
  return (
    <>
      <PageHero eyebrow="Alertas por correo" title="Tus alertas">
        Las búsquedas de las que te avisamos por correo. Elimina las que ya no quieras, cuando quieras.
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        {!page ? (
          <RightsAnswer tone="problem" title="Enlace no válido">
            <p>
              Este enlace no es válido. Usa el enlace del último correo de alertas que recibiste, o escríbenos
              a{' '}
              <a href={`mailto:${dealership.email}`} className={linkClass}>
                {dealership.email}
              </a>
              .
            </p>
          </RightsAnswer>
        ) : (
          <>
            <div role="status">
              {outcome ? (
                <p className="mb-6 flex items-start gap-2 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-green-900">
                  <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0" />
                  {OUTCOME_TEXT[outcome]}
                </p>
              ) : null}
            </div>
            <p className="text-slate-600">
              Alertas de <strong className="text-slate-900">{page.person}</strong>
            </p>
            {page.alerts.length === 0 ? (
              <p className="mt-6 flex items-start gap-2 rounded-xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
                <BellRing aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500" />
                No tienes alertas activas. Puedes crear una desde el{' '}
                <a href="/vehicles" className={linkClass}>
                  listado
                </a>
                .
              </p>
            ) : (
              <ul className="mt-6 space-y-4">
                {page.alerts.map((alert) => (
                  <li key={alert.id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                    <h2 className="font-bold text-lg text-slate-900">{alert.title}</h2>
                    <p className="mt-1 text-slate-600 text-sm">
                      Activa desde el {formatChileDateTime(alert.confirmedAt)}. Texto que aceptaste: «
                      {alert.wording}»
                    </p>
                    <Remove which={String(alert.id)} label={REMOVE_ONE_BUTTON} name={alert.title} />
                  </li>
                ))}
              </ul>
            )}
            {page.alerts.length > 1 ? (
              <div className="mt-8 rounded-2xl bg-slate-100 p-6">
                <p className="text-slate-700">¿No quieres recibir más alertas?</p>
                <Remove which="todas" label={REMOVE_ALL_BUTTON} />
              </div>
            ) : null}
            <p className="mt-10 flex items-start gap-2 text-slate-600 text-sm">
              <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                Eliminar una alerta retira la autorización que diste para ella. Tus otras autorizaciones están
                en la{' '}
                <a href="/privacidad" className={linkClass}>
                  política de privacidad
                </a>{' '}
                y en el enlace al pie de cada correo.
              </span>
            </p>
          </>
        )}
      </div>
    </>
  );
}
