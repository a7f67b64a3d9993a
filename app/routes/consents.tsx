import { CONSENT_PURPOSES } from '@contracts/lead-options';
import { formatChileDateTime } from '@domain/chile-time';
import { PURPOSE_TEXTS, WITHDRAW_ALL_BUTTON } from '@domain/consent-withdrawal';
import { loadConsentsPage } from '@server/services/privacy/consents-page.ts';
import { data } from 'react-router';
import { CircleCheck, Info, ShieldCheck } from '~/components/icons';
import { PageHero } from '~/components/layout/page-hero';
import { csrfForm } from '~/lib/csrf-form.server';
import { type RootData, useRootData } from '~/root';
import type { Route } from './+types/consents';

const PAGE = '/privacidad/consentimientos';
const OUTCOMES = [...CONSENT_PURPOSES, 'todas'] as const;
type Outcome = (typeof OUTCOMES)[number] | 'sin-cambios';

/**
 * A person's consents, opened from the signed link of their e-mails (ADR 0031, decision 4): each withdrawn with one
 * button, a plain form that works without JavaScript. The page is theirs alone: never kept by the page cache, never
 * indexed. A link we did not sign gets a 404 that says only that the link is not valid.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { config, db } = context.services;
  const token = url.searchParams.get('t');
  // The form's token and its cookie; the page is this visitor's only (private, no-store), never indexed.
  const { token: csrfToken, headers } = csrfForm(request, config.publicUrl.startsWith('https://'));
  headers.set('X-Robots-Tag', 'noindex, nofollow');
  const page = token ? await loadConsentsPage(db, config.sessionSecret, token) : null;
  if (!page) return data({ page: null, token: '', csrf: null, outcome: null }, { status: 404, headers });
  // The field server/plugins/csrf.ts reads on a `csrf: 'form'` route (Django's name).
  const csrf = { field: 'csrfmiddlewaretoken', token: csrfToken };
  const withdrawn = url.searchParams.get('retirado');
  const outcome: Outcome | null = url.searchParams.has('sin-cambios')
    ? 'sin-cambios'
    : (OUTCOMES.find((value) => value === withdrawn) ?? null);
  return data({ page, token: token ?? '', csrf, outcome }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as RootData | undefined;
  return [
    { title: `Tus autorizaciones | ${root?.dealership.name ?? ''}` },
    {
      name: 'description',
      content: 'Revisa y retira las autorizaciones que diste sobre tus datos personales.',
    },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

const button =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-red-700 bg-white px-4 py-2 ' +
  'text-center font-semibold text-red-800 text-sm hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700 ' +
  'focus-visible:outline-offset-2 sm:w-auto';

export default function ConsentsPage({ loaderData }: Route.ComponentProps) {
  const { dealership } = useRootData();
  const { page, token, csrf, outcome } = loaderData;
  if (!page || !csrf) return <InvalidLink email={dealership.email} />;
  const Withdraw = ({ purpose, label }: { purpose: string; label: string }) => (
    <form method="post" action={PAGE} className="mt-4">
      <input type="hidden" name="t" value={token} />
      <input type="hidden" name="proposito" value={purpose} />
      <input type="hidden" name={csrf.field} value={csrf.token} />
      <button type="submit" className={button}>
        {label}
      </button>
    </form>
  );
  return (
    <>
      <PageHero eyebrow="Privacidad" title="Tus autorizaciones">
        Lo que nos autorizaste a hacer con tus datos. Puedes retirar cada autorización cuando quieras, sin
        costo; tus solicitudes se responden igual.
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <div role="status">
          {outcome ? (
            <p className="mb-6 flex items-start gap-2 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-green-900">
              <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0" />
              {outcome === 'sin-cambios'
                ? 'Esa autorización ya no estaba vigente: no hubo cambios.'
                : outcome === 'todas'
                  ? 'Listo: retiramos todas tus autorizaciones.'
                  : PURPOSE_TEXTS[outcome].done}
            </p>
          ) : null}
        </div>
        <p className="text-slate-600">
          Autorizaciones de <strong className="text-slate-900">{page.person}</strong>
        </p>
        {page.purposes.length === 0 ? (
          <p className="mt-6 flex items-start gap-2 rounded-xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
            <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
            No tienes autorizaciones vigentes. No usamos tus datos más que para responder tus solicitudes.
          </p>
        ) : (
          <ul className="mt-6 space-y-6">
            {page.purposes.map((purpose) => (
              <li
                key={purpose.purpose}
                className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
              >
                <h2 className="font-bold text-slate-900 text-xl">{purpose.title}</h2>
                <ul className="mt-4 space-y-3 text-slate-700">
                  {purpose.grants.map((grant) => (
                    <li key={grant.id} className="border-slate-200 border-l-4 pl-4">
                      <p>
                        Nos la diste el {formatChileDateTime(grant.given)} {grant.where}
                        {grant.request ? ` (solicitud N° ${grant.request})` : ''}.
                      </p>
                      <p className="mt-1 text-slate-600 text-sm">Texto que aceptaste: «{grant.wording}»</p>
                    </li>
                  ))}
                </ul>
                <p className="mt-4 text-slate-700">{purpose.effect}</p>
                <Withdraw purpose={purpose.purpose} label={purpose.button} />
              </li>
            ))}
          </ul>
        )}
        {page.purposes.length > 1 ? (
          <div className="mt-8 rounded-2xl bg-slate-100 p-6">
            <p className="text-slate-700">¿Prefieres retirarlas todas de una vez?</p>
            <Withdraw purpose="todas" label={WITHDRAW_ALL_BUTTON} />
          </div>
        ) : null}
        <p className="mt-10 flex items-start gap-2 text-slate-600 text-sm">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            Para saber cómo tratamos tus datos, lee la{' '}
            <a href="/privacidad" className="font-medium text-brand-700 underline">
              política de privacidad
            </a>
            . Si tienes dudas, escríbenos a{' '}
            <a href={`mailto:${dealership.email}`} className="font-medium text-brand-700 underline">
              {dealership.email}
            </a>
            .
          </span>
        </p>
      </div>
    </>
  );
}

function InvalidLink({ email }: { email: string }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <ShieldCheck aria-hidden className="size-14 text-brand-700" />
      <h1 className="mt-6 font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">
        Este enlace no es válido
      </h1>
      <p className="mt-4 text-lg text-slate-600">
        Puede estar incompleto o haberse copiado con un error. Abre el enlace tal como llegó en el último
        correo que te enviamos, o escríbenos a{' '}
        <a href={`mailto:${email}`} className="font-medium text-brand-700 underline">
          {email}
        </a>{' '}
        y te ayudamos.
      </p>
      <a
        href="/"
        className="mt-8 inline-flex h-12 items-center justify-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
      >
        Volver al inicio
      </a>
    </section>
  );
}
