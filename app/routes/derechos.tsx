import { RIGHTS, type Right } from '@contracts/rights';
import { data } from 'react-router';
import { CONSENTS_LINK_ERRORS, ConsentsLinkForm } from '~/components/rights/consents-link-form';
import { RightsForm } from '~/components/rights/rights-form';
import { linkClass, RightsPageFrame } from '~/components/rights/rights-page-frame';
import { csrfForm } from '~/lib/csrf-form.server';
import { pageMeta } from '~/lib/meta';
import type { RootData } from '~/root';
import type { Route } from './+types/derechos';

/** The rights page (ADR 0031 decision 6): a form that works without JavaScript, answered by e-mail. */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { token, headers } = csrfForm(request, context.services.config.publicUrl.startsWith('https://'));
  const asked = url.searchParams.get('derecho');
  const right: Right = RIGHTS.includes(asked as Right) ? (asked as Right) : 'acceso';
  const error = url.searchParams.get('error');
  // Each form shows only the errors the server sent it back with.
  const linkError = CONSENTS_LINK_ERRORS.includes(error as never) ? error : null;
  return data({ csrfToken: token, right, error: linkError ? null : error, linkError }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as RootData | undefined;
  const name = root?.dealership.name ?? '';
  return pageMeta({
    title: `Ejercer tus derechos sobre tus datos | ${name}`,
    description: `Pide a ${name} acceso, rectificación, supresión, oposición, portabilidad o bloqueo de tus datos personales, sin crear una cuenta.`,
    path: '/derechos',
    publicUrl: root?.publicUrl ?? '',
  });
}

const STEPS = [
  ['Escribe tu correo y elige el derecho.', 'Sin crear una cuenta y sin costo.'],
  [
    'Confirma desde el correo que te enviamos.',
    'El enlace sirve una vez y vence en 24 horas: así sabemos que el correo es tuyo.',
  ],
  [
    'Te respondemos por correo.',
    'Acceso y portabilidad, al instante. Los demás, en 30 días corridos como máximo (prorrogables una vez por 30 días, con su motivo); el bloqueo, en 2 días hábiles.',
  ],
] as const;

export default function Derechos({ loaderData }: Route.ComponentProps) {
  const { csrfToken, right, error, linkError } = loaderData;
  return (
    <RightsPageFrame
      title="Ejerce tus derechos"
      intro="Acceso, rectificación, supresión, oposición, portabilidad o bloqueo de tus datos personales (Ley 19.628, reformada por la Ley 21.719)."
    >
      <ol className="mb-10 grid gap-4 sm:grid-cols-3">
        {STEPS.map(([title, text], index) => (
          <li key={title} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
            <span className="flex size-8 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
              {index + 1}
            </span>
            <p className="mt-3 font-semibold text-slate-900">{title}</p>
            <p className="mt-1 text-slate-600 text-sm leading-relaxed">{text}</p>
          </li>
        ))}
      </ol>
      <RightsForm csrfToken={csrfToken} right={right} error={error} />
      <ConsentsLinkForm csrfToken={csrfToken} error={linkError} />
      <div className="mt-10 space-y-3 text-slate-700 text-sm leading-relaxed">
        <p>
          Si rechazamos tu solicitud te diremos por qué, y tendrás 30 días hábiles para reclamar ante la
          Agencia de Protección de Datos Personales.
        </p>
        <p>
          Qué datos guardamos, para qué y por cuánto tiempo: nuestra{' '}
          <a href="/privacidad" className={linkClass}>
            política de privacidad
          </a>
          .
        </p>
      </div>
    </RightsPageFrame>
  );
}
