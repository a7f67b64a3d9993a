import { ROLE_LABELS } from '@contracts/admin-staff.ts';
import { readLeadEmails } from '@server/services/admin/staff.ts';
import { MIN_PASSWORD_LENGTH } from '@server/services/auth/password.ts';
import { LeadEmailsForm } from '~/components/admin/staff/lead-emails-form';
import { PasswordForm } from '~/components/admin/staff/password-form';
import { AdminPage, adminMeta, Badge, Card } from '~/components/admin/ui';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/account';

export const meta = () => adminMeta('Mi cuenta');

export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = requireStaffPage(url, context);
  const leadEmails = await readLeadEmails(context.services.db, staff.id);
  return { staff, leadEmails, minPasswordLength: MIN_PASSWORD_LENGTH };
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { staff, leadEmails, minPasswordLength } = loaderData;
  return (
    <AdminPage title="Mi cuenta" description="Tus datos de acceso al panel.">
      <div className="grid max-w-4xl items-start gap-6 lg:grid-cols-2">
        <Card title="Tus datos">
          <dl className="grid gap-3 text-sm">
            <div>
              <dt className="text-slate-600">Nombre</dt>
              <dd className="font-medium text-slate-900">{staff.name}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Correo electrónico</dt>
              <dd className="break-words font-medium text-slate-900">{staff.email}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Rol</dt>
              <dd className="mt-0.5">
                <Badge tone={staff.role === 'admin' ? 'info' : 'neutral'}>{ROLE_LABELS[staff.role]}</Badge>
              </dd>
            </div>
          </dl>
          <p className="mt-4 border-slate-200 border-t pt-3 text-slate-600 text-sm">
            {staff.role === 'admin'
              ? 'Cambia tu nombre o tu correo con «Editar» en Usuarios; tu rol, pídeselo a otro administrador.'
              : 'Para cambiar tu nombre, tu correo o tu rol, pídeselo a un administrador: lo hace con «Editar» en Usuarios.'}
          </p>
        </Card>
        <PasswordForm email={staff.email} minPasswordLength={minPasswordLength} />
        <LeadEmailsForm on={leadEmails} seller={staff.role === 'ventas'} />
      </div>
    </AdminPage>
  );
}
