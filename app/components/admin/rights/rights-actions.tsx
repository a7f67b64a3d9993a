// The answers staff give a rights request, each a small form calling the back office API; every one is an event of
// the request and an e-mail to the person (server/services/rights/).
import { PHONE_MAX_TYPED } from '@contracts/phone';
import type { RightsRequestDetail } from '@contracts/rights';
import { formatChileDateTime } from '@domain/chile-time';
import { type ReactNode, useState } from 'react';
import { AdminNotice, adminButton, Card } from '~/components/admin/ui';
import { FieldErrors, TextAreaField, TextField } from '~/components/forms/fields';
import { Ban, CalendarClock, CircleCheck, Lock } from '~/components/icons';
import { adminFetch } from '~/lib/admin/api-client';
import { type Notice, useApiForm } from '../staff/use-api-form';

const post = (id: number, action: string, body: unknown) =>
  adminFetch(`/admin/api/derechos/${id}/${action}`, { body: body as Record<string, unknown> });
const field = (data: FormData, name: string) => String(data.get(name) ?? '');

/** Tells the page an answer was given; its notice outlives the form, which the answer often removes. */
type Done = (text: string) => void;

function ActionForm({
  title,
  intro,
  submit,
  success,
  onDone,
  button,
  children,
}: {
  title: string;
  intro: string;
  submit: (data: FormData) => Promise<unknown>;
  success: string;
  onDone: Done;
  button: ReactNode;
  children?: ReactNode;
}) {
  const form = useApiForm(submit, { success: () => success, onSuccess: onDone });
  return (
    <Card title={title}>
      <p className="mb-3 text-slate-600 text-sm">{intro}</p>
      <FieldErrors value={form.errors}>
        <AdminNotice notice={form.notice?.tone === 'error' ? form.notice : null} />
        <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="grid gap-3">
          {children}
          <div>{button}</div>
        </form>
      </FieldErrors>
    </Card>
  );
}

const COMPLETE_INTRO: Record<string, string> = {
  supresion:
    'Elimina de una vez todo lo guardado de este correo (solicitudes, fotos, notas, correos) y le avisa a la persona.',
  rectificacion: 'Escribe el dato corregido: se aplica a todas las solicitudes de este correo.',
  oposicion: 'Registra la oposición y, si corresponde, detiene el marketing retirando su consentimiento.',
  bloqueo: 'Confirma a la persona que el bloqueo está vigente. El bloqueo sigue hasta que lo levantes.',
};

