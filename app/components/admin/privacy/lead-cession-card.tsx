import type { LeadCessionPanel } from '@contracts/admin-registers.ts';
import { formatChileDateTime } from '@domain/chile-time';
import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { AdminNotice, adminButton, Card } from '~/components/admin/ui';
import { Handshake, Lock } from '~/components/icons';
import { adminFetch, refusalText } from '~/lib/admin/api-client';

/**
 * "Derivar a…" on a financing or insurance request (art. 15): one button per partner, each refused with its reason
 * when the request may not go there. Recording says that the data went; staff send it by their usual channel.
 */
export function LeadCessionCard({ leadId, panel }: { leadId: number; panel: LeadCessionPanel }) {
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const reasonId = useId();

  async function cede(recipient: string) {
    if (sending) return;
    setSending(recipient);
    setNotice(null);
    try {
      const { mensaje } = await adminFetch<{ mensaje: string }>(`/admin/api/solicitudes/${leadId}/cesiones`, {
        body: { destinatario: recipient },
      });
      setNotice({ tone: 'success', text: mensaje });
      await revalidator.revalidate();
    } catch (error) {
      setNotice({ tone: 'error', text: refusalText(error, 'No se pudo registrar la cesión.') });
    } finally {
      setSending(null);
    }
  }

  return (
    <Card title="Derivar a…">
      <p className="text-slate-600 text-sm">
        Enviar esta solicitud a otra institución es una cesión de datos (Ley 19.628, art. 15): solo se hace
        con la autorización de la persona y queda en el registro de cesiones.
      </p>
      <AdminNotice notice={notice} />
      {panel.impedimento ? (
        <p
          id={reasonId}
          className="mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-amber-950 text-sm"
        >
          <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
          {panel.impedimento}
        </p>
      ) : null}
      {panel.destinatarios.length > 0 ? (
        <ul className="mt-3 grid gap-2">
          {panel.destinatarios.map(({ nombre, impedimento }, index) => {
            const blocked = panel.impedimento ?? impedimento;
            const ownReason = !panel.impedimento && impedimento ? `${reasonId}-${index}` : undefined;
            return (
              <li key={nombre}>
                {/* Refused buttons stay focusable and say why (aria-disabled, not disabled). */}
                <button
                  type="button"
                  className={`${adminButton.secondary} w-full justify-start text-left ${blocked ? 'cursor-not-allowed opacity-60' : ''}`}
                  aria-disabled={blocked !== null || sending === nombre || undefined}
                  aria-describedby={panel.impedimento ? reasonId : ownReason}
                  onClick={() => (blocked ? setNotice({ tone: 'error', text: blocked }) : cede(nombre))}
                >
                  <Handshake aria-hidden className="size-4 shrink-0" />
                  {sending === nombre ? 'Registrando...' : `Derivar a ${nombre}`}
                </button>
                {ownReason ? (
                  <p id={ownReason} className="mt-1 text-slate-600 text-xs">
                    {impedimento}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-medium text-slate-800">Qué datos se derivan</summary>
        <ul className="mt-2 list-disc pl-5 text-slate-700">
          {panel.categorias.map((category) => (
            <li key={category}>{category}</li>
          ))}
        </ul>
        {panel.consentimiento ? (
          <p className="mt-2 text-slate-600">
            Autorización dada el {formatChileDateTime(panel.consentimiento.fecha)}: «
            {panel.consentimiento.texto}»
          </p>
        ) : null}
      </details>
      {panel.cesiones.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold text-slate-900 text-sm">Cesiones registradas</h3>
          <ul className="mt-1 grid gap-1 text-slate-700 text-sm">
            {panel.cesiones.map((cession) => (
              <li key={cession.id}>
                {cession.destinatario} · {formatChileDateTime(cession.fecha)}
                {cession.por ? ` · ${cession.por}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}
