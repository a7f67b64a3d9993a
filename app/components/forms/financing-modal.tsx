// The modal 'Solicitud de Asesoría Financiera' (docs/product.md): POST /api/contact-form/. Opened by the financing page's
// buttons and by 'Consultar por financiamiento' on a vehicle, which prefills the vehicle (docs/product.md: the success
// panel is reached; 'pie' and 'comentarios' are optional, as their labels say, and so is 'ingresos', kept only with its
// own express consent: ADR 0031).

import { FINANCING_TYPE_OPTIONS, INCOME_OPTIONS, TERM_OPTIONS } from '@contracts/lead-options.ts';
import type { FormConsent } from '@domain/consent';
import { formatPercent, formatPrice } from '@domain/format';
import type { SimulationHandoff } from '~/components/financing/credit-simulator';
import { leadSchema, useLeadForm } from '~/lib/use-lead-form';
import { ConsentBox, ConsentFooter, FormIntro, SensitiveGroup } from './consent-fields';
import { FieldErrors, PersonFields, SelectField, TextAreaField, TextField } from './fields';
import { FormFooter, FormNotice, SuccessPanel } from './form-parts';
import { Modal } from './modal';

export interface FinancingVehicle {
  id: number;
  name: string;
  year: number;
  price: number;
}

export function FinancingModal({
  open,
  onClose,
  vehicle,
  simulation,
  consent,
}: {
  open: boolean;
  onClose: () => void;
  /** What the consent boxes name, and the privacy policy version the page shows. */
  consent: FormConsent;
  vehicle?: FinancingVehicle;
  /** The simulation 'Solicitar este crédito' came from: it prefills the form and travels with the request. */
  simulation?: SimulationHandoff;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Solicitud de Asesoría Financiera"
      description="Completa tus datos y un ejecutivo te propondrá la mejor alternativa de crédito."
    >
      <FinancingForm vehicle={vehicle} simulation={simulation} consent={consent} onDone={onClose} />
    </Modal>
  );
}

function FinancingForm({
  vehicle,
  simulation,
  consent,
  onDone,
}: {
  vehicle?: FinancingVehicle;
  simulation?: SimulationHandoff;
  consent: FormConsent;
  onDone: () => void;
}) {
  const lead = useLeadForm({
    schema: leadSchema('FinancingLeadSchema'),
    endpoint: '/api/contact-form/',
    successText: 'Formulario enviado con éxito',
    toBody: (values) => ({
      ...values,
      ...(vehicle ? { vehiculo_id: vehicle.id } : {}),
      ...(simulation ? { simulacion: simulation.request } : {}),
    }),
  });
  const simulated = simulation?.simulation;
  if (lead.status === 'success')
    return (
      <div>
        <SuccessPanel
          title="¡Solicitud enviada con éxito!"
          text="Un asesor se pondrá en contacto contigo en las próximas 24 horas"
          action={{ label: 'Cerrar', onClick: onDone }}
        />
        <FormNotice notice={lead.notice} />
      </div>
    );
  return (
    <FieldErrors value={lead.errors}>
      <form key={lead.formKey} {...lead.formProps} className="grid gap-5 sm:grid-cols-2">
        <FormIntro consent={consent} />
        {simulated ? (
          <p className="rounded-lg bg-brand-50 p-3 text-slate-800 text-sm sm:col-span-2">
            Tu simulación: {simulated.typeLabel.toLowerCase()}, pie de {formatPrice(simulated.downPayment)},{' '}
            {simulated.term} cuotas de {formatPrice(simulated.installment)}, CAE{' '}
            {formatPercent(simulated.caePercent)}, costo total del crédito {formatPrice(simulated.totalCost)}.
            La enviamos con tu solicitud.
          </p>
        ) : null}
        <PersonFields names={{ name: 'nombre', phone: 'telefono', email: 'correo' }} order="phone-first" />
        <SelectField
          name="financiamiento"
          label="Tipo de financiamiento"
          options={FINANCING_TYPE_OPTIONS}
          defaultValue={simulated?.type}
        />
        <TextField
          name="vehiculo"
          label="Valor aproximado del vehículo"
          maxLength={100}
          placeholder="Ej: $10.000.000"
          defaultValue={
            vehicle
              ? `${vehicle.name} ${vehicle.year} – ${formatPrice(vehicle.price)}`
              : simulated
                ? formatPrice(simulated.price)
                : undefined
          }
        />
        <TextField
          name="pie"
          label="Pie"
          required={false}
          maxLength={100}
          placeholder="Ej: $3.000.000"
          defaultValue={
            simulated
              ? `${formatPrice(simulated.downPayment)} (${formatPercent(simulated.downPaymentPercent, 1)})`
              : undefined
          }
        />
        <SelectField
          name="plazo"
          label="Plazo"
          options={TERM_OPTIONS}
          defaultValue={simulated ? String(simulated.term) : undefined}
        />
        <SensitiveGroup>
          <SelectField
            name="ingresos"
            label="Tipo de ingresos"
            required={false}
            options={INCOME_OPTIONS}
            hint="Lo guardamos solo si marcas la autorización de abajo."
          />
          <ConsentBox purpose="datos_socioeconomicos" consent={consent} />
        </SensitiveGroup>
        <TextAreaField
          name="comentarios"
          label="Comentarios"
          required={false}
          rows={3}
          maxLength={3000}
          className="sm:col-span-2"
        />
        <ConsentFooter consent={consent} />
        <FormFooter sending={lead.status === 'sending'}>Enviar solicitud</FormFooter>
      </form>
      <FormNotice notice={lead.notice} onDismiss={lead.dismissNotice} />
    </FieldErrors>
  );
}
