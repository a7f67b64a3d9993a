import type { LeadEmailState } from '@contracts/admin-leads';
import { formatChileDateTime } from '@domain/chile-time';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { AdminNotice, adminButton, Badge, Card } from '~/components/admin/ui';
import { MailCheck, MailWarning, MailX, RotateCcw } from '~/components/icons';
import { adminFetch, refusalText } from '~/lib/admin/api-client';

function EmailState({ email }: { email: LeadEmailState }) {
  if (email.status === 'sent')
    return (
      <Badge tone="success">
        <MailCheck aria-hidden className="size-3.5" />
        Enviado
      </Badge>
    );
  if (email.status === 'failed')
    return (
      <Badge tone="danger">
        <MailX aria-hidden className="size-3.5" />
        Falló
      </Badge>
    );
  return (
    <Badge tone="warning">
      <MailWarning aria-hidden className="size-3.5" />
      Pendiente
    </Badge>
  );
}

const attempts = (n: number) => (n === 1 ? '1 intento' : `${n} intentos`);

/** Whether the sales team's e-mail about this lead went out, and a retry for one that failed. */
export function LeadEmailPanel({ leadId, emails }: { leadId: number; emails: LeadEmailState[] }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const anyFailed = emails.some((email) => email.status === 'failed');

  async function retry() {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      await adminFetch(`/admin/api/solicitudes/${leadId}/reenviar`, { method: 'POST', body: {} });
      await revalidator.revalidate();
      setNotice({ tone: 'success', text: 'El correo volvió a la cola de envío.' });
    } catch (error) {
      setNotice({
        tone: 'error',
        text: refusalText(error, 'No se pudo reintentar.'),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Aviso al equipo de ventas">
      <AdminNotice notice={notice} />
      {emails.length === 0 ? (
        <p className="text-slate-600 text-sm">Esta solicitud no generó correos.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {emails.map((email) => (
            <li key={email.id} className="text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <EmailState email={email} />
                <span className="min-w-0 break-all text-slate-700">a {email.toAddress}</span>
              </div>
              <p className="mt-1 text-slate-600">
                {email.status === 'sent' && email.sentAt
                  ? `Enviado el ${formatChileDateTime(email.sentAt)}.`
                  : email.status === 'failed'
                    ? `No se pudo enviar tras ${attempts(email.attempts)}.`
                    : email.attempts > 0
                      ? `Reintentará el ${formatChileDateTime(email.nextAttemptAt)} (${attempts(email.attempts)}).`
                      : 'En cola de envío.'}
              </p>
              {email.lastError && email.status !== 'sent' ? (
                <p className="mt-1 break-words rounded-md bg-slate-50 px-2 py-1 font-mono text-slate-700 text-xs">
                  Último error: {email.lastError}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {anyFailed ? (
        <button
          type="button"
          onClick={retry}
          aria-disabled={busy || undefined}
          className={`${adminButton.secondary} mt-4`}
        >
          <RotateCcw aria-hidden className="size-4" />
          {busy ? 'Reintentando...' : 'Reintentar envío'}
        </button>
      ) : null}
    </Card>
  );
}
