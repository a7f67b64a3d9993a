import { AdminPage, adminMeta } from '~/components/admin/ui';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/vehicle-new';

export const meta = () => adminMeta('Nuevo vehículo');

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPage(request, context);
  return null;
}

// Being built: replaced by the screen of this route.
export default function Page() {
  return (
    <AdminPage title="Nuevo vehículo">
      <p>En construcción.</p>
    </AdminPage>
  );
}
