import type { LeadDetail } from '@contracts/admin-leads';
import { formatPhone } from '@contracts/phone';
import { formatChileDateTime } from '@domain/chile-time';
import { telHref } from '@domain/phone';
import { slotLabel } from '@domain/test-drive';
import type { ReactNode } from 'react';
import { Card } from '~/components/admin/ui';
import { Car, ExternalLink } from '~/components/icons';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium text-slate-600 text-xs uppercase tracking-wide">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

const link = 'font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900';

/** Every field of the request, with the Spanish labels of the forms (DETAIL_LABELS on the server). */
export function LeadFacts({ lead }: { lead: LeadDetail }) {
  return (
    <Card title="Datos de la solicitud">
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <Fact label="Tipo">{lead.kindLabel}</Fact>
        <Fact label="N° de solicitud">{lead.id}</Fact>
        <Fact label="Nombre">{lead.name}</Fact>
        <Fact label="Correo">
          {/* Empty once the retention job anonymised the request (ADR 0031). */}
          {lead.email ? (
            <a href={`mailto:${lead.email}`} className={link}>
              {lead.email}
            </a>
          ) : (
            'No se conserva: solicitud anonimizada'
          )}
        </Fact>
        <Fact label="Teléfono">
          {lead.phone ? (
            <a href={telHref(lead.phone)} className={link}>
              {formatPhone(lead.phone)}
            </a>
          ) : (
            'No indicado'
          )}
        </Fact>
        <Fact label="Recibida">{slotLabel(lead.createdAt)}</Fact>
        {/* The promised hours run on the days the dealership opens (ADR 0036): the weekday says so at a glance. */}
        <Fact label={`Responder antes de (${lead.promiseHours} h en días de atención)`}>
          {slotLabel(lead.dueAt)}
        </Fact>
        <Fact label="Primer contacto">
          {lead.firstContactAt ? formatChileDateTime(lead.firstContactAt) : 'Pendiente'}
        </Fact>
        {lead.details.map((detail) => (
          <Fact key={detail.key} label={detail.label}>
            {detail.value}
          </Fact>
        ))}
        {lead.sourcePage ? <Fact label="Enviada desde">{lead.sourcePage}</Fact> : null}
      </dl>
      {lead.message ? (
        <div className="mt-5 border-slate-100 border-t pt-4">
          <h3 className="font-medium text-slate-600 text-xs uppercase tracking-wide">Mensaje</h3>
          <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{lead.message}</p>
        </div>
      ) : null}
    </Card>
  );
}

export function LeadVehicle({ vehicle }: { vehicle: NonNullable<LeadDetail['vehicle']> }) {
  return (
    <Card title="Vehículo consultado">
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        <Car aria-hidden className="size-5 text-slate-500" />
        {vehicle.name}
      </p>
      <div className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <a href={vehicle.adminUrl} className={link}>
          Ficha en administración
        </a>
        <a
          href={vehicle.url}
          target="_blank"
          rel="noopener"
          className={`${link} inline-flex items-center gap-1`}
        >
          Ver en el sitio
          <ExternalLink aria-hidden className="size-3.5" />
          <span className="sr-only"> (se abre en otra pestaña)</span>
        </a>
      </div>
    </Card>
  );
}
