import { Link } from 'react-router';
import { AuthCard, authLink } from '~/components/admin/auth-card';
import { useApiForm } from '~/components/admin/staff/use-api-form';
import { AdminNotice, adminButton, adminMeta } from '~/components/admin/ui';
import { FieldErrors, TextField } from '~/components/forms/fields';
import { useHydrated } from '~/components/forms/form-parts';
import { Mail } from '~/components/icons';
import { adminFetch } from '~/lib/admin/api-client';
import '~/admin.css';
import type { Route } from './+types/forgot-password';

export const meta = () => adminMeta('¿Olvidaste tu contraseña?');

export async function loader({ context }: Route.LoaderArgs) {
  return { dealershipName: (await context.services.catalogue.dealership()).name };
}

/** Issue 31: the address of the account; the answer is the same whether or not it is one. */
export default function ForgotPassword({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const form = useApiForm(
    (data) =>
      adminFetch<{ mensaje: string }>('/admin/api/clave/olvidada', {
        body: { email: String(data.get('email') ?? '') },
      }),
    { success: ({ mensaje }) => mensaje },
  );
  return (
    <AuthCard
      dealershipName={loaderData.dealershipName}
      title="¿Olvidaste tu contraseña?"
      lead="Escribe el correo de tu cuenta del panel y te enviaremos un enlace para crear una nueva."
    >
      <FieldErrors value={form.errors}>
        <form ref={form.formRef} onSubmit={form.onSubmit} className="mt-6 flex flex-col gap-4" noValidate>
          <AdminNotice notice={form.notice} />
          <TextField
            name="email"
            label="Correo electrónico"
            type="email"
            autoComplete="username"
            maxLength={254}
          />
          <button
            type="submit"
            disabled={!hydrated}
            aria-disabled={form.sending || undefined}
            className={`${adminButton.primary} min-h-12 w-full`}
          >
            <Mail aria-hidden className="size-5" />
            {form.sending ? 'Enviando...' : 'Enviar enlace'}
          </button>
        </form>
      </FieldErrors>
      <p className="mt-4 text-slate-600 text-sm">
        Si tu cuenta está desactivada no recibirás el enlace: pídele a un administrador que la reactive.
      </p>
      <p className="mt-5 text-center">
        <Link to="/admin/ingresar" className={authLink}>
          Volver a iniciar sesión
        </Link>
      </p>
    </AuthCard>
  );
}
