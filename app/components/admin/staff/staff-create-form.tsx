import { ROLE_LABELS, STAFF_ROLES, type StaffMember } from '@contracts/admin-staff.ts';
import { AdminNotice, adminButton, Card } from '~/components/admin/ui';
import { FieldErrors, SelectField, TextField } from '~/components/forms/fields';
import { useHydrated } from '~/components/forms/form-parts';
import { UserPlus } from '~/components/icons';
import { adminFetch } from '~/lib/admin/api-client';
import { useApiForm } from './use-api-form';

export const ROLE_OPTIONS = STAFF_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
export const ROLE_HINT =
  'Ventas: vehículos y solicitudes. Administrador: además usuarios, auditoría y datos personales.';

export function StaffCreateForm({ minPasswordLength }: { minPasswordLength: number }) {
  const hydrated = useHydrated();
  const form = useApiForm(
    (data) =>
      adminFetch<{ usuario: StaffMember }>('/admin/api/usuarios', {
        body: {
          name: String(data.get('name') ?? ''),
          email: String(data.get('email') ?? ''),
          role: String(data.get('role') ?? ''),
          password: String(data.get('password') ?? ''),
        },
      }),
    {
      success: ({ usuario }) =>
        `Se creó la cuenta de ${usuario.nombre}. Entrégale su contraseña inicial por un canal seguro.`,
    },
  );
  return (
    <Card title="Nuevo usuario">
      <AdminNotice notice={form.notice} />
      <FieldErrors value={form.errors}>
        <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="grid gap-4">
          <TextField name="name" label="Nombre" autoComplete="off" maxLength={100} />
          <TextField
            name="email"
            label="Correo electrónico"
            type="email"
            autoComplete="off"
            maxLength={254}
          />
          <SelectField
            name="role"
            label="Rol"
            options={ROLE_OPTIONS}
            defaultValue="ventas"
            hint={ROLE_HINT}
          />
          <TextField
            name="password"
            label="Contraseña inicial"
            type="password"
            autoComplete="new-password"
            maxLength={200}
            hint={`Al menos ${minPasswordLength} caracteres, difícil de adivinar y sin el nombre ni el correo de la persona. Puede cambiarla en «Mi cuenta».`}
          />
          <button
            type="submit"
            disabled={!hydrated}
            aria-disabled={form.sending || undefined}
            className={`${adminButton.primary} w-full sm:w-auto sm:justify-self-start`}
          >
            <UserPlus aria-hidden className="size-4" />
            {form.sending ? 'Creando...' : 'Crear usuario'}
          </button>
        </form>
      </FieldErrors>
    </Card>
  );
}
