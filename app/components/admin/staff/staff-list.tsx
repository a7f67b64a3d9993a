import { ROLE_LABELS, type StaffMember } from '@contracts/admin-staff.ts';
import { formatChileDateTime } from '@domain/chile-time';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { AdminNotice, adminButton, Badge } from '~/components/admin/ui';
import { FieldErrors, SelectField, TextField } from '~/components/forms/fields';
import { Modal } from '~/components/forms/modal';
import { KeyRound, Pencil, UserCheck, UserX } from '~/components/icons';
import { adminFetch, refusalText } from '~/lib/admin/api-client';
import { ROLE_HINT, ROLE_OPTIONS } from './staff-create-form';
import { type Notice, useApiForm } from './use-api-form';

type Dialog = { kind: 'edit' | 'toggle'; member: StaffMember } | null;

/** Every account with its role and state; an admin edits, deactivates or reactivates them after confirming. */
export function StaffList({ members, myId }: { members: StaffMember[]; myId: number }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const close = () => setDialog(null);
  const done = (text: string) => {
    setDialog(null);
    setNotice({ tone: 'success', text });
  };
  return (
    <section aria-labelledby="cuentas-titulo">
      <h2 id="cuentas-titulo" className="mb-3 font-semibold text-base text-slate-900">
        Cuentas ({members.length})
      </h2>
      <AdminNotice notice={notice} />
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs">
        {members.map((member) => (
          <li
            key={member.id}
            className={`flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between ${member.activo ? '' : 'bg-slate-50'}`}
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className={`font-semibold ${member.activo ? 'text-slate-900' : 'text-slate-600'}`}>
                  {member.nombre}
                </span>
                {member.id === myId ? <Badge tone="info">Tú</Badge> : null}
              </p>
              <p className="truncate text-slate-700 text-sm">{member.email}</p>
              <p className="mt-1 text-slate-600 text-xs">
                Último ingreso: {member.ultimoIngreso ? formatChileDateTime(member.ultimoIngreso) : 'nunca'}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2 sm:justify-end">
              <Badge tone={member.rol === 'admin' ? 'info' : 'neutral'}>{ROLE_LABELS[member.rol]}</Badge>
              <Badge tone={member.activo ? 'success' : 'warning'}>
                {member.activo ? 'Activa' : 'Desactivada'}
              </Badge>
              <span className="flex w-full gap-2 sm:w-auto">
                <button
                  type="button"
                  onClick={() => setDialog({ kind: 'edit', member })}
                  className={`${adminButton.secondary} flex-1 sm:flex-none`}
                >
                  <Pencil aria-hidden className="size-4" />
                  Editar<span className="sr-only"> a {member.nombre}</span>
                </button>
                {member.id === myId ? null : (
                  <button
                    type="button"
                    onClick={() => setDialog({ kind: 'toggle', member })}
                    className={`${adminButton.secondary} flex-1 sm:flex-none`}
                  >
                    {member.activo ? (
                      <UserX aria-hidden className="size-4 text-red-700" />
                    ) : (
                      <UserCheck aria-hidden className="size-4 text-green-700" />
                    )}
                    {member.activo ? 'Desactivar' : 'Reactivar'}
                    <span className="sr-only"> a {member.nombre}</span>
                  </button>
                )}
              </span>
            </div>
          </li>
        ))}
      </ul>
      <Modal
        open={dialog?.kind === 'edit'}
        onClose={close}
        title={dialog?.kind === 'edit' ? `Editar a ${dialog.member.nombre}` : 'Editar'}
      >
        {dialog?.kind === 'edit' ? (
          <EditForm member={dialog.member} self={dialog.member.id === myId} onDone={done} onCancel={close} />
        ) : null}
      </Modal>
      <Modal
        open={dialog?.kind === 'toggle'}
        onClose={close}
        title={
          dialog?.kind === 'toggle'
            ? `${dialog.member.activo ? 'Desactivar' : 'Reactivar'} la cuenta de ${dialog.member.nombre}`
            : 'Confirmar'
        }
      >
        {dialog?.kind === 'toggle' ? (
          <ToggleConfirm
            member={dialog.member}
            others={members.filter((m) => m.activo && m.id !== dialog.member.id)}
            onDone={done}
            onCancel={close}
          />
        ) : null}
      </Modal>
    </section>
  );
}

