// The contact form of /contact and of the home page's contact section (docs/product.md): POST /api/contacto-contacto/.
// The page places the heading 'Envíanos un mensaje'; after a success the form gives way to the confirmation.

import { SUBJECT_OPTIONS } from '@contracts/lead-options.ts';
import { PHONE_MAX_TYPED } from '@contracts/phone';
import type { FormConsent } from '@domain/consent';
import { island } from '~/lib/island';
import { leadSchema, useLeadForm } from '~/lib/use-lead-form';
import { ConsentFooter, FormIntro } from './consent-fields';
import { FieldErrors, SelectField, TextAreaField, TextField } from './fields';
import { FormFooter, FormNotice, SuccessPanel } from './form-parts';

export function ContactForm({ consent }: { consent: FormConsent }) {
  const lead = useLeadForm({
    schema: leadSchema('ContactLeadSchema'),
    endpoint: '/api/contacto-contacto/',
    successText: '📩 ¡Mensaje enviado con éxito!',
  });
  return (
    <div data-lead-form>
      {lead.status === 'success' ? (
        <SuccessPanel
          title="¡Mensaje enviado con éxito!"
          text="Nos pondremos en contacto contigo a la brevedad."
          action={{ label: 'Enviar otro mensaje', onClick: lead.reset }}
        />
      ) : (
        <FieldErrors value={lead.errors}>
          <form key={lead.formKey} {...lead.formProps} className="grid gap-5 sm:grid-cols-2">
            <FormIntro consent={consent} />
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
            <SelectField
              name="subject"
              label="Asunto"
              options={SUBJECT_OPTIONS}
              placeholder="Selecciona un asunto"
            />
            <TextAreaField
              name="message"
              label="Mensaje"
              rows={5}
              maxLength={3000}
              className="sm:col-span-2"
            />
            <ConsentFooter consent={consent} />
            <FormFooter sending={lead.status === 'sending'}>Enviar mensaje</FormFooter>
          </form>
        </FieldErrors>
      )}
      <FormNotice notice={lead.notice} onDismiss={lead.dismissNotice} />
    </div>
  );
}

/** The form as an island (ADR 0015): app/islands/contact-form.ts. */
export const ContactFormIsland = /* @__PURE__ */ island('contact-form', ContactForm);
