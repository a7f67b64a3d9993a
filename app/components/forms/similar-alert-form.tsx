// "Te avisamos si llega uno similar" of a sold vehicle's page (ADR 0018, issue 33): a saved search (ADR 0039) of the
// same brand and body type, of its year or close to it, confirmed by e-mail like any alert: POST /api/alertas/.

import type { SimilarAlert } from '@domain/saved-search';
import { useContext } from 'react';
import type { z } from 'zod';
import { island } from '~/lib/island';
import { useLeadForm } from '~/lib/use-lead-form';
import { FieldError, FieldErrors, TextField } from './fields';
import { FormNotice, PrivacyNote, SubmitButton, SuccessPanel } from './form-parts';

interface Props {
  /** Worked out on the server (domain/saved-search.ts): the island loads none of the saved searches' rules. */
  alert: SimilarAlert;
  /** The privacy policy version the page shows (ADR 0031). */
  policyVersion: number | null;
}

/** The alert's own rules for the two fields the visitor fills; the search is ours. */
const schema = () =>
  import('@contracts/saved-searches.ts').then(
    ({ AlertSignupSchema }) => AlertSignupSchema as unknown as z.ZodType,
  );

/** The unticked box of the alert's consent; its sentence is what the server stores as the evidence. */
function AlertConsentBox({ wording }: { wording: string }) {
  const error = useContext(FieldErrors).consentimiento;
  const errorId = error ? 'similar-consentimiento-error' : undefined;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id="similar-consentimiento"
          type="checkbox"
          name="consentimiento"
          value="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2"
        />
        <label htmlFor="similar-consentimiento" className="cursor-pointer text-slate-700 text-sm">
          {wording}
        </label>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function SimilarAlertForm({ alert, policyVersion }: Props) {
  const lead = useLeadForm({
    schema,
    endpoint: '/api/alertas/',
    successText: '📩 Te enviamos un correo para confirmar tu alerta.',
    toBody: ({ correo = '', consentimiento }) => ({
      correo,
      consentimiento: consentimiento === 'true',
      consulta: alert.query,
      origen: 'vendido',
      ...(policyVersion !== null ? { politica_version: policyVersion } : {}),
    }),
  });
  return (
    <div data-lead-form>
      {lead.status === 'success' ? (
        <SuccessPanel
          title="Revisa tu correo"
          text="Confirma la alerta con el enlace que te enviamos; sin eso no te escribiremos."
          action={{ label: 'Crear otra alerta', onClick: lead.reset }}
        />
      ) : (
        <FieldErrors value={lead.errors}>
          <form key={lead.formKey} {...lead.formProps} className="grid gap-4">
            <p className="text-slate-700 text-sm">
              Te escribimos cuando llegue un auto como este:{' '}
              <strong className="text-slate-900">{alert.title}</strong>. Como máximo un correo al día.
            </p>
            <TextField
              name="correo"
              label="Correo electrónico"
              type="email"
              autoComplete="email"
              maxLength={254}
            />
            <AlertConsentBox wording={alert.consentWording} />
            <SubmitButton sending={lead.status === 'sending'}>Avísenme</SubmitButton>
            <PrivacyNote />
          </form>
        </FieldErrors>
      )}
      <FormNotice notice={lead.notice} onDismiss={lead.dismissNotice} />
    </div>
  );
}

/** As an island (ADR 0015), only on sold vehicles' pages: app/islands/similar-alert-form.ts. */
export const SimilarAlertFormIsland = /* @__PURE__ */ island('similar-alert-form', SimilarAlertForm);
