import type { LeadDetail } from '@contracts/admin-leads';
import { telHref, whatsappHref } from '@domain/phone';
import { adminButton } from '~/components/admin/ui';
import { Mail, MessageCircle, Phone } from '~/components/icons';

/** One tap to answer: e-mail (with a subject that names the request), phone call, WhatsApp for mobiles. */
export function LeadContactActions({ lead, dealershipName }: { lead: LeadDetail; dealershipName: string }) {
  const firstName = lead.name.split(/\s+/)[0] ?? lead.name;
  const subject = `${lead.kindLabel} — ${dealershipName}`;
  const greeting = `Hola ${firstName}, te escribimos de ${dealershipName} por tu solicitud${
    lead.vehicle ? ` sobre el ${lead.vehicle.name}` : ''
  }.`;
  const whatsapp = lead.phone ? whatsappHref(lead.phone, greeting) : null;
  return (
    <div className="flex flex-wrap gap-2">
      {/* An anonymised request has no address left to write to (ADR 0031). */}
      {lead.email ? (
        <a
          href={`mailto:${lead.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(`${greeting}\n\n`)}`}
          className={adminButton.secondary}
        >
          <Mail aria-hidden className="size-4" />
          Escribir correo
        </a>
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
  );
}