function EditForm({
  member,
  self,
  onDone,
  onCancel,
}: {
  member: StaffMember;
  self: boolean;
  onDone: (text: string) => void;
  onCancel: () => void;
}) {
  const form = useApiForm(
    (data) =>
      adminFetch<{ usuario: StaffMember }>(`/admin/api/usuarios/${member.id}`, {
        method: 'PATCH',
        body: {
          email: String(data.get('email') ?? ''),
          name: String(data.get('name') ?? ''),
          ...(self ? {} : { role: String(data.get('role') ?? '') }),
        },
      }),
    // The dialog closes on success: the list shows the notice instead.
    {
      success: ({ usuario }) =>
        usuario.email === member.email
          ? `Se guardaron los cambios de ${usuario.nombre}.`
          : `Se guardaron los cambios de ${usuario.nombre}: ahora ingresa con ${usuario.email}. Le avisamos a ${member.email}, su correo anterior.`,
      onSuccess: onDone,
    },
  );
  return (
    <FieldErrors value={form.errors}>
      <AdminNotice notice={form.notice} />
      <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="grid gap-4">
        <TextField
          name="name"
          label="Nombre"
          defaultValue={member.nombre}
          maxLength={100}
          autoComplete="off"
        />
        <TextField
          name="email"
          label="Correo electrónico"
          type="email"
          defaultValue={member.email}
          maxLength={254}
          autoComplete="off"
          hint="Con este correo ingresa al panel y a él llegan sus avisos y los enlaces para cambiar la contraseña."
        />
        {self ? (
          <p className="rounded-lg bg-slate-50 p-3 text-slate-700 text-sm">
            Tu rol es {ROLE_LABELS[member.rol]}. No puedes cambiar tu propio rol: pídeselo a otro
            administrador.
          </p>
        ) : (
          <SelectField
            name="role"
            label="Rol"
            options={ROLE_OPTIONS}
            defaultValue={member.rol}
            hint={ROLE_HINT}
          />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onCancel} className={adminButton.secondary}>
            Cancelar
          </button>
          <button type="submit" aria-disabled={form.sending || undefined} className={adminButton.primary}>
            {form.sending ? 'Guardando...' : 'Guardar cambios'}
          </button>
        </div>
      </form>
      <ResetLinkSection member={member} />
    </FieldErrors>
  );
}

/** Issue 31: the colleague who forgot their password gets a link to set a new one; the admin never sees it. */
function ResetLinkSection({ member }: { member: StaffMember }) {
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  async function send() {
    if (sending) return;
    setSending(true);
    setNotice(null);
    try {
      const { mensaje } = await adminFetch<{ mensaje: string }>(
        `/admin/api/usuarios/${member.id}/enlace-clave`,
        { method: 'POST', body: {} },
      );
      setNotice({ tone: 'success', text: mensaje });
    } catch (caught) {
      setNotice({ tone: 'error', text: refusalText(caught, 'No se pudo enviar el enlace.') });
    } finally {
      setSending(false);
    }
  }
  return (
    <section aria-labelledby="clave-titulo" className="mt-6 border-slate-200 border-t pt-4">
      <h3 id="clave-titulo" className="font-semibold text-slate-900 text-sm">
        Contraseña
      </h3>
      {member.activo ? (
        <>
          <p className="mt-1 mb-3 text-slate-600 text-sm">
            Si olvidó su contraseña, envíale un enlace a {member.email} para que cree una nueva. Sirve una
            sola vez y vence en 60 minutos; al usarlo se cierran sus sesiones abiertas.
          </p>
          <AdminNotice notice={notice} />
          <button
            type="button"
            onClick={send}
            aria-disabled={sending || undefined}
            className={`${adminButton.secondary} w-full sm:w-auto`}
          >
            <KeyRound aria-hidden className="size-4" />
            {sending ? 'Enviando...' : 'Enviar enlace para cambiar contraseña'}
          </button>
        </>
      ) : (
        <p className="mt-1 text-slate-600 text-sm">
          La cuenta está desactivada: no puede recibir enlaces. Reactívala primero si debe volver a ingresar.
        </p>
      )}
    </section>
  );
}

function ToggleConfirm({
  member,
  others,
  onDone,
  onCancel,
}: {
  member: StaffMember;
  /** The active accounts its open requests can be handed to. */
  others: StaffMember[];
  onDone: (text: string) => void;
  onCancel: () => void;
}) {
  const [handTo, setHandTo] = useState('');
  const revalidator = useRevalidator();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const deactivate = member.activo;
  async function confirm() {
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      await adminFetch(`/admin/api/usuarios/${member.id}`, {
        method: 'PATCH',
        body: { active: !deactivate, ...(deactivate && handTo ? { traspasarA: Number(handTo) } : {}) },
      });
      await revalidator.revalidate();
      const heir = others.find((m) => String(m.id) === handTo);
      onDone(
        deactivate
          ? `La cuenta de ${member.nombre} quedó desactivada y sus sesiones se cerraron.${
              heir ? ` Sus solicitudes abiertas quedaron a cargo de ${heir.nombre}, que recibe un aviso.` : ''
            }`
          : `La cuenta de ${member.nombre} quedó activa de nuevo; le avisamos a ${member.email}.`,
      );
    } catch (caught) {
      setError(refusalText(caught));
      setSending(false);
    }
  }
  return (
    <div>
      <AdminNotice notice={error ? { tone: 'error', text: error } : null} />
      <p className="text-slate-700">
        {deactivate
          ? `${member.nombre} (${member.email}) no podrá ingresar y sus sesiones abiertas se cerrarán de inmediato. Su historial se conserva y puedes reactivar la cuenta cuando quieras.`
          : `${member.nombre} (${member.email}) podrá volver a ingresar con su contraseña, como ${ROLE_LABELS[member.rol]}. Le llega un correo que se lo dice y cómo pedir una contraseña nueva si no la recuerda.`}
      </p>
      {deactivate && member.abiertas > 0 ? (
        <div className="mt-4">
          <label htmlFor="traspasar-a" className="block font-medium text-slate-900 text-sm">
            {member.abiertas === 1
              ? `${member.nombre} tiene 1 solicitud abierta. ¿Quién la atiende ahora?`
              : `${member.nombre} tiene ${member.abiertas} solicitudes abiertas. ¿Quién las atiende ahora?`}
          </label>
          <select
            id="traspasar-a"
            value={handTo}
            onChange={(event) => setHandTo(event.target.value)}
            className="mt-1.5 block min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 sm:text-sm"
          >
            <option value="">
              Nadie por ahora: quedan a su nombre, marcadas como de una cuenta desactivada
            </option>
            {others.map((other) => (
              <option key={other.id} value={other.id}>
                {other.nombre} ({ROLE_LABELS[other.rol]})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className={adminButton.secondary}>
          Cancelar
        </button>
        <button
          type="button"
          onClick={confirm}
          aria-disabled={sending || undefined}
          className={deactivate ? adminButton.danger : adminButton.primary}
        >
          {deactivate ? (
            <UserX aria-hidden className="size-4" />
          ) : (
            <UserCheck aria-hidden className="size-4" />
          )}
          {deactivate ? 'Desactivar cuenta' : 'Reactivar cuenta'}
        </button>
      </div>
    </div>
  );
}
