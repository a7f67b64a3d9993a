// The quick changes of the list: status and featured flag, saved at once through the PATCH route.

import {
  STOCK_STATUS_LABEL,
  STOCK_STATUSES,
  type StockListItem,
  type StockStatus,
} from '@contracts/admin-stock.ts';
import { useState } from 'react';
import { useHydrated } from '~/components/forms/form-parts';
import { ChevronDown, Star } from '~/components/icons';
import { adminFetch } from '~/lib/admin/api-client';
import { SaleDialog, UndoSaleDialog, useSaleViewer } from './sale-dialog.tsx';
import type { useAction } from './use-action.ts';

type Run = ReturnType<typeof useAction>['run'];

const SELECT_TONE: Record<StockStatus, string> = {
  borrador: 'bg-slate-100 text-slate-800 ring-slate-400',
  publicado: 'bg-green-50 text-green-900 ring-green-600',
  vendido: 'bg-brand-50 text-brand-900 ring-brand-400',
};

const patch = (id: number, body: object) =>
  adminFetch(`/admin/api/vehiculos/${id}`, { method: 'PATCH', body });

export function vehicleLabel(item: Pick<StockListItem, 'marca' | 'modelo' | 'año'>): string {
  return `${item.marca} ${item.modelo} ${item.año}`;
}

/**
 * A status badge that is also the control to change it. Choosing «Vendido» opens the sale's dialog, leaving it the
 * dialog that undoes the sale (ADR 0038); drafts and published change at once.
 */
export function QuickStatus({ item, run, busy }: { item: StockListItem; run: Run; busy: boolean }) {
  const hydrated = useHydrated();
  const viewer = useSaleViewer();
  const [dialog, setDialog] = useState<'sell' | 'undo' | null>(null);
  const label = vehicleLabel(item);
  return (
    <span className="relative inline-flex">
      {dialog === 'sell' && viewer ? (
        <SaleDialog
          vehicleId={item.id}
          vehicleName={label}
          listPrice={item.precio}
          viewer={viewer}
          onClose={() => setDialog(null)}
          onSaved={async () => {
            await run(async () => undefined, `${label}: venta registrada. Está en el informe de ventas.`);
          }}
        />
      ) : null}
      {dialog === 'undo' ? (
        <UndoSaleDialog
          vehicleId={item.id}
          vehicleName={label}
          onClose={() => setDialog(null)}
          onUndone={async () => {
            await run(async () => undefined, `${label}: venta deshecha, está publicado otra vez.`);
          }}
        />
      ) : null}
      <select
        aria-label={`Estado de ${vehicleLabel(item)}`}
        value={item.estado}
        disabled={!hydrated}
        aria-disabled={busy || undefined}
        onChange={(event) => {
          const estado = event.currentTarget.value as StockStatus;
          if (busy) return;
          if (estado === 'vendido') return setDialog('sell');
          if (item.estado === 'vendido') return setDialog('undo');
          void run(
            () => patch(item.id, { estado }),
            `${vehicleLabel(item)}: ahora está ${STOCK_STATUS_LABEL[estado].toLowerCase()}.`,
          );
        }}
        className={`min-h-8 appearance-none rounded-full py-1 pr-7 pl-3 font-medium text-xs ring-1 ring-inset ${SELECT_TONE[item.estado]} disabled:opacity-100`}
      >
        {STOCK_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STOCK_STATUS_LABEL[status]}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-2 size-3.5 -translate-y-1/2"
      />
    </span>
  );
}

export function FeaturedToggle({ item, run, busy }: { item: StockListItem; run: Run; busy: boolean }) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      aria-pressed={item.destacado}
      aria-label={`Destacado: ${vehicleLabel(item)}`}
      title={item.destacado ? 'Destacado (clic para quitar)' : 'No destacado (clic para destacar)'}
      disabled={!hydrated}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (busy) return;
        void run(
          () => patch(item.id, { destacado: !item.destacado }),
          `${vehicleLabel(item)}: ${item.destacado ? 'ya no es destacado' : 'ahora es destacado'}.`,
        );
      }}
      className="inline-flex size-10 items-center justify-center rounded-lg hover:bg-amber-50 disabled:cursor-default"
    >
      <Star
        aria-hidden
        className={`size-5 ${item.destacado ? 'fill-amber-400 text-amber-600' : 'text-slate-400'}`}
      />
    </button>
  );
}