export function RightsActions({ request }: { request: RightsRequestDetail }) {
  const { id, derecho } = request;
  const open = request.estado === 'abierta';
  const [notice, setNotice] = useState<Notice>(null);
  const onDone: Done = (text) => setNotice({ tone: 'success', text });
  return (
    // The notice sits outside the grid: its live regions are always there, and an empty one takes no gap.
    <div>
      <AdminNotice notice={notice} />
      <div className="grid content-start gap-4">
        {open ? null : (
          <Card title="Solicitud cerrada">
            <p className="text-slate-700 text-sm">
              {request.estado === 'rechazada' ? 'Rechazada' : 'Completada'}
              {request.resuelta ? ` el ${formatChileDateTime(request.resuelta)}` : ''}. La respuesta quedó en
              el historial con el correo enviado a la persona.
            </p>
          </Card>
        )}
        {open && request.bloqueoPedido && !request.bloqueadaEl ? (
          <ActionForm
            title="Bloquear el tratamiento"
            intro="La persona pidió bloquear el uso de sus datos mientras se resuelve: responde dentro de 2 días hábiles. Sus solicitudes quedarán marcadas y no se podrán cambiar ni entregar a terceros."
            submit={() => post(id, 'bloquear', {})}
            onDone={onDone}
            success="Tratamiento bloqueado. Le enviamos un correo a la persona."
            button={
              <button type="submit" className={adminButton.danger}>
                <Lock aria-hidden className="size-4" />
                Bloquear ahora
              </button>
            }
          />
        ) : null}
        {open ? (
          <ActionForm
            title="Completar"
            intro={COMPLETE_INTRO[derecho] ?? 'Describe lo que se hizo; la persona lo recibe por correo.'}
            submit={(data) =>
              post(id, 'completar', {
                nota: field(data, 'nota'),
                nombre: field(data, 'nombre'),
                telefono: field(data, 'telefono'),
                confirmacion: field(data, 'confirmacion'),
                ...(derecho === 'oposicion'
                  ? { detenerMarketing: data.get('detenerMarketing') === 'on' }
                  : {}),
              })
            }
            onDone={onDone}
            success="Solicitud completada. Le enviamos la respuesta a la persona."
            button={
              <button
                type="submit"
                className={derecho === 'supresion' ? adminButton.danger : adminButton.primary}
              >
                <CircleCheck aria-hidden className="size-4" />
                {derecho === 'supresion' ? 'Eliminar datos y completar' : 'Completar solicitud'}
              </button>
            }
          >
            {derecho === 'rectificacion' ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField name="nombre" label="Nombre corregido" required={false} maxLength={100} />
                <TextField
                  name="telefono"
                  label="Teléfono corregido"
                  required={false}
                  maxLength={PHONE_MAX_TYPED}
                  type="tel"
                />
              </div>
            ) : null}
            {derecho === 'oposicion' ? (
              <label className="flex items-center gap-2 text-slate-800 text-sm">
                <input
                  type="checkbox"
                  name="detenerMarketing"
                  defaultChecked
                  className="size-4 accent-brand-700"
                />
                Detener el marketing (retirar su consentimiento de marketing)
              </label>
            ) : null}
            {derecho === 'supresion' ? (
              <TextField
                name="confirmacion"
                label="Escribe el correo de la persona para confirmar"
                type="email"
                autoComplete="off"
                maxLength={254}
                hint={`Debe coincidir con ${request.correo}. No se puede deshacer.`}
              />
            ) : null}
            <TextAreaField name="nota" label="Respuesta a la persona" rows={3} maxLength={2000} />
          </ActionForm>
        ) : null}
        {open && !request.prorrogada && request.plazo ? (
          <ActionForm
            title="Prorrogar el plazo"
            intro="Una sola vez, por 30 días corridos más. La persona recibe el motivo y la nueva fecha."
            submit={(data) => post(id, 'prorrogar', { motivo: field(data, 'motivo') })}
            onDone={onDone}
            success="Plazo prorrogado. Le enviamos el motivo y la nueva fecha a la persona."
            button={
              <button type="submit" className={adminButton.secondary}>
                <CalendarClock aria-hidden className="size-4" />
                Prorrogar 30 días
              </button>
            }
          >
            <TextAreaField name="motivo" label="Motivo de la prórroga" rows={2} maxLength={2000} />
          </ActionForm>
        ) : null}
        {open ? (
          <ActionForm
            title="Rechazar"
            intro="La persona recibe los motivos y el aviso de que tiene 30 días hábiles para reclamar ante la Agencia de Protección de Datos Personales."
            submit={(data) => post(id, 'rechazar', { motivos: field(data, 'motivos') })}
            onDone={onDone}
            success="Solicitud rechazada. Le enviamos los motivos a la persona."
            button={
              <button type="submit" className={adminButton.secondary}>
                <Ban aria-hidden className="size-4" />
                Rechazar solicitud
              </button>
            }
          >
            <TextAreaField name="motivos" label="Motivos del rechazo" rows={3} maxLength={2000} />
          </ActionForm>
        ) : null}
        {request.bloqueada ? (
          <ActionForm
            title="Levantar el bloqueo"
            intro="Vuelve a permitir el uso de sus datos. La persona recibe el motivo."
            submit={(data) => post(id, 'desbloquear', { motivo: field(data, 'motivo') })}
            onDone={onDone}
            success="Bloqueo levantado. Le enviamos el motivo a la persona."
            button={
              <button type="submit" className={adminButton.secondary}>
                Levantar bloqueo
              </button>
            }
          >
            <TextAreaField name="motivo" label="Motivo" rows={2} maxLength={2000} />
          </ActionForm>
        ) : null}
      </div>
    </div>
  );
}
