import { listStaff } from '@server/services/admin/staff.ts';
import { MIN_PASSWORD_LENGTH } from '@server/services/auth/password.ts';
import { readAssignmentSettings } from '@server/services/leads/lead-assignment.ts';
import { LeadAssignmentForm } from '~/components/admin/staff/lead-assignment-form';
import { StaffCreateForm } from '~/components/admin/staff/staff-create-form';
import { StaffList } from '~/components/admin/staff/staff-list';
import { AdminPage, adminButton, adminMeta } from '~/components/admin/ui';
import { UserPlus } from '~/components/icons';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/staff';

export const meta = () => adminMeta('Usuarios');

export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = requireStaffPage(url, context, 'admin');
  const [members, assignment] = await Promise.all([
    listStaff(context.services.db),
    readAssignmentSettings(context.services.db),
  ]);
  return {
    myId: staff.id,
    members,
    assignment,
    minPasswordLength: MIN_PASSWORD_LENGTH,
  };
}

export default function StaffPage({ loaderData }: Route.ComponentProps) {
  const { myId, members, assignment, minPasswordLength } = loaderData;
  const sellers = members.filter((member) => member.activo && member.rol === 'ventas').length;
  return (
    <AdminPage
      title="Usuarios"
      description="Las cuentas del personal: quién puede ingresar al panel y con qué rol. Una cuenta desactivada no puede ingresar, pero su historial se conserva."
      actions={
        // On a phone the form sits below the list: this jumps to it.
        <a href="#nuevo-usuario" className={`${adminButton.primary} lg:hidden`}>
          <UserPlus aria-hidden className="size-4" />
          Nuevo usuario
        </a>
      }
    >
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <StaffList members={members} myId={myId} />
        <div className="grid gap-6">
          <div id="nuevo-usuario" className="scroll-mt-20">
            <StaffCreateForm minPasswordLength={minPasswordLength} />
          </div>
          <LeadAssignmentForm settings={assignment} sellers={sellers} />
        </div>
      </div>
    </AdminPage>
  );
}
