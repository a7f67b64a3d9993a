import { Clock, Mail, MessageCircle, Phone } from 'lucide-react';
import { NavLink } from 'react-router';
import { NAV_ITEMS, whatsappLink } from '~/lib/navigation';
import type { Dealership } from '../../contracts/dealership';
import { Logo } from './logo';

export function SiteHeader({ dealership }: { dealership: Dealership }) {
  const phone = dealership.phones[0];
  return (
    <header className="sticky top-0 z-40 bg-white/95 shadow-sm backdrop-blur">
      <div className="bg-brand-800 text-brand-50 text-sm">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-2">
          <p className="flex items-center gap-1.5">
            <Clock aria-hidden className="size-4" />
            {dealership.hours.weekdays}, {dealership.hours.saturday}
          </p>
          <div className="flex flex-wrap items-center gap-x-5">
            <a href={`mailto:${dealership.email}`} className="flex items-center gap-1.5 hover:underline">
              <Mail aria-hidden className="size-4" />
              {dealership.email}
            </a>
            <a href={whatsappLink(dealership.whatsapp)} className="flex items-center gap-1.5 hover:underline">
              <MessageCircle aria-hidden className="size-4" />
              Chat
            </a>
            {phone ? (
              <a href={`tel:${phone.e164}`} className="flex items-center gap-1.5 hover:underline">
                <Phone aria-hidden className="size-4" />
                {phone.display}
              </a>
            ) : null}
          </div>
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-6 px-4 py-3">
        <Logo name={dealership.name} />
        <nav aria-label="Principal" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  className={({ isActive }) =>
                    `rounded-lg px-3 py-2 font-medium text-sm transition ${
                      isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'
                    }`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
