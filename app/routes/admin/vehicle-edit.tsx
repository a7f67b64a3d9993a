import {
  PUBLISH_WITHOUT_PHOTOS,
  type StockStatus,
  VEHICLE_FIELD_LABEL,
  type VehicleInput,
} from '@contracts/admin-stock.ts';
import { dbIdFromText } from '@contracts/db-id.ts';
import { stockReference } from '@domain/format';
import { listAllLookups } from '@server/services/admin/lookups.ts';
import { vehicleSale } from '@server/services/admin/sales.ts';
import { getStockVehicle } from '@server/services/admin/stock-queries.ts';
import { useState } from 'react';
import { data, useLocation, useNavigate, useRevalidator } from 'react-router';
import { ConfirmButton } from '~/components/admin/stock/confirm-button';
import { PhotoManager } from '~/components/admin/stock/photo-manager';
import { PriceHistory } from '~/components/admin/stock/price-history';
import { SaleCard } from '~/components/admin/stock/sale-card';
import { StatusBadge } from '~/components/admin/stock/status-badge';
import type { Notice } from '~/components/admin/stock/use-action';
import { VehicleForm } from '~/components/admin/stock/vehicle-form';
import { PerformanceCard } from '~/components/admin/stock/vehicle-performance';
import { AdminNotice, AdminPage, adminButton, adminMeta } from '~/components/admin/ui';
import { ExternalLink, Trash2 } from '~/components/icons';
import { adminFetch, refusalText } from '~/lib/admin/api-client';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/vehicle-edit';

export const meta = ({ data: loaderData }: Route.MetaArgs) =>
  adminMeta(loaderData ? `${loaderData.vehicle.nombre} ${loaderData.vehicle.año}` : 'Vehículo');

export async function loader({ url, context, params }: Route.LoaderArgs) {
  const staff = requireStaffPage(url, context);
  const id = dbIdFromText(params.id);
  const { db, config } = context.services;
  const vehicle = id === null ? null : await getStockVehicle(db, id, config.publicUrl);
  if (!vehicle) throw data('Vehículo no encontrado', { status: 404 });
  const [lookups, sale] = await Promise.all([listAllLookups(db), vehicleSale(db, vehicle.id, staff)]);
  return { vehicle, lookups, sale, viewer: { id: staff.id, role: staff.role } };
}

/** What a save did, said beside the button: the fields it changed, or that there was nothing to save. */
function savedText(changed: (keyof VehicleInput)[]): string {
  if (changed.length === 0) return 'No había cambios que guardar.';
  return `Cambios guardados: ${changed.map((field) => VEHICLE_FIELD_LABEL[field] ?? field).join(', ')}.`;
}

function createdText(photos: number, status: StockStatus): string {
  const state = status === 'publicado' ? 'y publicado' : 'como borrador';
  if (photos === 0) return `Vehículo creado ${state}, sin fotos. Agrégalas en «Fotos».`;
  return `Vehículo creado ${state}, con ${photos === 1 ? '1 foto' : `${photos} fotos`}.`;
}

export default function VehicleEdit({ loaderData }: Route.ComponentProps) {
  const { vehicle, lookups, sale, viewer } = loaderData;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // Just created: how many photos it was created with.
  const created = (useLocation().state as { created?: number } | null)?.created;
  const [pageNotice, setPageNotice] = useState<Notice>(null);

  async function deleteVehicle() {
    try {
      await adminFetch(`/admin/api/vehiculos/${vehicle.id}`, { method: 'DELETE' });
      navigate('/admin/vehiculos', {
        replace: true,
        state: { deleted: `Se eliminó ${vehicle.nombre} ${vehicle.año}.` },
      });
    } catch (error) {
      setPageNotice({ tone: 'error', text: refusalText(error) });
    }
  }

  return (
    <AdminPage
      title={`${vehicle.nombre} ${vehicle.año}`}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          {stockReference(vehicle.id)} <StatusBadge status={vehicle.estado} />
          {vehicle.destacado ? <span className="text-amber-800">★ Destacado</span> : null}
        </span>
      }
      actions={
        <>
          {/* A sold vehicle keeps its page, with the 'Vendido' notice (ADR 0018). */}
          {vehicle.estado !== 'borrador' ? (
            <a
              href={`/vehicles/${vehicle.id}`}
              target="_blank"
              rel="noopener"
              className={adminButton.secondary}
            >
              <ExternalLink aria-hidden className="size-4" />
              Ver en el sitio
            </a>
          ) : null}
          <ConfirmButton
            label={
              <>
                <Trash2 aria-hidden className="size-4" />
                Eliminar vehículo
              </>
            }
            className={`${adminButton.secondary} border-red-300 text-red-800 hover:bg-red-50`}
            confirmLabel="Eliminar vehículo"
            onConfirm={deleteVehicle}
          >
            ¿Eliminar {vehicle.nombre} {vehicle.año} con sus fotos? No se puede deshacer. Si se vendió, mejor
            registra la venta.
          </ConfirmButton>
        </>
      }
    >
      <AdminNotice notice={pageNotice} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem] xl:items-start">
        <VehicleForm
          // A sale recorded or undone beside it changes the status: the form starts again from the saved vehicle.
          key={`${vehicle.id}-${vehicle.estado === 'vendido'}`}
          lookups={lookups}
          vehicle={vehicle}
          notice={
            typeof created === 'number'
              ? { tone: 'success', text: createdText(created, vehicle.estado) }
              : null
          }
          onSave={async (input, { publicarSinFotos }) => {
            const { cambios } = await adminFetch<{ cambios: (keyof VehicleInput)[] }>(
              `/admin/api/vehiculos/${vehicle.id}`,
              { method: 'PUT', body: { ...input, [PUBLISH_WITHOUT_PHOTOS]: publicarSinFotos } },
            );
            await revalidator.revalidate();
            return { tone: 'success', text: savedText(cambios) };
          }}
        />
        <div className="space-y-6">
          <SaleCard
            vehicleId={vehicle.id}
            vehicleName={`${vehicle.nombre} ${vehicle.año}`}
            status={vehicle.estado}
            listPrice={vehicle.precio}
            sale={sale}
            viewer={viewer}
            onChanged={() => revalidator.revalidate()}
          />
          <PerformanceCard p={vehicle.rendimiento} />
          <PhotoManager vehicleId={vehicle.id} photos={vehicle.fotos} />
          <PriceHistory changes={vehicle.historialPrecios} />
        </div>
      </div>
    </AdminPage>
  );
}
