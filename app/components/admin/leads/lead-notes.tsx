import { LEAD_NOTE_MAX, type LeadNote } from '@contracts/admin-leads';
import { formatChileDateTime } from '@domain/chile-time';
import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { AdminNotice, adminButton, Card } from '~/components/admin/ui';
import { FieldErrors, TextAreaField } from '~/components/forms/fields';
import { StickyNote } from '~/components/icons';
import { AdminApiError, adminFetch } from '~/lib/admin/api-client';

/** Internal notes: what staff agreed with the person, newest first. Never shown outside the back office. */
export function LeadNotes({ leadId, notes }: { leadId: number; notes: LeadNote[] }) {
  const revalidator = useRevalidator();
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const texto = String(new FormData(form).get('texto') ?? '');
    setSending(true);
    setNotice(null);
    try {
      await adminFetch(`/admin/api/solicitudes/${leadId}/notas`, { body: { texto } });
      form.reset();
      setErrors({});
      await revalidator.revalidate();
      setNotice({ tone: 'success', text: 'Nota agregada.' });
    } catch (error) {
      if (error instanceof AdminApiError) {
        setErrors(error.fields);
        setNotice({ tone: 'error', text: error.message });
        if (error.fields.texto) form.querySelector('textarea')?.focus();
      } else setNotice({ tone: 'error', text: 'No se pudo guardar la nota.' });
    } finally {
      setSending(false);
    }
  }

  return (
    <Card title="Notas internas">
      <form onSubmit={onSubmit} noValidate>
        <AdminNotice notice={notice} />
        <FieldErrors.Provider value={errors}>
          <TextAreaField
            name="texto"
            label="Nueva nota"
            rows={3}
            maxLength={LEAD_NOTE_MAX}
            hint="Solo la ve el equipo. Hasta 2000 caracteres."
          />
        </FieldErrors.Provider>
        <button type="submit" aria-disabled={sending || undefined} className={`${adminButton.primary} mt-3`}>
          <StickyNote aria-hidden className="size-4" />
          {sending ? 'Guardando...' : 'Agregar nota'}
        </button>
      </form>
      {notes.length === 0 ? (
        <p className="mt-4 text-slate-600 text-sm">Aún no hay notas.</p>
      ) : (
        <ol className="mt-5 flex flex-col gap-3" aria-label="Notas, de la más nueva a la más antigua">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg border border-amber-200 bg-amber-50/60 p-3">
              <p className="whitespace-pre-wrap break-words text-slate-900 text-sm">{note.body}</p>
              <p className="mt-2 text-slate-600 text-xs">
                {note.authorName ?? 'Usuario eliminado'} · {formatChileDateTime(note.createdAt)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
