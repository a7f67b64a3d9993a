import { AdminPage, adminMeta } from '~/components/admin/ui';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/lead';

export const meta = () => adminMeta('Solicitud');

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPage(request, context);
  return null;
}

// Being built: replaced by the screen of this route.
export default function Page() {
  return (
    <AdminPage title="Solicitud">
      <p>En construcción.</p>
    </AdminPage>
  );
}
