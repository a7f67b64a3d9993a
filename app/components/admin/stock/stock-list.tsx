import type { StockListItem, StockQuery, StockSort } from '@contracts/admin-stock.ts';
import { formatPatente } from '@contracts/patente.ts';
import { formatMileage, formatPrice, stockReference } from '@domain/format';
import { mediaPath, variantWidths } from '@domain/media';
import { hasValidCheckDigit } from '@domain/vin';
import { Link } from 'react-router';
import { AdminNotice, adminButton, td as cell, DataTable, th } from '~/components/admin/ui';
import { ArrowDown, ArrowUp, ArrowUpDown, ImageOff, Pencil } from '~/components/icons';
import { stockHref } from './stock-href.ts';
import { FeaturedToggle, QuickStatus, vehicleLabel } from './stock-row-controls.tsx';
import { useAction } from './use-action.ts';
import { PerformanceSummary } from './vehicle-performance.tsx';

/** Rows hold a thumbnail, so their text is centred on it. */
const td = cell.replace('align-top', 'align-middle');

function Thumbnail({ item, className }: { item: StockListItem; className: string }) {
  if (!item.foto) {
    return (
      <span className={`flex items-center justify-center bg-slate-100 text-slate-500 ${className}`}>
        <ImageOff aria-hidden className="size-5" />
        <span className="sr-only">Sin fotos</span>
      </span>
    );
  }
  const width = variantWidths(item.foto.width)[0] ?? item.foto.width;
  return (
    <img
      src={mediaPath(item.foto.hash, width, 'webp')}
      alt=""
      width={96}
      height={72}
      loading="lazy"
      decoding="async"
      className={`object-cover ${className}`}
    />
  );
}

/**
 * A vehicle the ad-catalog feeds leave out: both without a VIN, Google's with one that fails the check digit (ADR
 * 0021). Only worth saying for one that is published.
 */
/** The patente and external reference a person searches by, after the REF; nothing when it has neither. */
function identifiers(item: StockListItem): string {
  return [
    item.patente ? ` · ${formatPatente(item.patente)}` : '',
    item.referencia ? ` · Ref. ${item.referencia}` : '',
  ].join('');
}

function NoVinNote({ item }: { item: StockListItem }) {
  if (item.estado !== 'publicado') return null;
  if (!item.vin)
    return <p className="text-amber-800 text-xs">Sin VIN: no aparece en los catálogos de anuncios</p>;
  if (hasValidCheckDigit(item.vin)) return null;
  return (
    <p className="text-amber-800 text-xs">
      VIN sin dígito verificador válido: no aparece en el catálogo de Google
    </p>
  );
}

/** Sortable columns: the first click uses the natural direction, the next one reverses it. */
const SORTABLE: Record<string, [StockSort, StockSort | null]> = {
  Vehículo: ['marca', null],
  Año: ['anio-desc', 'anio-asc'],
  Precio: ['precio-asc', 'precio-desc'],
  Kilometraje: ['km-asc', 'km-desc'],
};
const DESCENDING = new Set<StockSort>(['anio-desc', 'precio-desc', 'km-desc']);

function SortHeader({
  label,
  query,
  className = '',
}: {
  label: string;
  query: StockQuery;
  className?: string;
}) {
  const [first, second] = SORTABLE[label] ?? ['recientes', null];
  const active = query.orden === first || query.orden === second;
  const next = active && second && query.orden === first ? second : first;
  const Icon = !active ? ArrowUpDown : DESCENDING.has(query.orden) ? ArrowDown : ArrowUp;
  return (
    <th
      scope="col"
      className={`${th} ${className}`}
      aria-sort={active ? (DESCENDING.has(query.orden) ? 'descending' : 'ascending') : undefined}
    >
      <Link
        to={stockHref(query, { orden: next })}
        className="inline-flex items-center gap-1 hover:text-brand-700"
      >
        {label}
        <Icon aria-hidden className={`size-3.5 ${active ? 'text-brand-700' : 'text-slate-400'}`} />
      </Link>
    </th>
  );
}

