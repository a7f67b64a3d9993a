import type { StockVehicleDetail } from '@contracts/admin-stock.ts';
import { listAllLookups } from '@server/services/admin/lookups.ts';
import { useNavigate } from 'react-router';
import { VehicleForm } from '~/components/admin/stock/vehicle-form';
import { AdminPage, adminMeta } from '~/components/admin/ui';
import { adminFetch } from '~/lib/admin/api-client';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/vehicle-new';

export const meta = () => adminMeta('Nuevo vehículo');

export async function loader({ url, context }: Route.LoaderArgs) {
  requireStaffPage(url, context);
  return { lookups: await listAllLookups(context.services.db) };
}

export default function VehicleNew({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  return (
    <AdminPage
      title="Nuevo vehículo"
      description="Se guarda como borrador salvo que elijas publicarlo. Las fotos se agregan después de crearlo."
    >
      <div className="max-w-4xl">
        <VehicleForm
          lookups={loaderData.lookups}
          onSave={async (input) => {
            const { vehiculo } = await adminFetch<{ vehiculo: StockVehicleDetail }>('/admin/api/vehiculos', {
              body: input,
            });
            // The edit page takes over: it holds the photo manager.
            navigate(`/admin/vehiculos/${vehiculo.id}`, { state: { created: true } });
            return null;
          }}
        />
      </div>
    </AdminPage>
  );
}
