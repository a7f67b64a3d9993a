import { LOOKUP_KINDS } from '@contracts/admin-lookups.ts';
import { listAllLookups } from '@server/services/admin/lookups.ts';
import { LookupCard } from '~/components/admin/stock/lookup-card';
import { AdminPage, adminMeta } from '~/components/admin/ui';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/lookups';

export const meta = () => adminMeta('Listas');

export async function loader({ url, context }: Route.LoaderArgs) {
  requireStaffPage(url, context);
  return { lookups: await listAllLookups(context.services.db) };
}

export default function Lookups({ loaderData }: Route.ComponentProps) {
  const { lookups } = loaderData;
  return (
    <AdminPage
      title="Listas"
      description="Las opciones del formulario de vehículos y de los filtros del sitio. Un cambio de nombre se ve en el sitio al instante; lo que usa algún vehículo no se puede eliminar."
    >
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {LOOKUP_KINDS.map((kind) => (
          <LookupCard
            key={kind}
            kind={kind}
            items={lookups[kind]}
            className={kind === 'caracteristicas' ? 'lg:col-span-2' : ''}
          />
        ))}
      </div>
    </AdminPage>
  );
}
