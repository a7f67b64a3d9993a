// The rights form of /derechos: plain HTML that posts to the server and works without JavaScript (ADR 0031 decision
// 6). The token of the CSRF check travels in a hidden field; every choice is a native control.

import { RIGHT_LABELS, RIGHTS, RIGHTS_FORM_LIMITS, type Right } from '@contracts/rights';
import type { ReactNode } from 'react';
import { FieldErrors, TextAreaField, TextField } from '~/components/forms/fields';
import { CircleAlert, MailCheck } from '~/components/icons';

export const RIGHT_DESCRIPTIONS: Record<Right, string> = {
  acceso:
    'Saber qué datos tuyos guardamos, de dónde vienen, para qué los usamos y a quién los entregamos. Te enviamos al instante un enlace para descargarlos.',
  rectificacion:
    'Corregir un dato inexacto, desactualizado o incompleto. Indica abajo qué dato y cómo debe quedar.',
  supresion:
    'Eliminar tus datos cuando ya no son necesarios, retiraste tu consentimiento o se usaron sin base legal. Puedes indicar el motivo abajo.',
  oposicion:
    'Que dejemos de usar tus datos para marketing o para un uso determinado. Indica abajo cuál y, si quieres, por qué.',
  portabilidad:
    'Recibir tus datos en formatos estructurados y de uso común (JSON y CSV) para llevarlos a otra empresa. Te llega un enlace al instante.',
  bloqueo: 'Suspender por un tiempo todo uso de tus datos: solo los guardamos mientras dure el bloqueo.',
};

/** Spanish sentences for the error codes the server redirects back with (server/routes/rights.ts). */
export const RIGHTS_FORM_ERRORS: Record<string, { field: string; text: string }> = {
  correo: { field: 'correo', text: 'Ingresa un correo electrónico válido, de hasta 254 caracteres.' },
  derecho: { field: 'derecho', text: 'Elige el derecho que quieres ejercer.' },
  detalle: {
    field: 'detalle',
    text: 'Revisa el detalle: admite hasta 2.000 caracteres y, para una rectificación, debe indicar qué dato corregir y cómo.',
  },
  bloquear: { field: 'bloquear', text: 'Marca o desmarca la casilla de bloqueo.' },
  limite: {
    field: '_',
    text: 'Hiciste demasiadas solicitudes seguidas. Espera un momento e inténtalo nuevamente.',
  },
};

/** A refusal of the form as a whole, first in it, with its icon. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900 text-sm"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  );
}

export function RightsForm({
  csrfToken,
  right,
  error,
}: {
  csrfToken: string;
  right: Right;
  error: string | null;
}) {
  const problem = error ? (RIGHTS_FORM_ERRORS[error] ?? RIGHTS_FORM_ERRORS.correo) : undefined;
  const errors: Record<string, string> = problem ? { [problem.field]: problem.text } : {};
  return (
    <FieldErrors value={errors}>
      <form
        id="formulario"
        method="post"
        action="/derechos"
        className="grid gap-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
      >
        <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
        {/* Only the answer to a post carries an error: the page is rendered with it, so it needs no live region. */}
        {problem ? <FormAlert>{problem.text}</FormAlert> : null}
        <TextField
          name="correo"
          label="Tu correo electrónico"
          type="email"
          autoComplete="email"
          maxLength={RIGHTS_FORM_LIMITS.correo}
          hint="El mismo con que nos escribiste. Te enviaremos ahí un enlace para confirmar que es tuyo."
        />
        <fieldset aria-describedby={errors.derecho ? 'derecho-error' : undefined}>
          <legend className="mb-2 font-medium text-slate-800 text-sm">
            ¿Qué derecho quieres ejercer?{' '}
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {RIGHTS.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer gap-3 rounded-xl border border-slate-300 p-4 transition hover:border-brand-600 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="derecho"
                  value={value}
                  defaultChecked={value === right}
                  required
                  className="mt-1 size-4 shrink-0 accent-brand-700"
                />
                <span>
                  <span className="block font-semibold text-slate-900">{RIGHT_LABELS[value]}</span>
                  <span className="mt-1 block text-slate-600 text-sm leading-relaxed">
                    {RIGHT_DESCRIPTIONS[value]}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.derecho ? (
            <p id="derecho-error" className="mt-1.5 text-red-700 text-sm">
              {errors.derecho}
            </p>
          ) : null}
        </fieldset>
        <TextAreaField
          name="detalle"
          label="Detalle"
          required={false}
          rows={4}
          maxLength={RIGHTS_FORM_LIMITS.detalle}
          hint="Para una rectificación: qué dato corregir y cómo debe quedar. Para una supresión u oposición: el motivo o el uso al que te opones."
        />
        <label className="flex cursor-pointer gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <input
            type="checkbox"
            name="bloquear"
            aria-describedby="bloquear-ayuda"
            className="mt-1 size-4 shrink-0 accent-brand-700"
          />
          <span>
            <span className="block font-medium text-slate-900">
              Mientras se resuelve, bloquear el tratamiento de mis datos
            </span>
            <span id="bloquear-ayuda" className="mt-1 block text-slate-600 text-sm leading-relaxed">
              Para rectificación, supresión u oposición: mientras decidimos, solo guardamos tus datos, sin
              usarlos ni entregarlos a terceros. Te respondemos sobre el bloqueo en 2 días hábiles.
            </span>
          </span>
        </label>
        <div>
          <button
            type="submit"
            className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 font-semibold text-white transition hover:bg-brand-800 sm:w-auto"
          >
            <MailCheck aria-hidden className="size-5" />
            Enviar solicitud
          </button>
          <p className="mt-3 text-slate-600 text-sm">
            Es gratis. Usamos tu correo solo para confirmar y responder esta solicitud.
          </p>
        </div>
      </form>
    </FieldErrors>
  );
}
