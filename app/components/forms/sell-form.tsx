// The appraisal form of /sell-your-car (docs/product.md): POST /api/vendeauto/ as multipart, photos under 'images'.
// docs/product.md: the success panel is reached and offers 'Enviar otra solicitud'.

import { CAR_BRAND_OPTIONS, CAR_CONDITION_OPTIONS } from '@contracts/lead-options.ts';
import type { FormConsent } from '@domain/consent';
import { island } from '~/lib/island';
import { leadSchema, useLeadForm } from '~/lib/use-lead-form';
import { ConsentFooter, FormIntro } from './consent-fields';
import { FieldErrors, PersonFields, SelectField, TextAreaField, TextField } from './fields';
import { FormFooter, FormNotice, SuccessPanel } from './form-parts';
import { PhotoPicker } from './photo-picker';
import { usePhotos } from './use-photos';

export function SellForm({ consent }: { consent: FormConsent }) {
  const picker = usePhotos();
  const lead = useLeadForm({
    schema: leadSchema('SellLeadSchema'),
    endpoint: '/api/vendeauto/',
    successText: '¡Formulario VendeAuto enviado correctamente!',
    errorPrefix: 'Hubo un error al enviar: ',
    tokenErrorStyle: 'sell',
    toBody: (values) => {
      const body = new FormData();
      // Multipart carries text: a ticked box travels as 'true', the policy version as its digits.
      for (const [name, value] of Object.entries(values)) body.append(name, String(value));
      for (const photo of picker.photos) body.append('images', photo.file, photo.file.name);
      return body;
    },
    onSuccess: picker.clear,
  });
  return (
    <div data-lead-form>
      {lead.status === 'success' ? (
        <SuccessPanel
          title="¡Solicitud enviada con éxito!"
          text="Revisaremos los datos de tu vehículo y te contactaremos con una oferta en un plazo de 48 horas."
          action={{ label: 'Enviar otra solicitud', onClick: lead.reset }}
        />
      ) : (
        <FieldErrors value={lead.errors}>
          <form key={lead.formKey} {...lead.formProps} className="grid gap-5 sm:grid-cols-2">
            <FormIntro consent={consent} />
            <PersonFields names={{ name: 'name', phone: 'phone', email: 'email' }} order="phone-first" />
            <SelectField name="vehicle_brand" label="Marca" options={CAR_BRAND_OPTIONS} />
            <TextField name="vehicle_model" label="Modelo" maxLength={100} placeholder="Ej: Corolla" />
            <TextField name="vehicle_year" label="Año" inputMode="numeric" maxLength={4} placeholder="2018" />
            <TextField
              name="vehicle_km"
              label="Kilometraje"
              inputMode="numeric"
              maxLength={12}
              placeholder="87000"
            />
            <TextField name="vehicle_color" label="Color" maxLength={40} placeholder="Ej: Gris plata" />
            <SelectField
              name="vehicle_condition"
              label="Estado del vehículo"
              options={CAR_CONDITION_OPTIONS}
            />
            <TextAreaField
              name="comments"
              label="Comentarios"
              required={false}
              rows={3}
              maxLength={3000}
              placeholder="Mantenciones, dueños anteriores, detalles a considerar..."
              className="sm:col-span-2"
            />
            <PhotoPicker picker={picker} />
            <ConsentFooter consent={consent} />
            <FormFooter sending={lead.status === 'sending'}>Solicitar tasación</FormFooter>
          </form>
        </FieldErrors>
      )}
      <FormNotice notice={lead.notice} onDismiss={lead.dismissNotice} />
    </div>
  );
}

/** The form as an island (ADR 0015): app/islands/sell-form.ts. */
export const SellFormIsland = /* @__PURE__ */ island('sell-form', SellForm);
