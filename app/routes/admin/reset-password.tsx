import { MIN_PASSWORD_LENGTH } from '@server/services/auth/password.ts';
import { readResetLink } from '@server/services/auth/password-reset.ts';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthCard, authLink } from '~/components/admin/auth-card';
import type { Notice } from '~/components/admin/staff/use-api-form';
import { AdminNotice, adminButton, adminMeta } from '~/components/admin/ui';
import { useFieldErrors } from '~/components/admin/use-field-errors';
import { FieldErrors, TextField } from '~/components/forms/fields';
import { useHydrated } from '~/components/forms/form-parts';
import { KeyRound } from '~/components/icons';
import { adminFetch, refusalFields, refusalText } from '~/lib/admin/api-client';
import '~/admin.css';
import type { Route } from './+types/reset-password';

export const meta = () => adminMeta('Crear una nueva contraseña');

export async function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get('t') ?? '';
  // Looked at, not spent: the link is spent only when the new password is saved.
  const account = /^[\w-]{43}$/.test(token) ? await readResetLink(context.services.db, token) : null;
  return {
    dealershipName: (await context.services.catalogue.dealership()).name,
    token: account ? token : null,
    email: account?.email ?? null,
    minPasswordLength: MIN_PASSWORD_LENGTH,
  };
}

/** Issue 31: the e-mailed link's page. A new password with the one rule of staff passwords (ADR 0027). */
export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { dealershipName, token, email, minPasswordLength } = loaderData;
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { formRef, errors, setErrors } = useFieldErrors();
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [gone, setGone] = useState(false);

  // Not the back office's usual form hook: that one reloads the page's data after a success, and this page's link
  // is spent by then. A success goes straight to the sign-in, which says the password changed.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const data = new FormData(event.currentTarget);
    if (data.get('nueva') !== data.get('repetir')) {
      setErrors({ repetir: 'Las contraseñas no coinciden.' });
      setNotice({ tone: 'error', text: 'Revisa los datos del formulario.' });
      return;
    }
    setSending(true);
    setNotice(null);
    try {
      await adminFetch('/admin/api/clave/nueva', {
        body: { t: token ?? '', nueva: String(data.get('nueva') ?? '') },
      });
      navigate('/admin/ingresar?clave=cambiada', { replace: true });
    } catch (error) {
      setErrors(refusalFields(error));
      setNotice({ tone: 'error', text: refusalText(error) });
      setGone((error as { status?: number }).status === 410);
      setSending(false);
    }
  }

  if (!token || !email) {
    return (
      <AuthCard
        dealershipName={dealershipName}
        title="El enlace no sirve"
        lead="El enlace para cambiar la contraseña no es válido, ya se usó o venció (dura 60 minutos y sirve una sola vez)."
      >
        <p className="mt-6">
          <Link to="/admin/clave-olvidada" className={`${adminButton.primary} min-h-12 w-full`}>
            Pedir un enlace nuevo
          </Link>
        </p>
        <p className="mt-5 text-center">
          <Link to="/admin/ingresar" className={authLink}>
            Volver a iniciar sesión
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      dealershipName={dealershipName}
      title="Crea una nueva contraseña"
      lead={`Para la cuenta ${email}. Al guardarla se cierran todas las sesiones abiertas de la cuenta.`}
    >
      <FieldErrors value={errors}>
        <form ref={formRef} onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" noValidate>
          <AdminNotice notice={notice} />
          {gone ? (
            <p>
              <Link to="/admin/clave-olvidada" className={authLink}>
                Pedir un enlace nuevo
              </Link>
            </p>
          ) : null}
          {/* Lets password managers store the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <TextField
            name="nueva"
            label="Nueva contraseña"
            type="password"
            autoComplete="new-password"
            maxLength={200}
            hint={`Al menos ${minPasswordLength} caracteres, sin tu nombre ni tu correo. Una frase de varias palabras es fácil de recordar y difícil de adivinar.`}
          />
          <TextField
            name="repetir"
            label="Repite la nueva contraseña"
            type="password"
            autoComplete="new-password"
            maxLength={200}
          />
          <button
            type="submit"
            disabled={!hydrated}
            aria-disabled={sending || undefined}
            className={`${adminButton.primary} min-h-12 w-full`}
          >
            <KeyRound aria-hidden className="size-5" />
            {sending ? 'Guardando...' : 'Guardar contraseña'}
          </button>
        </form>
      </FieldErrors>
    </AuthCard>
  );
}
