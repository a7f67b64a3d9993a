// The 'Solicita tu Cotización' form of /insurance (docs/product.md): POST /api/seguros/. The page renders the heading;
// the success panel stays until the visitor asks for another quote (docs/product.md).

import { CAR_BRAND_OPTIONS, INSURANCE_TYPE_OPTIONS } from '@contracts/lead-options.ts';
import type { FormConsent } from '@domain/consent';
import { island } from '~/lib/island';
import { leadSchema, useLeadForm } from '~/lib/use-lead-form';
import { ConsentFooter, FormIntro } from './consent-fields';
import { FieldErrors, PersonFields, SelectField, TextAreaField, TextField } from './fields';
import { FormFooter, FormNotice, SuccessPanel } from './form-parts';

export function InsuranceForm({
  consent,
  plan,
}: {
  consent: FormConsent;
  /** The plan whose 'Cotizar este seguro' led here (`?seguro=`): 'Tipo de seguro' starts on it. */
  plan?: string;
}) {
  const lead = useLeadForm({
    schema: leadSchema('InsuranceLeadSchema'),
    endpoint: '/api/seguros/',
    successText: '📩 ¡Solicitud de seguro enviada con éxito!',
  });
  return (
    <div data-lead-form>
      {lead.status === 'success' ? (
        <SuccessPanel
          title="¡Solicitud enviada con éxito!"
          text="Un asesor te enviará tu cotización en las próximas 24 horas."
          action={{ label: 'Solicitar otra cotización', onClick: lead.reset }}
        />
      ) : (
        <FieldErrors value={lead.errors}>
          <form key={lead.formKey} {...lead.formProps} className="grid gap-5 sm:grid-cols-2">
            <FormIntro consent={consent} />
            <PersonFields names={{ name: 'name', phone: 'phone', email: 'email' }} order="email-first" />
            <SelectField name="vehicle_brand" label="Marca del vehículo" options={CAR_BRAND_OPTIONS} />
            <TextField name="vehicle_year" label="Año" inputMode="numeric" maxLength={4} placeholder="2020" />
            <TextField name="vehicle_model" label="Modelo" maxLength={100} placeholder="Ej: Corolla" />
            <SelectField
              name="insurance_type"
              label="Tipo de seguro"
              options={INSURANCE_TYPE_OPTIONS}
              defaultValue={plan}
            />
            <TextAreaField
              name="comments"
              label="Comentarios"
              rows={4}
              maxLength={3000}
              placeholder="Uso del vehículo, coberturas que te interesan..."
              className="sm:col-span-2"
            />
            <ConsentFooter consent={consent} />
            <FormFooter sending={lead.status === 'sending'}>Solicitar cotización</FormFooter>
          </form>
        </FieldErrors>
      )}
      <FormNotice notice={lead.notice} onDismiss={lead.dismissNotice} />
    </div>
  );
}

/** The form as an island (ADR 0015): app/islands/insurance-form.ts. */
export const InsuranceFormIsland = /* @__PURE__ */ island('insurance-form', InsuranceForm);
