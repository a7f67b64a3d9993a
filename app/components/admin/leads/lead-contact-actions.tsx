import type { LeadDetail } from '@contracts/admin-leads';
import { telHref, whatsappHref } from '@domain/phone';
import { useState } from 'react';
import { AdminNotice, adminButton, DialogActions } from '~/components/admin/ui';
import { FieldErrors, TextAreaField, TextField } from '~/components/forms/fields';
import { Modal } from '~/components/forms/modal';
import { Mail, MessageCircle, Phone, Send } from '~/components/icons';
import { adminFetch } from '~/lib/admin/api-client';
import { type Notice, useApiForm } from '../staff/use-api-form';

/** The most a reply's subject and text may be (server/services/admin/leads-input.ts). */
const SUBJECT_MAX = 200;
const BODY_MAX = 10_000;

/**
 * «Escribir correo» (ADR 0041): the e-mail is written here and sent by the site, from the dealership's address with
 * replies to the writer, and it stays in the request's history. A new request becomes Contactado.
 */
function ReplyForm({
  lead,
  subject,
  body,
  onDone,
  onCancel,
}: {
  lead: LeadDetail;
  subject: string;
  body: string;
  onDone: (text: string) => void;
  onCancel: () => void;
}) {
  const form = useApiForm(
    (data) =>
      adminFetch<{ correo: number; contactada: boolean }>(`/admin/api/solicitudes/${lead.id}/responder`, {
        body: { asunto: String(data.get('asunto') ?? ''), mensaje: String(data.get('mensaje') ?? '') },
      }),
    {
      success: ({ contactada }) =>
        `Se envió el correo a ${lead.email}; quedó en el historial de la solicitud.${
          contactada ? ' La solicitud pasó a Contactado.' : ''
        }`,
      onSuccess: onDone,
    },
  );
  return (
    <FieldErrors value={form.errors}>
      <AdminNotice notice={form.notice} />
      <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="grid gap-4">
        <p className="break-words text-slate-700 text-sm">
          Para <span className="font-medium text-slate-900">{lead.email}</span>. Sale desde el correo de la
          automotora y las respuestas te llegan a ti.
          {lead.status === 'nuevo' ? ' Al enviarlo, la solicitud pasa a Contactado.' : ''}
        </p>
        <TextField name="asunto" label="Asunto" defaultValue={subject} maxLength={SUBJECT_MAX} />
        <TextAreaField name="mensaje" label="Mensaje" rows={9} defaultValue={body} maxLength={BODY_MAX} />
        <DialogActions
          onCancel={onCancel}
          busy={form.sending}
          icon={<Send aria-hidden className="size-4" />}
          label="Enviar correo"
          busyLabel="Enviando..."
        />
      </form>
    </FieldErrors>
  );
}

/** One tap to answer: an e-mail written here (and recorded), a phone call, WhatsApp for mobiles. */
export function LeadContactActions({
  lead,
  dealershipName,
  myName,
}: {
  lead: LeadDetail;
  dealershipName: string;
  myName: string;
}) {
  const [writing, setWriting] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const firstName = lead.name.split(/\s+/)[0] ?? lead.name;
  const subject = `${lead.kindLabel} — ${dealershipName}`;
  const greeting = `Hola ${firstName}, te escribimos de ${dealershipName} por tu solicitud${
    lead.vehicle ? ` sobre el ${lead.vehicle.name}` : ''
  }.`;
  const whatsapp = lead.phone ? whatsappHref(lead.phone, greeting) : null;
  return (
    <>
      <AdminNotice notice={notice} />
      <div className="flex flex-wrap gap-2">
        {/* An anonymised request has no address left to write to (ADR 0031). */}
        {lead.email ? (
          <button type="button" onClick={() => setWriting(true)} className={adminButton.secondary}>
            <Mail aria-hidden className="size-4" />
            Escribir correo
          </button>
        ) : null}
        {lead.phone ? (
          <a href={telHref(lead.phone)} className={adminButton.secondary}>
            <Phone aria-hidden className="size-4" />
            Llamar
          </a>
        ) : null}
        {whatsapp ? (
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={adminButton.secondary}>
            <MessageCircle aria-hidden className="size-4" />
            WhatsApp
            <span className="sr-only"> (se abre en otra pestaña)</span>
          </a>
        ) : null}
      </div>
      <Modal open={writing} onClose={() => setWriting(false)} title={`Escribir a ${lead.name}`}>
        {writing ? (
          <ReplyForm
            lead={lead}
            subject={subject}
            body={`${greeting}\n\n\n\nSaludos,\n${myName}\n${dealershipName}`}
            onDone={(text) => {
              setWriting(false);
              setNotice({ tone: 'success', text });
            }}
            onCancel={() => setWriting(false)}
          />
        ) : null}
      </Modal>
    </>
  );
}
