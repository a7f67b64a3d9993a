import { AdminPage, adminMeta } from '~/components/admin/ui';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/staff';

export const meta = () => adminMeta('Usuarios');

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPage(request, context, 'admin');
  return null;
}

// Being built: replaced by the screen of this route.
export default function Page() {
  return (
    <AdminPage title="Usuarios">
      <p>En construcción.</p>
    </AdminPage>
  );
}
