import {
  isStepBack,
  LEAD_STATUS_LABELS,
  LEAD_TRANSITIONS,
  type LeadDetail,
  type LeadStatus,
} from '@contracts/admin-leads';
import { formatChileDateTime } from '@domain/chile-time';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { AdminNotice, adminButton } from '~/components/admin/ui';
import { Ban, CircleCheck, PhoneCall, Undo2 } from '~/components/icons';
import { adminFetch, refusalText } from '~/lib/admin/api-client';
import { StatusBadge } from './lead-badges';

function actionFor(from: LeadStatus, to: LeadStatus) {
  if (isStepBack(from, to))
    return { text: `Volver a ${LEAD_STATUS_LABELS[to]}`, icon: Undo2, className: adminButton.ghost };
  if (to === 'descartado') return { text: 'Descartar', icon: Ban, className: adminButton.secondary };
  return {
    text: `Marcar como ${LEAD_STATUS_LABELS[to]}`,
    icon: to === 'contactado' ? PhoneCall : CircleCheck,
    className: adminButton.primary,
  };
}

/** The workflow buttons of one lead: only the moves allowed from its status, forward first, corrections last. */
export function LeadStatusPanel({ lead }: { lead: LeadDetail }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<LeadStatus | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const moves = [...LEAD_TRANSITIONS[lead.status]].sort(
    (a, b) => Number(isStepBack(lead.status, a)) - Number(isStepBack(lead.status, b)),
  );

  async function change(to: LeadStatus) {
    if (busy) return;
    setBusy(to);
    setNotice(null);
    try {
      await adminFetch(`/admin/api/solicitudes/${lead.id}/estado`, { method: 'PATCH', body: { estado: to } });
      await revalidator.revalidate();
      setNotice({ tone: 'success', text: `Estado cambiado a ${LEAD_STATUS_LABELS[to]}.` });
    } catch (error) {
      setNotice({
        tone: 'error',
        text: refusalText(error, 'No se pudo cambiar el estado.'),
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-slate-700">Estado:</span>
        <StatusBadge status={lead.status} />
        {lead.statusChangedAt ? (
          <span className="text-slate-600">
            desde {formatChileDateTime(lead.statusChangedAt)}
            {lead.statusChangedBy ? `, por ${lead.statusChangedBy.name}` : ''}
          </span>
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {moves.map((to) => {
          const { text, icon: Icon, className } = actionFor(lead.status, to);
          return (
            <button
              key={to}
              type="button"
              onClick={() => change(to)}
              aria-disabled={busy !== null || undefined}
              className={className}
            >
              <Icon aria-hidden className="size-4" />
              {busy === to ? 'Guardando...' : text}
            </button>
          );
        })}
      </div>
      <div className="mt-3">
        <AdminNotice notice={notice} />
      </div>
    </div>
  );
}
