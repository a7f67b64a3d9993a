import { LEAD_STATUS_LABELS, type LeadDetail, type LeadHistoryEntry } from '@contracts/admin-leads';
import { formatChileDateTime } from '@domain/chile-time';
import { Badge, Card } from '~/components/admin/ui';

/** One change as staff read it: 'De Nuevo a Contactado', 'Asignada por turno a Ana', 'Reasignada de Ana a Luis'. */
export function historyText(entry: LeadHistoryEntry): string {
  if (entry.type === 'estado')
    return `De ${LEAD_STATUS_LABELS[entry.from]} a ${LEAD_STATUS_LABELS[entry.to]}`;
  if (entry.type === 'correo') return `Correo a ${entry.toAddress}: «${entry.subject}»`;
  if (entry.toName === null) return `Quedó sin asignar${entry.fromName ? ` (era de ${entry.fromName})` : ''}`;
  if (entry.automatic) return `Asignada por turno a ${entry.toName}`;
  if (entry.fromName === null) return `Asignada a ${entry.toName}`;
  return `Reasignada de ${entry.fromName} a ${entry.toName}`;
}

const MAIL_STATE = {
  sent: { tone: 'success', text: 'Enviado' },
  pending: { tone: 'warning', text: 'En cola de envío' },
  failed: { tone: 'danger', text: 'No se pudo enviar' },
} as const;

/** An e-mail written from the request: its text, folded, and whether it has left. */
function ReplyBody({ entry }: { entry: Extract<LeadHistoryEntry, { type: 'correo' }> }) {
  const state = MAIL_STATE[entry.status];
  return (
    <div className="mt-1">
      <Badge tone={state.tone}>{state.text}</Badge>
      <details className="mt-1.5">
        <summary className="cursor-pointer text-brand-700 text-sm underline underline-offset-2">
          Ver el mensaje
        </summary>
        <p className="mt-1.5 whitespace-pre-line break-words rounded-lg bg-slate-50 p-3 text-slate-800 text-sm">
          {entry.body}
        </p>
      </details>
    </div>
  );
}

/** Arrival, every change of status or owner and every e-mail written to the person, oldest first, with who did it. */
export function LeadHistory({ lead }: { lead: LeadDetail }) {
  const events = [
    {
      key: 'recibida',
      text: 'Solicitud recibida desde el sitio',
      at: lead.createdAt,
      by: null as string | null,
      entry: null as LeadHistoryEntry | null,
    },
    ...lead.history.map((entry, index) => ({
      key: `cambio-${index}`,
      text: historyText(entry),
      at: entry.at,
      by: entry.byName ?? entry.byEmail,
      entry,
    })),
  ];
  return (
    <Card title="Historial">
      <ol className="relative ml-1.5 border-slate-200 border-l">
        {events.map((event) => (
          <li key={event.key} className="relative pb-4 pl-5 last:pb-0">
            <span aria-hidden className="absolute top-1.5 -left-[5px] size-2.5 rounded-full bg-brand-600" />
            <p className="break-words font-medium text-slate-900 text-sm">{event.text}</p>
            <p className="text-slate-600 text-xs">
              {formatChileDateTime(event.at)}
              {event.by ? ` · ${event.by}` : ''}
            </p>
            {event.entry?.type === 'correo' ? <ReplyBody entry={event.entry} /> : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
