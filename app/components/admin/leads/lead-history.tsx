import { LEAD_STATUS_LABELS, type LeadDetail } from '@contracts/admin-leads';
import { formatChileDateTime } from '@domain/chile-time';
import { Card } from '~/components/admin/ui';

/** Arrival and every status change, oldest first, with who made it (from the audit trail). */
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
      text: `De ${LEAD_STATUS_LABELS[entry.from]} a ${LEAD_STATUS_LABELS[entry.to]}`,
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
