// The «Venta» card of a vehicle's page (ADR 0038): the button that records the sale, or, once sold, what was
// recorded (day, price, salesperson, request, days in stock; cost and margin for admins) and the way to undo it.

import type { VehicleSale } from '@contracts/admin-sales.ts';
import type { StockStatus } from '@contracts/admin-stock.ts';
import { dayKeyToChile } from '@domain/chile-time';
import { formatPrice } from '@domain/format';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminNotice, adminButton, Card } from '~/components/admin/ui';
import { useHydrated } from '~/components/forms/form-parts';
import { SaleDialog, type SaleViewer, UndoSaleDialog } from './sale-dialog.tsx';
import type { Notice } from './use-action.ts';

export function SaleCard({
  vehicleId,
  vehicleName,
  status,
  listPrice,
  sale,
  viewer,
  onChanged,
}: {
  vehicleId: number;
  vehicleName: string;
  status: StockStatus;
  listPrice: number;
  sale: VehicleSale | null;
  viewer: SaleViewer;
  /** After a sale is recorded or undone: reload the page's data. */
  onChanged: () => Promise<void>;
}) {
  const hydrated = useHydrated();
  const [dialog, setDialog] = useState<'sell' | 'undo' | null>(null);
  // The outcome shows in the card, where the person pressed the button.
  const [notice, setNotice] = useState<Notice>(null);
  const changed = (text: string) => async () => {
    await onChanged();
    setNotice({ tone: 'success', text });
  };
  const sold = status === 'vendido';
  // The server's rule (sales.ts): an admin, or whoever recorded the sale; a car sold before sales were recorded, admins.
  const canUndo = sale ? sale.puedeDeshacer : viewer.role === 'admin';
  const rows: [string, string][] = sale
    ? [
        ['Fecha', dayKeyToChile(sale.fecha)],
        ['Precio final', formatPrice(sale.precio)],
        ['Precio publicado', formatPrice(sale.precioPublicado)],
        ['Vendedor', sale.vendedor.nombre],
        ['Días en stock', sale.diasEnStock === null ? 'Nunca se publicó' : String(sale.diasEnStock)],
        ['Fuente', sale.fuente ?? (sale.solicitud ? 'Solicitud anonimizada' : 'Sin solicitud')],
        ...(viewer.role === 'admin'
          ? ([
              ['Costo', sale.costo === null ? 'No registrado' : formatPrice(sale.costo)],
              ['Margen', sale.costo === null ? '—' : formatPrice(sale.precio - sale.costo)],
            ] as [string, string][])
          : []),
        ['Registrada por', sale.registradaPor ?? 'Cuenta eliminada'],
      ]
    : [];
  return (
    <Card>
      <h2 className="font-semibold text-base text-slate-900">Venta</h2>
      <div className="mt-2 empty:hidden">
        <AdminNotice notice={notice} />
      </div>
      {dialog === 'sell' ? (
        <SaleDialog
          vehicleId={vehicleId}
          vehicleName={vehicleName}
          listPrice={listPrice}
          viewer={viewer}
          onClose={() => setDialog(null)}
          onSaved={changed('Venta registrada. El vehículo está vendido y cuenta en el informe de ventas.')}
        />
      ) : null}
      {dialog === 'undo' ? (
        <UndoSaleDialog
          vehicleId={vehicleId}
          vehicleName={vehicleName}
          onClose={() => setDialog(null)}
          onUndone={changed('Venta deshecha. El vehículo está publicado otra vez.')}
        />
      ) : null}
      {sold ? (
        <>
          {sale ? (
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              {rows.map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="text-slate-600">{term}</dt>
                  <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
                </div>
              ))}
              {sale.solicitud ? (
                <div className="contents">
                  <dt className="text-slate-600">Solicitud</dt>
                  <dd>
                    <Link
                      to={`/admin/solicitudes/${sale.solicitud.id}`}
                      className="font-medium text-brand-800 underline underline-offset-2"
                    >
                      N° {sale.solicitud.id} · {sale.solicitud.nombre}
                    </Link>
                  </dd>
                </div>
              ) : null}
            </dl>
          ) : (
            <p className="mt-2 text-slate-700 text-sm">
              Se marcó como vendido antes de que se registraran las ventas: no tiene fecha, precio ni
              vendedor.
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            <Link to="/admin/ventas" className={adminButton.secondary}>
              Ver informe de ventas
            </Link>
            {canUndo ? (
              <button
                type="button"
                className={adminButton.secondary}
                disabled={!hydrated}
                onClick={() => setDialog('undo')}
              >
                Deshacer venta
              </button>
            ) : null}
          </div>
        </>
      ) : (
        <>
          <p className="mt-2 text-slate-700 text-sm">
            Cuando se venda, regístralo aquí con la fecha, el precio final y quién lo vendió: sale del sitio y
            cuenta en el informe de ventas.
          </p>
          <button
            type="button"
            className={`${adminButton.primary} mt-4`}
            disabled={!hydrated}
            onClick={() => setDialog('sell')}
          >
            Registrar venta
          </button>
        </>
      )}
    </Card>
  );
}
