// Withdrawing a consent from the rights page (ADR 0031 decision 4): the address gets the link to its consents, where
// each is withdrawn with one button. Plain HTML that posts to the server, like the rights form beside it.
import { RIGHTS_FORM_LIMITS } from '@contracts/rights';
import { FieldErrors, TextField } from '~/components/forms/fields';
import { Mail } from '~/components/icons';
import { FormAlert, RIGHTS_FORM_ERRORS } from './rights-form';

/** The error codes server/routes/rights.ts sends this form back with. */
export const CONSENTS_LINK_ERRORS = ['autorizaciones', 'autorizaciones-limite'] as const;

export function ConsentsLinkForm({ csrfToken, error }: { csrfToken: string; error: string | null }) {
  const errors: Record<string, string> =
    error === 'autorizaciones' ? { correo: RIGHTS_FORM_ERRORS.correo?.text ?? '' } : {};
  return (
    <section
      id="autorizaciones"
      aria-labelledby="autorizaciones-titulo"
      className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id="autorizaciones-titulo" className="font-bold text-slate-900 text-xl">
        Retirar una autorización
      </h2>
      <p className="mt-2 text-slate-700 leading-relaxed">
        Si nos autorizaste a guardar tu situación socioeconómica, a enviar tu solicitud a una institución o a
        escribirte con ofertas, puedes retirarlo cuando quieras, sin costo. Cada correo que te enviamos
        termina con el enlace a tus autorizaciones; si no lo tienes a mano, te lo enviamos ahora.
      </p>
      <FieldErrors value={errors}>
        <form method="post" action="/derechos/autorizaciones" className="mt-6 grid gap-4">
          <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
          {error === 'autorizaciones-limite' ? (
            <FormAlert>{RIGHTS_FORM_ERRORS.limite?.text}</FormAlert>
          ) : null}
          <TextField
            name="correo"
            label="Tu correo electrónico"
            type="email"
            autoComplete="email"
            maxLength={RIGHTS_FORM_LIMITS.correo}
          />
          <div>
            <button
              type="submit"
              className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg border border-brand-700 bg-white px-6 font-semibold text-brand-800 transition hover:bg-brand-50 sm:w-auto"
            >
              <Mail aria-hidden className="size-5" />
              Enviarme el enlace a mis autorizaciones
            </button>
          </div>
        </form>
      </FieldErrors>
    </section>
  );
}
