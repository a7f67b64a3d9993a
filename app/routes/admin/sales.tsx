// The sales report (issue 31 item 5, ADR 0038): a period of months; totals; per month, salesperson and source, with
// the average days in stock and, for admins, the margin of the sales whose cost was entered; every sale, and its CSV.
// Admins see every sale; a salesperson sees their own, without costs or margins.

import { type SaleRow, type SalesGroup, SalesQuerySchema } from '@contracts/admin-sales.ts';
import { dayKeyToChile } from '@domain/chile-time';
import { formatPrice, stockReference } from '@domain/format';
import { salesReport, salesScope } from '@server/services/admin/sales.ts';
import { Link } from 'react-router';
import {
  AdminPage,
  adminButton,
  adminMeta,
  Card,
  DataTable,
  EmptyState,
  td,
  th,
} from '~/components/admin/ui';
import { Download } from '~/components/icons';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/sales';

export const meta = () => adminMeta('Informe de ventas');

export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = requireStaffPage(url, context);
  const query = SalesQuerySchema.parse(Object.fromEntries(url.searchParams));
  return { report: await salesReport(context.services.db, query, salesScope(staff)) };
}

const num = `${td} text-right tabular-nums`;
const thNum = `${th} text-right`;
const days = (value: number | null) => (value === null ? '—' : String(value));
const money = (value: number | null) => (value === null ? '—' : formatPrice(value));

