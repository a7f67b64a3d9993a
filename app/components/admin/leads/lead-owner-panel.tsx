import type { LeadDetail } from '@contracts/admin-leads';
import { type FormEvent, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { AdminNotice, adminButton } from '~/components/admin/ui';
import { UserCheck, UserCog } from '~/components/icons';
import { adminFetch, refusalText } from '~/lib/admin/api-client';
import { OwnerName } from './leads-list';

const select =
  'block w-full min-w-0 rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 shadow-xs ' +
  'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 sm:text-sm';

/** Who owns the lead: take it ('Tomar'), or give it to someone else or to nobody. Every change goes to its history. */
export function LeadOwnerPanel({ lead, myId }: { lead: LeadDetail; myId: number }) {
  const revalidator = useRevalidator();
  const selectId = useId();
  const [busy, setBusy] = useState<'take' | 'assign' | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const mine = lead.owner?.id === myId;

  async function assign(ownerId: number | null, kind: 'take' | 'assign') {
    if (busy) return;
    setBusy(kind);
    setNotice(null);
    try {
      const { owner } = await adminFetch<{ owner: { name: string } | null }>(
        `/admin/api/solicitudes/${lead.id}/responsable`,
        { method: 'PATCH', body: { responsable: ownerId } },
      );
      await revalidator.revalidate();
      setNotice({
        tone: 'success',
        text: owner ? `Solicitud asignada a ${owner.name}.` : 'La solicitud quedó sin asignar.',
      });
    } catch (error) {
      setNotice({ tone: 'error', text: refusalText(error, 'No se pudo cambiar el responsable.') });
    } finally {
      setBusy(null);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('responsable') ?? '');
    void assign(value === '' ? null : Number(value), 'assign');
  }

  return (
    <div>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-slate-700">Responsable:</span>
        <span data-testid="lead-owner" className="font-medium text-slate-900">
          {lead.owner ? <OwnerName owner={lead.owner} /> : 'Sin asignar'}
        </span>
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        {mine ? null : (
          <button
            type="button"
            onClick={() => assign(myId, 'take')}
            aria-disabled={busy !== null || undefined}
            className={adminButton.primary}
          >
            <UserCheck aria-hidden className="size-4" />
            {busy === 'take' ? 'Guardando...' : 'Tomar'}
          </button>
        )}
        <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={selectId} className="mb-1 block font-medium text-slate-800 text-sm">
              Asignar a
            </label>
            <select
              id={selectId}
              name="responsable"
              // A new owner (after a save) resets the choice to it.
              key={lead.owner?.id ?? 'nadie'}
              defaultValue={lead.owner ? String(lead.owner.id) : ''}
              className={select}
            >
              <option value="">Sin asignar</option>
              {lead.assignable.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" aria-disabled={busy !== null || undefined} className={adminButton.secondary}>
            <UserCog aria-hidden className="size-4" />
            {busy === 'assign' ? 'Guardando...' : 'Reasignar'}
          </button>
        </form>
      </div>
      <div className="mt-3">
        <AdminNotice notice={notice} />
      </div>
    </div>
  );
}
