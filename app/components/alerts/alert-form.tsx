// The form that saves a search (issue 33, ADR 0039): plain HTML posting to the server (server/routes/alerts.ts), so
// it adds no JavaScript to any page. An address and ONE unticked box whose sentence names what is sent and how
// often; the server stores the same sentence as the evidence of the consent.
import { FieldError, FieldErrors, TextField } from '~/components/forms/fields';
import { BellRing } from '~/components/icons';
import { FormAlert } from '~/components/rights/rights-form';

/** The error codes the server sends this form back with, and what the page says for each. */
export const ALERT_FORM_ERRORS: Record<string, { field: string; text: string }> = {
  correo: { field: 'correo', text: 'Ingresa un correo electrónico válido.' },
  consentimiento: {
    field: 'consentimiento',
    text: 'Para recibir alertas, marca la casilla de autorización.',
  },
  limite: {
    field: '_',
    text: 'Guardaste demasiadas alertas seguidas. Espera un momento e inténtalo nuevamente.',
  },
};

export interface AlertFormProps {
  csrfToken: string;
  /** The hidden fields of what is saved: `consulta` or `favoritos`, and `origen`. */
  fields: Record<string, string>;
  wording: string;
  policyVersion: number | null;
  /** An error code of ALERT_FORM_ERRORS, or a message about the search itself (shown above the form). */
  error: string | null;
  searchError: string | null;
}

export function AlertForm({ csrfToken, fields, wording, policyVersion, error, searchError }: AlertFormProps) {
  const problem = error ? ALERT_FORM_ERRORS[error] : undefined;
  const errors: Record<string, string> =
    problem && problem.field !== '_' ? { [problem.field]: problem.text } : {};
  const consentError = errors.consentimiento;
  return (
    <FieldErrors value={errors}>
      <form method="post" action="/alertas" className="grid gap-5" noValidate={false}>
        <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {policyVersion !== null ? (
          <input type="hidden" name="politica_version" value={String(policyVersion)} />
        ) : null}
        {problem?.field === '_' ? <FormAlert>{problem.text}</FormAlert> : null}
        {searchError ? <FormAlert>{searchError}</FormAlert> : null}
        <TextField
          name="correo"
          label="Tu correo electrónico"
          type="email"
          autoComplete="email"
          maxLength={254}
        />
        <div>
          <div className="flex items-start gap-3">
            <input
              id="alerta-consentimiento"
              type="checkbox"
              name="consentimiento"
              value="on"
              required
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? 'alerta-consentimiento-error' : undefined}
              className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2"
            />
            <label htmlFor="alerta-consentimiento" className="cursor-pointer text-slate-700 text-sm">
              {wording}
            </label>
          </div>
          <FieldError id={consentError ? 'alerta-consentimiento-error' : undefined} error={consentError} />
        </div>
        <div>
          <button
            type="submit"
            className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 font-semibold text-white transition hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2 sm:w-auto"
          >
            <BellRing aria-hidden className="size-5" />
            Crear alerta
          </button>
          <p className="mt-3 text-slate-600 text-sm">
            Te enviaremos un correo para confirmar. Sin cuenta y sin costo; te das de baja con un clic.
          </p>
        </div>
      </form>
    </FieldErrors>
  );
}
