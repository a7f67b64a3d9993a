// The inline 'Solicitar información' form of a vehicle page (docs/product.md): POST /api/contact/. Once sent it gives
// way to a confirmation, with '¡Mensaje enviado!' in the notice (docs/product.md), until 'Enviar otra consulta'.

import { PHONE_MAX_TYPED } from '@contracts/phone';
import type { FormConsent } from '@domain/consent';
import type { VehicleView } from '@domain/vehicle';
import { Mail } from '~/components/icons';
import { leadSchema, useLeadForm } from '~/lib/use-lead-form';
import { ConsentFooter, FormIntro } from './consent-fields';
import { FieldErrors, TextAreaField, TextField } from './fields';
import { FormNotice, Honeypot, PrivacyNote, SubmitButton, SuccessPanel, secondaryButton } from './form-parts';
import { inquiryMailto, interestLine, messageWithVehicleInfo } from './vehicle-lead-text';

interface Props {
  vehicle: VehicleView;
  salesEmail: string;
  /** The site's address, for the vehicle's link in the message. */
  publicUrl: string;
  /** What the consent box names, and the privacy policy version the page shows. */
  consent: FormConsent;
}

export function VehicleInquiryForm({ vehicle, salesEmail, publicUrl, consent }: Props) {
  const lead = useLeadForm({
    schema: leadSchema('VehicleLeadSchema'),
    endpoint: '/api/contact/',
    successText: '¡Mensaje enviado!',
    toBody: (values) => ({
      ...values,
      mensaje: messageWithVehicleInfo(
        String(values.mensaje ?? ''),
        vehicle,
        `${publicUrl}/vehicles/${vehicle.id}`,
      ),
      vehiculo: vehicle.id,
    }),
  });
  // Sent, the form gives way to a confirmation that takes focus, as every lead form's does.
  if (lead.status === 'success')
    return (
      <div data-lead-form>
        <SuccessPanel
          title="¡Consulta enviada!"
          text="Te responderemos por este vehículo dentro de las próximas 24 horas."
          action={{ label: 'Enviar otra consulta', onClick: lead.reset }}
        />
        <FormNotice notice={lead.notice} onDismiss={lead.dismissNotice} />
      </div>
    );
  return (
    <div data-lead-form>
      <FieldErrors value={lead.errors}>
        <form key={lead.formKey} {...lead.formProps} className="grid gap-4 sm:grid-cols-2">
          <FormIntro consent={consent} />
          <TextField
            name="nombre"
            label="Nombre"
            autoComplete="name"
            maxLength={100}
            className="sm:col-span-2"
          />
          <TextField name="correo" label="Email" type="email" autoComplete="email" maxLength={254} />
          <TextField
            name="telefono"
            label="Teléfono"
            type="tel"
            autoComplete="tel"
            required={false}
            maxLength={PHONE_MAX_TYPED}
          />
          <TextAreaField
            name="mensaje"
            label="Mensaje"
            rows={4}
            maxLength={3500}
            defaultValue={interestLine(vehicle)}
            className="sm:col-span-2"
          />
          <ConsentFooter consent={consent} />
          <Honeypot />
          <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:flex-wrap">
            <SubmitButton sending={lead.status === 'sending'}>Enviar solicitud</SubmitButton>
            <a href={inquiryMailto(salesEmail, vehicle)} className={secondaryButton}>
              <Mail aria-hidden className="size-5" />
              Usar mi correo
            </a>
          </div>
          <PrivacyNote className="sm:col-span-2" />
        </form>
      </FieldErrors>
      <FormNotice notice={lead.notice} onDismiss={lead.dismissNotice} />
    </div>
  );
}
