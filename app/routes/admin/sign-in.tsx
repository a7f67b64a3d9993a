import { type FormEvent, useState } from 'react';
import { Link, redirect, useNavigate } from 'react-router';
import { AuthCard, authLink } from '~/components/admin/auth-card';
import { AdminNotice, adminButton, adminMeta } from '~/components/admin/ui';
import { TextField } from '~/components/forms/fields';
import { useHydrated } from '~/components/forms/form-parts';
import { LogIn } from '~/components/icons';
import { adminFetch, refusalText } from '~/lib/admin/api-client';
import { safeNextPath } from '~/lib/admin/session.server';
import '~/admin.css';
import type { Route } from './+types/sign-in';

export const meta = () => adminMeta('Iniciar sesión');

export async function loader({ url, context }: Route.LoaderArgs) {
  const next = safeNextPath(url.searchParams.get('siguiente'));
  if (context.staff) throw redirect(next);
  return {
    next,
    // Back from the link's page (issue 31): the password was changed, the person signs in with the new one.
    changed: url.searchParams.get('clave') === 'cambiada',
    dealershipName: (await context.services.catalogue.dealership()).name,
  };
}

export default function SignIn({ loaderData }: Route.ComponentProps) {
  const { next, changed, dealershipName } = loaderData;
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = new FormData(event.currentTarget);
    setSending(true);
    setError(null);
    try {
      await adminFetch('/admin/api/sesion', {
        body: { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') },
      });
      navigate(next, { replace: true });
    } catch (caught) {
      setError(refusalText(caught, 'No se pudo iniciar sesión.'));
      setSending(false);
    }
  }

  const notice = error
    ? ({ tone: 'error', text: error } as const)
    : changed
      ? ({ tone: 'success', text: 'Tu contraseña se cambió. Ingresa con la nueva contraseña.' } as const)
      : null;
  return (
    <AuthCard
      dealershipName={dealershipName}
      title="Iniciar sesión"
      lead="Acceso para el personal de la automotora."
    >
      <form onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" noValidate>
        <AdminNotice notice={notice} />
        <TextField name="email" label="Correo electrónico" type="email" autoComplete="username" />
        <TextField name="password" label="Contraseña" type="password" autoComplete="current-password" />
        <button
          type="submit"
          disabled={!hydrated}
          aria-disabled={sending || undefined}
          className={`${adminButton.primary} min-h-12 w-full`}
        >
          <LogIn aria-hidden className="size-5" />
          {sending ? 'Ingresando...' : 'Ingresar'}
        </button>
      </form>
      <p className="mt-5 text-center">
        <Link to="/admin/clave-olvidada" className={authLink}>
          ¿Olvidaste tu contraseña?
        </Link>
      </p>
    </AuthCard>
  );
}
