import { LEAD_STATUS_LABELS, type LeadDetail, type LeadHistoryEntry } from '@contracts/admin-leads';
import { formatChileDateTime } from '@domain/chile-time';
import { Card } from '~/components/admin/ui';

/** One change as staff read it: 'De Nuevo a Contactado', 'Asignada por turno a Ana', 'Reasignada de Ana a Luis'. */
export function historyText(entry: LeadHistoryEntry): string {
  if (entry.type === 'estado')
    return `De ${LEAD_STATUS_LABELS[entry.from]} a ${LEAD_STATUS_LABELS[entry.to]}`;
  if (entry.toName === null) return `Quedó sin asignar${entry.fromName ? ` (era de ${entry.fromName})` : ''}`;
  if (entry.automatic) return `Asignada por turno a ${entry.toName}`;
  if (entry.fromName === null) return `Asignada a ${entry.toName}`;
  return `Reasignada de ${entry.fromName} a ${entry.toName}`;
}

/** Arrival and every change of status or owner, oldest first, with who made it (from the audit trail). */
export function LeadHistory({ lead }: { lead: LeadDetail }) {
  const events = [
    {
      key: 'recibida',
      text: 'Solicitud recibida desde el sitio',
      at: lead.createdAt,
      by: null as string | null,
    },
    ...lead.history.map((entry, index) => ({
      key: `cambio-${index}`,
      text: historyText(entry),
      at: entry.at,
      by: entry.byName ?? entry.byEmail,
    })),
  ];
  return (
    <Card title="Historial">
      <ol className="relative ml-1.5 border-slate-200 border-l">
        {events.map((event) => (
          <li key={event.key} className="relative pb-4 pl-5 last:pb-0">
            <span aria-hidden className="absolute top-1.5 -left-[5px] size-2.5 rounded-full bg-brand-600" />
            <p className="font-medium text-slate-900 text-sm">{event.text}</p>
            <p className="text-slate-600 text-xs">
              {formatChileDateTime(event.at)}
              {event.by ? ` · ${event.by}` : ''}
            </p>
          </li>
        ))}
      </ol>
    </Card>
  );
}
