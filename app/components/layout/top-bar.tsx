import { Clock, Mail, MessageCircle, Phone } from '~/components/icons';
import { whatsappLink } from '~/lib/navigation';
import type { HeaderDealership } from '../site-header';
import { SocialLinks } from './social-links';

interface Props {
  dealership: HeaderDealership;
  /** Scrolled past 10 px (docs/product.md): hidden, and its links leave the tab order until it comes back. */
  collapsed: boolean;
}

const item =
  'inline-flex h-8 min-w-7 items-center justify-center gap-1.5 rounded-md px-1 sm:px-1.5 hover:bg-white/10';

/** The dark strip above the navigation: hours, e-mail, WhatsApp, phone and social links (docs/product.md). */
export function TopBar({ dealership, collapsed }: Props) {
  const phone = dealership.phones[0];
  return (
    <div
      data-testid="top-bar"
      className={`h-10 bg-brand-900 text-brand-50 text-xs transition-[visibility] duration-300 sm:text-sm ${
        collapsed ? 'invisible' : 'visible'
      }`}
    >
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-2 px-4">
        <p className="flex items-center gap-1.5 whitespace-nowrap">
          <Clock aria-hidden className="hidden size-4 sm:block" />
          <span>{dealership.hours.join(', ')}</span>
        </p>
        <div className="flex items-center sm:gap-2">
          <a
            href={`mailto:${dealership.email}`}
            className={item}
            aria-label={`Escríbenos a ${dealership.email}`}
          >
            <Mail aria-hidden className="size-4" />
            <span className="hidden lg:inline">{dealership.email}</span>
          </a>
          <a
            href={whatsappLink(dealership.whatsapp, 'Hola, quisiera más información.')}
            target="_blank"
            rel="noopener noreferrer"
            className={item}
            aria-label="Chatea con nosotros por WhatsApp (se abre en una pestaña nueva)"
          >
            <MessageCircle aria-hidden className="size-4" />
            <span className="hidden md:inline">WhatsApp</span>
          </a>
          {phone ? (
            <a href={`tel:${phone.e164}`} className={item} aria-label={`Llámanos al ${phone.display}`}>
              <Phone aria-hidden className="size-4" />
              <span className="hidden md:inline">{phone.display}</span>
            </a>
          ) : null}
          <span aria-hidden className="mx-1 hidden h-4 w-px bg-white/25 sm:block" />
          <SocialLinks
            social={dealership.social}
            dealershipName={dealership.name}
            linkClassName="size-7 hover:bg-white/10 sm:size-8"
          />
        </div>
      </div>
    </div>
  );
}
