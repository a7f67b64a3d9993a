import { type FormEvent, useState } from 'react';
import { redirect, useNavigate } from 'react-router';
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
  return { next, dealershipName: (await context.services.catalogue.dealership()).name };
}

export default function SignIn({ loaderData }: Route.ComponentProps) {
  const { next, dealershipName } = loaderData;
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

  return (
    <main id="contenido" className="flex min-h-dvh items-center justify-center bg-slate-100 px-4 py-12">
      <div className="w-full max-w-sm">
        <p className="text-center font-bold text-brand-800 text-xl">{dealershipName}</p>
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="font-bold text-2xl text-slate-900">Iniciar sesión</h1>
          <p className="mt-1 text-slate-600 text-sm">Acceso para el personal de la automotora.</p>
          <form onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" noValidate>
            <AdminNotice notice={error ? { tone: 'error', text: error } : null} />
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
        </div>
      </div>
    </main>
  );
}
