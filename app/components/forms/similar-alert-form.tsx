// "Te avisamos si llega uno similar" of a sold vehicle's page (ADR 0018): a contact request (POST
// /api/contacto-contacto/, subject 'compra') whose message names the sold car, so staff know what to look for.

import { PHONE_MAX_TYPED } from '@contracts/phone';
import type { FormConsent } from '@domain/consent';
import { stockReference } from '@domain/format';
import type { z } from 'zod';
import { island } from '~/lib/island';
import { useLeadForm } from '~/lib/use-lead-form';
import { ConsentFooter, FormIntro } from './consent-fields';
import { FieldErrors, TextAreaField, TextField } from './fields';
import { FormNotice, Honeypot, PrivacyNote, SubmitButton, SuccessPanel } from './form-parts';

export interface SoldVehicleRef {
  id: number;
  /** brand + model */
  name: string;
  year: number;
  bodyType: string;
}

interface Props {
  vehicle: SoldVehicleRef;
  /** The site's address, for the vehicle's link in the message. */
  publicUrl: string;
  /** What the consent box names, and the privacy policy version the page shows. */
  consent: FormConsent;
}

/** The message staff read: which car was sold, its reference and link, and what the visitor added. */
export function similarAlertMessage(vehicle: SoldVehicleRef, comment: string, pageUrl: string): string {
  const lines = [
    `Te avisamos si llega uno similar: quiero que me avisen cuando llegue un vehículo similar al ${vehicle.name} ${vehicle.year} (${vehicle.bodyType}, ${stockReference(vehicle.id)}), que ya se vendió.`,
    `Enlace: ${pageUrl}`,
  ];
  const added = comment.trim();
  if (added) lines.push('', `Comentario: ${added}`);
  return lines.join('\n');
}

/** The contact request's own rules for the three fields the visitor fills; subject and message are ours. */
const schema = () =>
  import('@contracts/leads.ts').then(
    ({ ContactLeadSchema }) => ContactLeadSchema.pick({ name: true, email: true, phone: true }) as z.ZodType,
  );

export function SimilarAlertForm({ vehicle, publicUrl, consent }: Props) {
  const lead = useLeadForm({
    schema,
    endpoint: '/api/contacto-contacto/',
    successText: '📩 ¡Mensaje enviado con éxito!',
    toBody: ({ comentario = '', ...values }) => ({
      ...values,
      subject: 'compra',
      message: similarAlertMessage(vehicle, String(comentario), `${publicUrl}/vehicles/${vehicle.id}`),
    }),
  });
  return (
    <div data-lead-form>
      {lead.status === 'success' ? (
        <SuccessPanel
          title="¡Listo! Te avisaremos"
          text={`Cuando llegue un vehículo similar al ${vehicle.name} te contactaremos.`}
          action={{ label: 'Enviar otra solicitud', onClick: lead.reset }}
        />
      ) : (
        <FieldErrors value={lead.errors}>
          <form key={lead.formKey} {...lead.formProps} className="grid gap-4">
            <FormIntro
              consent={consent}
              purpose="Usaremos estos datos para avisarte cuando llegue un vehículo similar."
              className=""
            />
            {/* One column: the form sits in the side card, 330 px wide at most. */}
            <TextField name="name" label="Nombre completo" autoComplete="name" maxLength={100} />
            <TextField
              name="email"
              label="Correo electrónico"
              type="email"
              autoComplete="email"
              maxLength={254}
            />
            <TextField
              name="phone"
              label="Teléfono"
              type="tel"
              autoComplete="tel"
              maxLength={PHONE_MAX_TYPED}
              placeholder="+56 9 1234 5678"
            />
            <TextAreaField
              name="comentario"
              label="¿Qué buscas?"
              required={false}
              rows={3}
              maxLength={1500}
              hint="Por ejemplo: presupuesto, año o color."
            />
            <ConsentFooter consent={consent} className="" />
            <Honeypot />
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
