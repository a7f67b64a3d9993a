// The modal 'Solicitud de Asesoría Comercial' (docs/product.md): POST /api/asesoria/. On success the form resets, the
// modal closes and the confirmation stays on the page, outside the dialog, and takes keyboard focus; closing it
// gives focus back to the button that opened the form (situacion_financiera is optional, as its label says —
// docs/product.md — and kept only with its own express consent: ADR 0031).

import {
  ADVISORY_AREA_OPTIONS,
  CLIENT_TYPE_OPTIONS,
  FINANCIAL_SITUATION_OPTIONS,
} from '@contracts/lead-options.ts';
import type { FormConsent } from '@domain/consent';
import { useEffect, useRef, useState } from 'react';
import { useLeadForm } from '~/lib/use-lead-form';
import { ConsentBox, ConsentFooter, FormIntro, SensitiveGroup } from './consent-fields';
import { FieldErrors, PersonFields, SelectField, TextAreaField, TextField } from './fields';
import { FormFooter, FormNotice, NoticeBox } from './form-parts';
import { Modal } from './modal';

const CONFIRMATION = 'Formulario de asesoría enviado con éxito';

export function AdvisoryModal({
  open,
  onClose,
  consent,
}: {
  open: boolean;
  onClose: () => void;
  /** What the consent boxes name, and the privacy policy version the page shows. */
  consent: FormConsent;
}) {
  const sent = useRef(false);
  const [confirmed, setConfirmed] = useState(false);
  useEffect(() => {
    if (open) setConfirmed(false);
  }, [open]);
  return (
    <>
      <div
        role="status"
        className="fixed right-20 bottom-4 left-4 z-40 sm:right-24 sm:bottom-6 sm:left-auto sm:w-full sm:max-w-md"
      >
        {confirmed ? <Confirmation onDismiss={() => setConfirmed(false)} /> : null}
      </div>
      <Modal
        open={open}
        // The confirmation is shown once the dialog has closed and given focus back to its opener, so the page
        // behind is no longer inert when it is announced, and the confirmation takes focus after the opener.
        onClose={() => {
          onClose();
          if (!sent.current) return;
          sent.current = false;
          setConfirmed(true);
        }}
        title="Solicitud de Asesoría Comercial"
        description="Cuéntanos sobre tu negocio y agendaremos una reunión con un asesor."
      >
        <AdvisoryForm
          consent={consent}
          onSent={() => {
            sent.current = true;
            onClose();
          }}
        />
      </Modal>
    </>
  );
}

/**
 * The confirmation takes keyboard focus when it appears, so the visitor lands on it; closing it gives focus back to
 * where it was (the button that opened the form, which the closed dialog gave it back to).
 */
function Confirmation({ onDismiss }: { onDismiss: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const before = useRef<Element | null>(null);
  useEffect(() => {
    before.current = document.activeElement;
    box.current?.focus();
  }, []);
  return (
    <div ref={box} tabIndex={-1} className="shadow-xl outline-none">
      <NoticeBox
        notice={{ tone: 'success', text: CONFIRMATION }}
        onDismiss={() => {
          onDismiss();
          if (before.current instanceof HTMLElement && before.current.isConnected) before.current.focus();
        }}
      />
    </div>
  );
}

function AdvisoryForm({ consent, onSent }: { consent: FormConsent; onSent: () => void }) {
  const today = localIsoDate(new Date());
  const lead = useLeadForm({
    // The page is stricter than the server (which allows yesterday, for visitors a timezone behind): the
    // visitor's own today is the first day offered.
    schema: () =>
      import('@contracts/leads.ts').then(({ AdvisoryLeadSchema }) =>
        AdvisoryLeadSchema.extend({
          fecha_preferida: AdvisoryLeadSchema.shape.fecha_preferida.refine((v) => v >= today, {
            error: 'Elige una fecha desde hoy en adelante.',
          }),
        }),
      ),
    endpoint: '/api/asesoria/',
    successText: CONFIRMATION,
    onSuccess: onSent,
  });
  return (
    <FieldErrors value={lead.errors}>
      <form key={lead.formKey} {...lead.formProps} className="grid gap-5 sm:grid-cols-2">
        <FormIntro consent={consent} />
        <PersonFields names={{ name: 'nombre', phone: 'telefono', email: 'correo' }} order="phone-first" />
        <SelectField name="area_asesoria" label="Área de asesoría" options={ADVISORY_AREA_OPTIONS} />
        <SelectField name="tipo_cliente" label="Tipo de cliente" options={CLIENT_TYPE_OPTIONS} />
        <TextField
          name="fecha_preferida"
          label="Fecha preferida"
          type="date"
          min={today}
          className="sm:col-span-2"
        />
        <SensitiveGroup>
          <SelectField
            name="situacion_financiera"
            label="Situación financiera"
            required={false}
            options={FINANCIAL_SITUATION_OPTIONS}
            hint="La guardamos solo si marcas la autorización de abajo."
          />
          <ConsentBox purpose="datos_socioeconomicos" consent={consent} />
        </SensitiveGroup>
        <TextAreaField
          name="comentarios"
          label="Comentarios"
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

function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