function GroupTable({
  caption,
  first,
  groups,
  margins,
  hideEmpty = false,
}: {
  caption: string;
  first: string;
  groups: SalesGroup[];
  margins: boolean;
  hideEmpty?: boolean;
}) {
  const lines = hideEmpty ? groups.filter((g) => g.ventas > 0) : groups;
  if (lines.length === 0) return <EmptyState>Sin ventas en el período.</EmptyState>;
  // Its own scrolling box (a card is half the page on a desktop): focusable, so a keyboard can scroll it too.
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard.
      tabIndex={0}
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <table className="w-full min-w-[26rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={th}>
              {first}
            </th>
            <th scope="col" className={thNum}>
              Ventas
            </th>
            <th scope="col" className={thNum}>
              Total vendido
            </th>
            <th scope="col" className={thNum}>
              Días en stock (promedio)
            </th>
            {margins ? (
              <th scope="col" className={thNum}>
                Margen
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {lines.map((g) => (
            <tr key={g.clave}>
              <th scope="row" className={`${td} font-medium`}>
                {g.nombre}
              </th>
              <td className={num}>{g.ventas}</td>
              <td className={num}>{g.ventas === 0 ? '—' : formatPrice(g.total)}</td>
              <td className={num}>{days(g.diasPromedio)}</td>
              {margins ? (
                <td className={num}>
                  {money(g.margen)}
                  {g.margen !== null && g.conCosto < g.ventas ? (
                    <span className="block text-slate-600 text-xs">
                      {g.conCosto} de {g.ventas} con costo
                    </span>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function SalesList({ sales, margins }: { sales: SaleRow[]; margins: boolean }) {
  if (sales.length === 0) return <EmptyState>Sin ventas en el período.</EmptyState>;
  return (
    <DataTable caption="Ventas del período, la más reciente primero">
      <thead>
        <tr>
          <th scope="col" className={th}>
            Fecha
          </th>
          <th scope="col" className={th}>
            Vehículo
          </th>
          <th scope="col" className={thNum}>
            Precio final
          </th>
          {margins ? (
            <th scope="col" className={thNum}>
              Margen
            </th>
          ) : null}
          <th scope="col" className={th}>
            Vendedor
          </th>
          <th scope="col" className={th}>
            Fuente
          </th>
          <th scope="col" className={thNum}>
            Días en stock
          </th>
        </tr>
      </thead>
      <tbody>
        {sales.map((s) => (
          <tr key={s.id}>
            <td className={`${td} tabular-nums`}>{dayKeyToChile(s.fecha)}</td>
            <td className={td}>
              <Link
                to={`/admin/vehiculos/${s.vehiculoId}`}
                className="font-medium text-brand-800 underline underline-offset-2"
              >
                {s.vehiculo}
              </Link>
              <span className="block text-slate-600 text-xs">{stockReference(s.vehiculoId)}</span>
            </td>
            <td className={num}>
              {formatPrice(s.precio)}
              {s.precio !== s.precioPublicado ? (
                <span className="block text-slate-600 text-xs">
                  publicado {formatPrice(s.precioPublicado)}
                </span>
              ) : null}
            </td>
            {margins ? <td className={num}>{money(s.margen)}</td> : null}
            <td className={td}>{s.vendedor}</td>
            <td className={td}>
              {s.solicitudId ? (
                <Link
                  to={`/admin/solicitudes/${s.solicitudId}`}
                  className="text-brand-800 underline underline-offset-2"
                >
                  {s.fuente}
                </Link>
              ) : (
                s.fuente
              )}
            </td>
            <td className={num}>{days(s.diasEnStock)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
      <dt className="font-medium text-slate-700 text-sm">{label}</dt>
      <dd className="mt-1 font-bold text-slate-900 text-xl tabular-nums sm:text-2xl">{value}</dd>
      {hint ? <dd className="mt-1 text-slate-600 text-xs">{hint}</dd> : null}
    </div>
  );
}

export default function SalesPage({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  const { totales, todas } = report;
  const period = new URLSearchParams({ desde: report.desde, hasta: report.hasta }).toString();
  return (
    <AdminPage
      title="Informe de ventas"
      description={
        todas
          ? 'Las ventas registradas, por mes, vendedor y fuente de la solicitud. Las ventas deshechas no cuentan.'
          : 'Tus ventas registradas, por mes y fuente de la solicitud. Las ventas deshechas no cuentan.'
      }
      actions={
        <a href={`/admin/api/ventas.csv?${period}`} className={adminButton.secondary} download>
          <Download aria-hidden className="size-4" />
          Descargar CSV
        </a>
      }
    >
      <form method="get" className="mb-5 flex flex-wrap items-end gap-3">
        <MonthField label="Desde (mes)" name="desde" value={report.desde} />
        <MonthField label="Hasta (mes)" name="hasta" value={report.hasta} />
        <button type="submit" className={adminButton.secondary}>
          Ver período
        </button>
      </form>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Ventas" value={totales.ventas.toLocaleString('es-CL')} />
        <Figure label="Total vendido" value={formatPrice(totales.total)} />
        <Figure
          label="Días en stock"
          value={days(totales.diasPromedio)}
          hint="Promedio, de la publicación a la venta"
        />
        {todas ? (
          <Figure
            label="Margen"
            value={money(totales.margen)}
            hint={`De ${totales.conCosto} ${totales.conCosto === 1 ? 'venta' : 'ventas'} con costo registrado`}
          />
        ) : null}
      </dl>

      {/* minmax(0, 1fr) and min-w-0: a wide table scrolls inside its card instead of widening the page. */}
      <div className="mt-5 grid grid-cols-[minmax(0,1fr)] gap-5 xl:grid-cols-2">
        <Card title="Por mes" className="min-w-0">
          <GroupTable caption="Ventas por mes" first="Mes" groups={report.porMes} margins={todas} />
        </Card>
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-5">
          {todas ? (
            <Card title="Por vendedor" className="min-w-0">
              <GroupTable
                caption="Ventas por vendedor"
                first="Vendedor"
                groups={report.porVendedor}
                margins={todas}
                hideEmpty
              />
            </Card>
          ) : null}
          <Card title="Por fuente" className="min-w-0">
            <GroupTable
              caption="Ventas por fuente de la solicitud"
              first="Fuente"
              groups={report.porFuente}
              margins={todas}
              hideEmpty
            />
          </Card>
        </div>
      </div>

      <h2 className="mt-6 mb-3 font-semibold text-lg text-slate-900">Ventas del período</h2>
      <SalesList sales={report.ventas} margins={todas} />
    </AdminPage>
  );
}

/** One end of the report's period, a month (`aaaa-mm`), sent in the address. */
function MonthField({ label, name, value }: { label: string; name: string; value: string }) {
  return (
    <label className="grid gap-1 text-sm">
      <span className="font-medium text-slate-800">{label}</span>
      <input
        type="month"
        name={name}
        defaultValue={value}
        className="rounded-lg border border-slate-500 bg-white px-3 py-2 text-base"
      />
    </label>
  );
}
