import type { Dealership } from '@contracts/dealership';
import { hoursSentence } from '@domain/hours-text';
import { Clock, MessageCircle, Phone } from '~/components/icons';
import { whatsappLink } from '~/lib/navigation';

interface Props {
  dealership: Dealership;
  title: string;
  text: string;
  /** Prefilled WhatsApp message. */
  whatsappText: string;
}

/** Phone line and WhatsApp chat for visitors who prefer to talk to an advisor. */
export function AdvisorContact({ dealership, title, text, whatsappText }: Props) {
  const phone = dealership.phones[0];
  return (
    <div className="rounded-2xl bg-brand-800 p-6 text-white shadow-lg md:p-8">
      <h3 className="font-bold text-xl">{title}</h3>
      <p className="mt-2 text-brand-100">{text}</p>
      <ul className="mt-6 space-y-3">
        {phone ? (
          <li>
            <a
              href={`tel:${phone.e164}`}
              className="flex items-center gap-3 rounded-xl bg-white/10 p-4 ring-1 ring-white/20 transition hover:bg-white/15"
            >
              <Phone aria-hidden className="size-6 shrink-0 text-accent-300" />
              <span>
                <span className="block text-brand-100 text-sm">Llámanos</span>
                <span className="font-semibold text-lg">{phone.display}</span>
              </span>
            </a>
          </li>
        ) : null}
        <li>
          <a
            href={whatsappLink(dealership.whatsapp, whatsappText)}
            target="_blank"
            rel="noopener noreferrer"
            className="flex items-center gap-3 rounded-xl bg-white/10 p-4 ring-1 ring-white/20 transition hover:bg-white/15"
          >
            <MessageCircle aria-hidden className="size-6 shrink-0 text-accent-300" />
            <span>
              <span className="block text-brand-100 text-sm">Escríbenos por WhatsApp</span>
              <span className="font-semibold text-lg">Chatear con un asesor</span>
              <span className="sr-only"> (se abre en una pestaña nueva)</span>
            </span>
          </a>
        </li>
      </ul>
      <p className="mt-6 flex items-start gap-2 text-brand-100 text-sm">
        <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
        {hoursSentence(dealership.schedule)}
      </p>
    </div>
  );
}
