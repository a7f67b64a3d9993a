import {
  AFFECTED_KINDS,
  type BreachNoticeView,
  type BreachView,
  noticesRequired,
} from '@contracts/admin-registers.ts';
import { formatChileDateTime } from '@domain/chile-time';
import { useContext, useState } from 'react';
import { useRevalidator } from 'react-router';
import { AdminNotice, adminButton, Card } from '~/components/admin/ui';
import { useFieldErrors } from '~/components/admin/use-field-errors';
import { FieldError, FieldErrors, TextField } from '~/components/forms/fields';
import { MailCheck, Search, TriangleAlert } from '~/components/icons';
import { adminFetch, refusalFields, refusalText } from '~/lib/admin/api-client';

type Query = { desde: string; hasta: string; tipos: string[] };

const STATUS: Record<string, string> = { pending: 'En cola', sent: 'Enviado', failed: 'Falló' };

function Kinds({ labels }: { labels: Record<string, string> }) {
  const error = useContext(FieldErrors).tipos;
  return (
    <fieldset aria-describedby={error ? 'afectados-tipos-error' : undefined} className="sm:col-span-2">
      <legend className="mb-1.5 font-medium text-slate-800 text-sm">
        Tipos de solicitud <span className="text-red-700">*</span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {AFFECTED_KINDS.map((kind) => (
          <label key={kind} className="flex items-center gap-2 text-slate-800 text-sm">
            <input type="checkbox" name="tipos" value={kind} className="size-4 accent-brand-700" />
            {labels[kind] ?? kind}
          </label>
        ))}
      </div>
      <FieldError id="afectados-tipos-error" error={error} />
    </fieldset>
  );
}

/**
 * The people affected by an incident and their notices (art. 14 sexies): a query by dates and kinds shows how many
 * people (never who), then "Preparar avisos" queues one notice per person, once per incident however often pressed.
 */
export function BreachNotices({
  breach,
  notices,
  kindLabels,
}: {
  breach: BreachView;
  notices: BreachNoticeView[];
  kindLabels: Record<string, string>;
}) {
  const revalidator = useRevalidator();
  const { formRef, errors, setErrors } = useFieldErrors();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [preview, setPreview] = useState<{ query: Query; personas: number; yaAvisadas: number } | null>(null);
  const [sending, setSending] = useState(false);
  const required = noticesRequired(breach.categorias);

  async function run<T>(work: () => Promise<T>, done: (result: T) => void) {
    if (sending) return;
    setSending(true);
    setNotice(null);
    try {
      done(await work());
      setErrors({});
    } catch (error) {
      setErrors(refusalFields(error));
      setNotice({ tone: 'error', text: refusalText(error, 'No se pudo completar. Inténtalo nuevamente.') });
    } finally {
      setSending(false);
    }
  }

  function onPreview(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const query = {
      desde: String(data.get('desde') ?? ''),
      hasta: String(data.get('hasta') ?? ''),
      tipos: data.getAll('tipos').map(String),
    };
    setPreview(null);
    void run(
      () =>
        adminFetch<{ personas: number; yaAvisadas: number }>(
          `/admin/api/vulneraciones/${breach.id}/afectados`,
          {
            body: query,
          },
        ),
      (result) => setPreview({ query, ...result }),
    );
  }

  function onPrepare() {
    if (!preview) return;
    void run(
      () =>
        adminFetch<{ mensaje: string }>(`/admin/api/vulneraciones/${breach.id}/avisos`, {
          body: { ...preview.query, confirmar: true },
        }),
      async (result) => {
        setPreview(null);
        setNotice({ tone: 'success', text: result.mensaje });
        await revalidator.revalidate();
      },
    );
  }

  const pending = preview ? preview.personas - preview.yaAvisadas : 0;
  return (
    <Card title="Personas afectadas y avisos">
      <p
        className={`mb-4 flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm ${required ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-slate-200 bg-slate-50 text-slate-700'}`}
      >
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        {required
          ? 'Esta vulneración afecta datos sensibles (situación socioeconómica) o sobre obligaciones económicas o financieras: la ley exige avisar a cada persona afectada, en lenguaje claro y sencillo (Ley 19.628, art. 14 sexies). Si no es posible avisar a cada una, hay que publicar el aviso en un medio de comunicación masivo nacional.'
          : 'Con las categorías marcadas la ley no exige avisar a cada persona (Ley 19.628, art. 14 sexies exige hacerlo cuando hay datos sensibles o sobre obligaciones económicas o financieras). Puedes avisarles igual.'}
      </p>
      <AdminNotice notice={notice} />
      <p className="mb-3 text-slate-700 text-sm">
        Busca a las personas afectadas por las solicitudes que enviaron: entre qué días y de qué tipos.
      </p>
      <FieldErrors value={errors}>
        <form ref={formRef} onSubmit={onPreview} noValidate className="grid gap-4 sm:grid-cols-2">
          <TextField name="desde" label="Recibidas desde" type="date" />
          <TextField name="hasta" label="Hasta" type="date" />
          <Kinds labels={kindLabels} />
          <div className="sm:col-span-2">
            <button type="submit" aria-disabled={sending || undefined} className={adminButton.secondary}>
              <Search aria-hidden className="size-4" />
              Ver cuántas personas
            </button>
          </div>
        </form>
      </FieldErrors>
      {preview ? (
        <div className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4" role="status">
          <p className="text-slate-800">
            {preview.personas === 0
              ? 'Ninguna persona coincide con esa búsqueda.'
              : `${preview.personas.toLocaleString('es-CL')} ${preview.personas === 1 ? 'persona' : 'personas distintas'}${preview.yaAvisadas > 0 ? `; ${preview.yaAvisadas.toLocaleString('es-CL')} ya ${preview.yaAvisadas === 1 ? 'tiene' : 'tienen'} su aviso` : ''}.`}
          </p>
          {pending > 0 ? (
            <>
              <p className="mt-1 text-slate-600 text-sm">
                Se enviará un aviso por correo a cada una ({pending.toLocaleString('es-CL')}), con lo que
                ocurrió, los datos afectados, las posibles consecuencias, las medidas y cómo contactarnos.
                Nadie recibe dos avisos de esta vulneración.
              </p>
              <button
                type="button"
                onClick={onPrepare}
                aria-disabled={sending || undefined}
                className={`${adminButton.primary} mt-3`}
              >
                <MailCheck aria-hidden className="size-4" />
                {sending ? 'Preparando...' : 'Preparar avisos'}
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      {notices.length > 0 ? (
        <details className="mt-5 text-sm">
          <summary className="cursor-pointer font-medium text-slate-800">
            Avisos preparados ({breach.avisos.toLocaleString('es-CL')})
          </summary>
          <ul className="mt-2 grid gap-1 text-slate-700">
            {notices.map((item) => (
              <li key={item.id} className="flex flex-wrap justify-between gap-2">
                <span className="break-all">{item.correo ?? 'Correo eliminado'}</span>
                <span className="text-slate-600">
                  {item.estado ? STATUS[item.estado] : '—'} · {formatChileDateTime(item.fecha)}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </Card>
  );
}
