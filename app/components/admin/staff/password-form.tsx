import { AdminNotice, adminButton, Card } from '~/components/admin/ui';
import { FieldErrors, TextField } from '~/components/forms/fields';
import { useHydrated } from '~/components/forms/form-parts';
import { KeyRound } from '~/components/icons';
import { adminFetch } from '~/lib/admin/api-client';
import { useApiForm } from './use-api-form';

/** The signed-in member's own password: the current one, the new one twice. */
export function PasswordForm({ email, minPasswordLength }: { email: string; minPasswordLength: number }) {
  const hydrated = useHydrated();
  const form = useApiForm(
    (data) =>
      adminFetch<{ mensaje: string }>('/admin/api/cuenta/clave', {
        method: 'PUT',
        body: { actual: String(data.get('actual') ?? ''), nueva: String(data.get('nueva') ?? '') },
      }),
    {
      success: ({ mensaje }) => mensaje,
      validate: (data): Record<string, string> =>
        data.get('nueva') === data.get('repetir') ? {} : { repetir: 'Las contraseñas nuevas no coinciden.' },
    },
  );
  return (
    <Card title="Cambiar contraseña">
      <p className="mb-4 text-slate-600 text-sm">
        Al cambiarla se cierran tus sesiones abiertas en otros dispositivos; esta sigue abierta.
      </p>
      <AdminNotice notice={form.notice} />
      <FieldErrors value={form.errors}>
        <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="grid gap-4">
          {/* Lets password managers store the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <TextField
            name="actual"
            label="Contraseña actual"
            type="password"
            autoComplete="current-password"
            maxLength={200}
          />
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
            aria-disabled={form.sending || undefined}
            className={`${adminButton.primary} w-full sm:w-auto sm:justify-self-start`}
          >
            <KeyRound aria-hidden className="size-4" />
            {form.sending ? 'Guardando...' : 'Cambiar contraseña'}
          </button>
        </form>
      </FieldErrors>
    </Card>
  );
}
