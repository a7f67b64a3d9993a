import { AdminPage, adminMeta } from '~/components/admin/ui';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/audit';

export const meta = () => adminMeta('Auditoría');

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPage(request, context, 'admin');
  return null;
}

// Being built: replaced by the screen of this route.
export default function Page() {
  return (
    <AdminPage title="Auditoría">
      <p>En construcción.</p>
    </AdminPage>
  );
}
