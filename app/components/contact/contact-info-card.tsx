import type { Dealership } from '@contracts/dealership';
import { hoursLines } from '@domain/hours-text';
import type { ReactNode } from 'react';
import { Clock, ExternalLink, Mail, MapPin, Phone } from '~/components/icons';

function Row({ icon: Icon, title, children }: { icon: typeof Phone; title: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-4 font-semibold text-slate-900">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon aria-hidden className="size-5" />
        </span>
        {title}
      </dt>
      <dd className="-mt-2 space-y-1 pl-15 text-slate-600">{children}</dd>
    </div>
  );
}

/** docs/product.md contact card: two phone lines, main site and branch, hours, and an external maps link. */
export function ContactInfoCard({ dealership, level }: { dealership: Dealership; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <Heading className="font-bold text-2xl text-slate-900">Información de contacto</Heading>
      <dl className="mt-6 space-y-6">
        <Row icon={Phone} title="Teléfonos">
          {dealership.phones.map((phone) => (
            <p key={phone.e164}>
              {phone.label}:{' '}
              <a
                href={`tel:${phone.e164}`}
                className="whitespace-nowrap font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {phone.display}
              </a>
            </p>
          ))}
        </Row>
        <Row icon={MapPin} title="Direcciones">
          {dealership.addresses.map((address) => (
            <p key={address.label}>
              <span className="font-medium text-slate-800">{address.label}:</span> {address.street},{' '}
              {address.commune}, {address.city}
            </p>
          ))}
        </Row>
        <Row icon={Clock} title="Horario de atención">
          {hoursLines(dealership.schedule).map((line) => (
            <p key={line}>{line}</p>
          ))}
          {dealership.schedule.closedOnHolidays && <p>Feriados cerrado</p>}
        </Row>
        <Row icon={Mail} title="Correo electrónico">
          <p>
            <a
              href={`mailto:${dealership.email}`}
              className="break-all font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {dealership.email}
            </a>
          </p>
        </Row>
      </dl>
      <a
        href={dealership.mapUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-8 inline-flex h-12 items-center gap-2 rounded-lg px-5 font-semibold text-brand-800 ring-1 ring-brand-200 transition hover:bg-brand-50"
      >
        Cómo llegar
        <ExternalLink aria-hidden className="size-4" />
        <span className="sr-only">(abre el mapa en una pestaña nueva)</span>
      </a>
    </div>
  );
}
