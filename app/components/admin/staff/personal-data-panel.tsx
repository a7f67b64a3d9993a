import type { PersonalDataErasure, PersonalDataSummary } from '@contracts/admin-staff.ts';
import { formatChileDateTime } from '@domain/chile-time';
import { useState } from 'react';
import { Form, Link } from 'react-router';
import { StatusBadge } from '~/components/admin/leads/lead-badges';
import { AdminNotice, adminButton, Card, DialogActions } from '~/components/admin/ui';
import { FieldErrors, TextField } from '~/components/forms/fields';
import { Modal } from '~/components/forms/modal';
import { Download, Printer, SearchCheck, ShieldCheck, Trash2 } from '~/components/icons';
import { adminFetch } from '~/lib/admin/api-client';
import { type Notice, useApiForm } from './use-api-form';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('es-CL')} ${n === 1 ? one : many}`;

/** What is stored about one address, the JSON download and the erasure (after typing the address again). */
export function PersonalDataPanel({ summary }: { summary: PersonalDataSummary }) {
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const { conteos } = summary;
  const stored = conteos.solicitudes + conteos.correos + conteos.alertas > 0;
  const stats = [
    ['Solicitudes', conteos.solicitudes],
    ['Fotos', conteos.fotos],
    ['Notas internas', conteos.notas],
    ['Correos', conteos.correos],
    ['Alertas por correo', conteos.alertas],
  ] as const;
  return (
    <section aria-labelledby="resultado-titulo">
      <AdminNotice notice={notice} />
      <div className="grid gap-4">
        <Card>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <h2 id="resultado-titulo" className="font-semibold text-base text-slate-900">
                Datos guardados de <span className="break-words">{summary.email}</span>
              </h2>
              <p className="mt-1 text-slate-600 text-sm">
                {stored
                  ? 'Todo lo que la automotora guarda sobre este correo.'
                  : 'No hay datos guardados para este correo.'}
              </p>
            </div>
            <div className="flex flex-col gap-2 sm:flex-row sm:shrink-0">
              <a
                href={`/admin/api/datos-personales?email=${encodeURIComponent(summary.email)}`}
                download
                className={adminButton.secondary}
              >
                <Download aria-hidden className="size-4" />
                Descargar datos (JSON)
              </a>
              <Link
                to={`/admin/datos-personales/ver?correo=${encodeURIComponent(summary.email)}`}
                className={adminButton.secondary}
              >
                <Printer aria-hidden className="size-4" />
                Ver para imprimir
              </Link>
              {stored ? (
                <button type="button" onClick={() => setConfirming(true)} className={adminButton.danger}>
                  <Trash2 aria-hidden className="size-4" />
                  Eliminar datos
                </button>
              ) : null}
            </div>
          </div>
          <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {stats.map(([label, value]) => (
              <div
                key={label}
                className="rounded-lg bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200 ring-inset"
              >
                <dt className="text-slate-600 text-xs">{label}</dt>
                <dd className="font-bold text-2xl text-slate-900 tabular-nums">
                  {value.toLocaleString('es-CL')}
                </dd>
              </div>
            ))}
          </dl>
          {summary.solicitudes.length > 0 ? (
            <>
              <h3 className="mt-6 mb-2 font-semibold text-slate-900 text-sm">Solicitudes</h3>
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
                {summary.solicitudes.map((lead) => {
                  return (
                    <li
                      key={lead.id}
                      className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5 text-sm"
                    >
                      <span className="min-w-0">
                        <Link
                          to={`/admin/solicitudes/${lead.id}`}
                          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
                        >
                          {lead.tipoEtiqueta} #{lead.id}
                        </Link>
                        <span className="block text-slate-600 text-xs">
                          {lead.nombre} · {formatChileDateTime(lead.recibida)}
                        </span>
                      </span>
                      <StatusBadge status={lead.estado} />
                    </li>
                  );
                })}
              </ul>
            </>
          ) : null}
          {conteos.registrosIdempotencia > 0 ? (
            <p className="mt-3 text-slate-600 text-xs">
              Además, {plural(conteos.registrosIdempotencia, 'registro técnico', 'registros técnicos')} de
              reintento de envío, que se eliminan junto con las solicitudes.
            </p>
          ) : null}
        </Card>
        {summary.eliminaciones.length > 0 ? (
          <Card>
            <h2 className="flex items-center gap-2 font-semibold text-base text-slate-900">
              <ShieldCheck aria-hidden className="size-5 text-green-700" />
              Solicitudes de eliminación atendidas
            </h2>
            <ul className="mt-2 grid gap-1 text-slate-700 text-sm">
              {summary.eliminaciones.map((erasure) => (
                <li key={erasure.fecha}>
                  Datos eliminados el {formatChileDateTime(erasure.fecha)}
                  {erasure.por ? ` por ${erasure.por}` : ''}.
                </li>
              ))}
            </ul>
            <p className="mt-2 text-slate-600 text-xs">
              La auditoría guarda solo una huella (SHA-256) del correo: sirve de comprobante sin conservar el
              dato.
            </p>
          </Card>
        ) : null}
      </div>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Eliminar datos personales"
        description="Esta acción no se puede deshacer."
      >
        {confirming ? (
          <EraseForm
            summary={summary}
            onDone={(text) => {
              setConfirming(false);
              setNotice({ tone: 'success', text });
            }}
            onCancel={() => setConfirming(false)}
          />
        ) : null}
      </Modal>
    </section>
  );
}

function EraseForm({
  summary,
  onDone,
  onCancel,
}: {
  summary: PersonalDataSummary;
  onDone: (text: string) => void;
  onCancel: () => void;
}) {
  const { conteos } = summary;
  const form = useApiForm(
    (data) =>
      adminFetch<PersonalDataErasure>('/admin/api/datos-personales/eliminar', {
        body: { email: summary.email, confirmacion: String(data.get('confirmacion') ?? '') },
      }),
    {
      success: ({ eliminados }) =>
        `Se eliminaron ${plural(eliminados.solicitudes, 'solicitud', 'solicitudes')}, ${plural(eliminados.fotos, 'foto', 'fotos')} y ${plural(eliminados.correos, 'correo', 'correos')} de ${summary.email}. La eliminación quedó registrada en la auditoría.`,
      onSuccess: onDone,
    },
  );
  return (
    <FieldErrors value={form.errors}>
      <AdminNotice notice={form.notice} />
      <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="grid gap-4">
        <div className="text-slate-700 text-sm">
          <p>Se eliminarán de forma permanente, de una sola vez:</p>
          <ul className="mt-2 list-disc pl-5">
            <li>{plural(conteos.solicitudes, 'solicitud', 'solicitudes')} con sus datos y su historial</li>
            <li>{plural(conteos.fotos, 'foto', 'fotos')} de tasación</li>
            <li>{plural(conteos.notas, 'nota interna', 'notas internas')}</li>
            <li>{plural(conteos.correos, 'correo', 'correos')} de aviso</li>
          </ul>
          <p className="mt-2">
            Si la persona pidió también una copia, descárgala antes. En la auditoría quedará quién lo hizo y
            cuándo, sin el correo.
          </p>
        </div>
        <TextField
          name="confirmacion"
          label="Escribe el correo para confirmar"
          type="email"
          autoComplete="off"
          maxLength={254}
          hint={`Debe coincidir con ${summary.email}.`}
        />
        <DialogActions
          onCancel={onCancel}
          busy={form.sending}
          tone="danger"
          icon={<Trash2 aria-hidden className="size-4" />}
          label="Eliminar definitivamente"
          busyLabel="Eliminando..."
        />
      </form>
    </FieldErrors>
  );
}

export function PersonalDataSearch({ email, error }: { email: string; error?: string | undefined }) {
  return (
    <FieldErrors value={error ? { correo: error } : {}}>
      <Form
        method="get"
        className="mb-6 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:flex-row sm:items-start"
      >
        <TextField
          name="correo"
          label="Correo de la persona"
          type="email"
          autoComplete="off"
          maxLength={254}
          defaultValue={email}
          className="flex-1"
        />
        <button type="submit" className={`${adminButton.primary} sm:mt-7`}>
          <SearchCheck aria-hidden className="size-4" />
          Buscar
        </button>
      </Form>
    </FieldErrors>
  );
}
