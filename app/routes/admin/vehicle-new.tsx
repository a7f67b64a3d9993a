import {
  PUBLISH_WITHOUT_PHOTOS,
  STOCK_PHOTO_LIMITS,
  type StockVehicleDetail,
} from '@contracts/admin-stock.ts';
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
      description="Agrega sus fotos y sus datos; se guarda como borrador salvo que elijas publicarlo."
    >
      <div className="max-w-4xl">
        <VehicleForm
          lookups={loaderData.lookups}
          onSave={async (input, { publicarSinFotos, fotos }) => {
            // The photos travel with the form: one request, one transaction, so a refused photo creates nothing.
            const body = new FormData();
            body.append('datos', JSON.stringify({ ...input, [PUBLISH_WITHOUT_PHOTOS]: publicarSinFotos }));
            for (const file of fotos) body.append(STOCK_PHOTO_LIMITS.field, file);
            const { vehiculo } = await adminFetch<{ vehiculo: StockVehicleDetail }>('/admin/api/vehiculos', {
              method: 'POST',
              body,
            });
            // The edit page takes over: it holds the photo manager, and says what was created in its save bar.
            navigate(`/admin/vehiculos/${vehiculo.id}`, { state: { created: vehiculo.fotos.length } });
            return null;
          }}
        />
      </div>
    </AdminPage>
  );
}