export function StockList({ items, query }: { items: StockListItem[]; query: StockQuery }) {
  const { run, busy, notice } = useAction();
  return (
    <>
      <AdminNotice notice={notice} />
      {/* Phones get cards; from md up, the table. */}
      <ul className="flex flex-col gap-3 md:hidden" aria-label="Vehículos">
        {items.map((item) => (
          <li key={item.id} className="rounded-xl border border-slate-200 bg-white p-3 shadow-xs">
            <div className="flex gap-3">
              <Thumbnail item={item} className="h-18 w-24 shrink-0 rounded-lg" />
              <div className="min-w-0 flex-1">
                <Link
                  to={`/admin/vehiculos/${item.id}`}
                  className="block truncate font-semibold text-brand-800 underline-offset-2 hover:underline"
                >
                  {item.marca} {item.modelo}
                </Link>
                <p className="text-slate-600 text-xs">
                  {stockReference(item.id)} · {item.condicion}
                  {identifiers(item)}
                </p>
                <NoVinNote item={item} />
                <p className="mt-1 font-semibold text-slate-900">{formatPrice(item.precio)}</p>
                <p className="text-slate-700 text-sm">
                  {item.año} · {formatMileage(item.kilometraje)}
                </p>
                <p>
                  <PerformanceSummary p={item.rendimiento} />
                </p>
              </div>
            </div>
            <div className="mt-2 flex items-center justify-between gap-2 border-slate-100 border-t pt-2">
              <QuickStatus item={item} run={run} busy={busy} />
              <div className="flex items-center gap-1">
                <FeaturedToggle item={item} run={run} busy={busy} />
                <Link
                  to={`/admin/vehiculos/${item.id}`}
                  className={adminButton.ghost}
                  aria-label={`Editar ${vehicleLabel(item)}`}
                >
                  <Pencil aria-hidden className="size-4" />
                  Editar
                </Link>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <DataTable caption="Vehículos en stock">
          <thead>
            <tr>
              <th scope="col" className={`${th} w-20`}>
                <span className="sr-only">Foto</span>
              </th>
              <SortHeader label="Vehículo" query={query} />
              <SortHeader label="Año" query={query} />
              <SortHeader label="Precio" query={query} className="text-right" />
              <SortHeader label="Kilometraje" query={query} className="text-right" />
              <th scope="col" className={th}>
                Interés <span className="font-normal normal-case">(vistas 7 / 30 días)</span>
              </th>
              <th scope="col" className={th}>
                Estado
              </th>
              <th scope="col" className={`${th} text-center`}>
                Destacado
              </th>
              <th scope="col" className={th}>
                <span className="sr-only">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} className="hover:bg-slate-50">
                <td className={`${td} py-2`}>
                  <Thumbnail item={item} className="h-12 w-16 rounded-md" />
                </td>
                <td className={td}>
                  <Link
                    to={`/admin/vehiculos/${item.id}`}
                    className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                  >
                    {item.marca} {item.modelo}
                  </Link>
                  <p className="text-slate-600 text-xs">
                    {stockReference(item.id)} · {item.condicion} · {item.fotos}{' '}
                    {item.fotos === 1 ? 'foto' : 'fotos'}
                    {identifiers(item)}
                  </p>
                  <NoVinNote item={item} />
                </td>
                <td className={td}>{item.año}</td>
                <td className={`${td} whitespace-nowrap text-right font-medium tabular-nums`}>
                  {formatPrice(item.precio)}
                </td>
                <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
                  {formatMileage(item.kilometraje)}
                </td>
                <td className={`${td} max-w-48`}>
                  <PerformanceSummary p={item.rendimiento} />
                </td>
                <td className={td}>
                  <QuickStatus item={item} run={run} busy={busy} />
                </td>
                <td className={`${td} py-1 text-center`}>
                  <FeaturedToggle item={item} run={run} busy={busy} />
                </td>
                <td className={`${td} py-1.5 text-right`}>
                  <Link
                    to={`/admin/vehiculos/${item.id}`}
                    className={adminButton.ghost}
                    aria-label={`Editar ${vehicleLabel(item)}`}
                  >
                    <Pencil aria-hidden className="size-4" />
                    Editar
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </div>
    </>
  );
}
