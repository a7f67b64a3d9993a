import type { LeadListItem, LeadOwnerRef } from '@contracts/admin-leads';
import { formatPhone } from '@contracts/phone';
import { formatChileDateTime } from '@domain/chile-time';
import { leadDeadline } from '@domain/lead-deadline';
import { Link } from 'react-router';
import { Badge, DataTable, td, th } from '~/components/admin/ui';
import { Car, Mail, Phone, UserRound } from '~/components/icons';
import { BlockedBadge } from '../rights/rights-badges';
import { DeadlineBadge, StatusBadge } from './lead-badges';

const isOverdue = (lead: LeadListItem, now: number) => leadDeadline(lead, now).state === 'vencida';

/** The inbox: a table from tablet width up, a list of cards on phones. */
/** The owner's name; a deactivated owner is marked, so the lead is seen to need someone else (issue 31). */
export function OwnerName({ owner }: { owner: LeadOwnerRef }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {owner.name}
      {owner.inactive ? <Badge tone="warning">Cuenta desactivada</Badge> : null}
    </span>
  );
}

export function LeadsList({ items, now }: { items: LeadListItem[]; now: number }) {
  return (
    <>
      <div className="hidden md:block">
        <DataTable caption="Solicitudes, de la más nueva a la más antigua">
          <thead>
            <tr>
              <th scope="col" className={th}>
                Solicitud
              </th>
              <th scope="col" className={th}>
                Contacto
              </th>
              <th scope="col" className={th}>
                Vehículo
              </th>
              <th scope="col" className={th}>
                Recibida
              </th>
              <th scope="col" className={th}>
                Primer contacto
              </th>
              <th scope="col" className={th}>
                Estado
              </th>
              <th scope="col" className={th}>
                Responsable
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((lead) => {
              const overdue = isOverdue(lead, now);
              return (
                <tr
                  key={lead.id}
                  data-lead-id={lead.id}
                  className={
                    overdue ? 'bg-red-50/70 shadow-[inset_4px_0_0_var(--color-red-600)]' : 'hover:bg-slate-50'
                  }
                >
                  <td className={td}>
                    <Link
                      to={`/admin/solicitudes/${lead.id}`}
                      className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                    >
                      {lead.name}
                    </Link>
                    <p className="mt-0.5 text-slate-600 text-xs">
                      {lead.kindLabel}
                      {lead.testDriveAt ? ` ${formatChileDateTime(lead.testDriveAt)}` : ''} · N° {lead.id}
                    </p>
                  </td>
                  <td className={`${td} max-w-64`}>
                    <p className="truncate">{lead.email}</p>
                    {lead.phone ? <p className="text-slate-600 text-xs">{formatPhone(lead.phone)}</p> : null}
                  </td>
                  <td className={td}>
                    {lead.vehicle ? lead.vehicle.name : <span className="text-slate-500">—</span>}
                  </td>
                  <td className={`${td} whitespace-nowrap`}>{formatChileDateTime(lead.createdAt)}</td>
                  <td className={td}>
                    <DeadlineBadge lead={lead} now={now} />
                  </td>
                  <td className={td}>
                    <span className="flex flex-col items-start gap-1">
                      <StatusBadge status={lead.status} />
                      {lead.processingBlocked ? <BlockedBadge /> : null}
                    </span>
                  </td>
                  <td className={td} data-testid="lead-owner">
                    {lead.owner ? (
                      <OwnerName owner={lead.owner} />
                    ) : (
                      <span className="text-slate-600">Sin asignar</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      </div>

      <ul
        className="flex flex-col gap-3 md:hidden"
        aria-label="Solicitudes, de la más nueva a la más antigua"
      >
        {items.map((lead) => {
          const overdue = isOverdue(lead, now);
          return (
            <li
              key={lead.id}
              data-lead-id={lead.id}
              className={`rounded-xl border bg-white p-4 shadow-xs ${
                overdue ? 'border-red-300 border-l-4 border-l-red-600 bg-red-50/60' : 'border-slate-200'
              }`}
            >
              <div className="flex items-start justify-between gap-2">
                <p className="text-slate-600 text-xs">
                  {lead.kindLabel}
                  {lead.testDriveAt ? ` ${formatChileDateTime(lead.testDriveAt)}` : ''} · N° {lead.id}
                </p>
                <StatusBadge status={lead.status} />
              </div>
              <Link
                to={`/admin/solicitudes/${lead.id}`}
                className="mt-1 block font-semibold text-base text-brand-800 underline-offset-2 hover:underline"
              >
                {lead.name}
              </Link>
              <p className="mt-1 flex items-center gap-1.5 text-slate-700 text-sm">
                <Mail aria-hidden className="size-4 shrink-0 text-slate-500" />
                <span className="truncate">{lead.email}</span>
              </p>
              {lead.phone ? (
                <p className="mt-0.5 flex items-center gap-1.5 text-slate-700 text-sm">
                  <Phone aria-hidden className="size-4 shrink-0 text-slate-500" />
                  {formatPhone(lead.phone)}
                </p>
              ) : null}
              {lead.vehicle ? (
                <p className="mt-0.5 flex items-center gap-1.5 text-slate-700 text-sm">
                  <Car aria-hidden className="size-4 shrink-0 text-slate-500" />
                  {lead.vehicle.name}
                </p>
              ) : null}
              <p className="mt-0.5 flex items-center gap-1.5 text-slate-700 text-sm">
                <UserRound aria-hidden className="size-4 shrink-0 text-slate-500" />
                <span>
                  <span className="sr-only">Responsable: </span>
                  {lead.owner ? <OwnerName owner={lead.owner} /> : 'Sin asignar'}
                </span>
              </p>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-slate-100 border-t pt-3">
                <span className="text-slate-600 text-xs">Recibida {formatChileDateTime(lead.createdAt)}</span>
                <DeadlineBadge lead={lead} now={now} />
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
