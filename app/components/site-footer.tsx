import type { Dealership } from '@contracts/dealership';
import { hoursLines } from '@domain/hours-text';
import { Fragment } from 'react';
import { ArrowRight, Clock, Mail, MapPin, Phone } from '~/components/icons';
import { LEGAL_LINKS, type NavLinkItem, QUICK_LINKS, SITEMAP_LINK, VEHICLE_LINKS } from '~/lib/navigation';
import { IsoBadge } from './layout/iso-badge';
import { SocialLinks } from './layout/social-links';
import { Logo } from './logo';
import { SiteLink } from './site-link';

const linkClass = 'rounded text-brand-100 transition hover:text-white hover:underline';

function LinkList({ title, links }: { title: string; links: readonly NavLinkItem[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="font-semibold text-white">{title}</h2>
      <ul className="mt-4 space-y-3">
        {links.map((link) => (
          <li key={link.to}>
            <SiteLink to={link.to} className={linkClass}>
              {link.label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Every footer item of docs/product.md, with terms and privacy leading to real pages (docs/product.md). */
export function SiteFooter({ dealership }: { dealership: Dealership }) {
  return (
    // Laid out only as it nears the screen (ADR 0022, 0046): the heights measured at each width of the demo settings.
    <footer className="render-near-view bg-brand-900 text-brand-100 text-sm [--render-near-view-size:99rem] sm:[--render-near-view-size:81rem] lg:[--render-near-view-size:44rem] xl:[--render-near-view-size:41rem]">
      <div className="border-white/10 border-b">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-semibold text-lg text-white">
            ¿Tienes preguntas? Te respondemos en menos de 24 horas.
          </p>
          <SiteLink
            to="/contact"
            className="inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-accent-400 px-6 font-semibold text-slate-900 transition hover:bg-accent-300"
          >
            Contáctanos Ahora
            <ArrowRight aria-hidden className="size-4" />
          </SiteLink>
        </div>
      </div>
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-8 gap-y-10 px-4 py-12 lg:grid-cols-[1.4fr_1fr_1fr_1.4fr]">
        <div className="col-span-2 space-y-6 lg:col-span-1">
          <Logo name={dealership.name} inverted />
          <p className="leading-relaxed">{dealership.about}</p>
          <SocialLinks
            social={dealership.social}
            dealershipName={dealership.name}
            linkClassName="size-10 bg-white/10 text-white hover:bg-white/20"
            iconClassName="size-5"
          />
          <IsoBadge />
        </div>
        <LinkList title="Enlaces rápidos" links={QUICK_LINKS} />
        <LinkList title="Vehículos" links={VEHICLE_LINKS} />
        <ContactBlock dealership={dealership} />
      </div>
      <div className="border-white/10 border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 pt-6 pb-24 text-brand-200 sm:pb-6 lg:flex-row lg:items-center lg:justify-between">
          <p>
            © {new Date().getFullYear()} {dealership.legalName}. Todos los derechos reservados.
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {[...LEGAL_LINKS, SITEMAP_LINK].map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to} className={linkClass}>
                  {link.label}
                </SiteLink>
              </li>
            ))}
            <li>
              Desarrollado por{' '}
              <a
                href={dealership.developerCredit.url}
                target="_blank"
                rel="noopener noreferrer"
                className={`${linkClass} underline`}
              >
                {dealership.developerCredit.name}
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

function ContactBlock({ dealership }: { dealership: Dealership }) {
  return (
    <div className="col-span-2 lg:col-span-1">
      <h2 className="font-semibold text-white">Contacto</h2>
      <ul className="mt-4 space-y-4">
        {dealership.phones.map((phone) => (
          <li key={phone.e164} className="flex gap-3">
            <Phone aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-400" />
            <span>
              <span className="block text-brand-200">{phone.label}</span>
              <a href={`tel:${phone.e164}`} className={linkClass}>
                {phone.display}
              </a>
            </span>
          </li>
        ))}
        {dealership.addresses.map((address) => (
          <li key={address.label} className="flex gap-3">
            <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-400" />
            <span>
              <span className="block text-brand-200">{address.label}</span>
              {address.street}, {address.commune}, {address.city}
            </span>
          </li>
        ))}
        <li className="flex gap-3">
          <Mail aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-400" />
          <a href={`mailto:${dealership.email}`} className={`${linkClass} break-all`}>
            {dealership.email}
          </a>
        </li>
        <li className="flex gap-3">
          <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-400" />
          <span>
            {hoursLines(dealership.schedule).map((line, index) => (
              <Fragment key={line}>
                {index > 0 && <br />}
                {line}
              </Fragment>
            ))}
          </span>
        </li>
      </ul>
    </div>
  );
}
