import {
  type DashboardData,
  LEAD_STATUS_LABELS,
  type LeadStatus,
  VEHICLE_STATUS_LABELS,
  type VehicleStatus,
} from '@contracts/admin-leads';
import { chileDayKey } from '@domain/chile-time';
import { formatPrice } from '@domain/format';
import { staleRateWarnings } from '@domain/maximum-rate';
import { mediaPath, variantWidths } from '@domain/media';
import { anonymizationNotice } from '@domain/retention';
import { loadDashboard } from '@server/services/admin/dashboard.ts';
import { loadDashboardInsights } from '@server/services/admin/dashboard-insights.ts';
import { salesReport, salesScope } from '@server/services/admin/sales.ts';
import { loadTeamPerformance } from '@server/services/admin/team-performance.ts';
import { googleFeedLeftOut } from '@server/services/feeds/google-feed.ts';
import { loadRightsDashboard, type RightsDashboard } from '@server/services/rights/rights-dashboard.ts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DashboardInsightsPanels } from '~/components/admin/dashboard/insights';
import { TeamPerformancePanel } from '~/components/admin/dashboard/team-performance';
import { LeadsPerDayChart } from '~/components/admin/leads/leads-per-day-chart';
import { AdminPage, adminMeta, Badge, Card, EmptyState } from '~/components/admin/ui';
import {
  AlarmClock,
  CalendarDays,
  Car,
  History,
  Inbox,
  Lock,
  Scale,
  TriangleAlert,
} from '~/components/icons';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/dashboard';

export const meta = () => adminMeta('Panel');

export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = requireStaffPage(url, context);
  const thisMonth = chileDayKey(new Date()).slice(0, 7);
  const dealership = await context.services.catalogue.dealership();
  const [panel, insights, team, rights, sales] = await Promise.all([
    loadDashboard(context.services.db, new Date(), dealership.privacy),
    loadDashboardInsights(context.services.db),
    // Admins only: a salesperson does not see the team's figures, nor the rights requests.
    staff.role === 'admin' ? loadTeamPerformance(context.services.db) : null,
    staff.role === 'admin' ? loadRightsDashboard(context.services.db, context.services.rights.now()) : null,
    // This month's sales: every one for admins, one's own for a salesperson (ADR 0038).
    salesReport(context.services.db, { desde: thisMonth, hasta: thisMonth }, salesScope(staff)),
  ]);
  return {
    panel,
    insights,
    team,
    rights,
    sales: { ...sales.totales, todas: sales.todas },
    staffName: staff.name,
    // A maximum-rate table or UF value too old to hold the quotes under the law in force (ADR 0042).
    rateWarnings: staleRateWarnings(dealership, chileDayKey(new Date())),
    canEditSettings: staff.role === 'admin',
    // Published vehicles Google's catalogue leaves out: their VIN fails the check digit (ADR 0021).
    googleLeftOut: googleFeedLeftOut(await context.services.catalogue.snapshot()),
  };
}

const STOCK_TONES = { draft: 'neutral', published: 'success', sold: 'info' } as const;
const STOCK_PLURAL: Record<VehicleStatus, string> = {
  published: 'Publicados',
  draft: 'Borradores',
  sold: 'Vendidos',
};

function Tile({
  label,
  value,
  icon: Icon,
  tone = 'plain',
  to,
  hint,
}: {
  label: string;
  value: number;
  icon: typeof Inbox;
  tone?: 'plain' | 'alert';
  to?: string;
  hint?: string;
}) {
  const alert = tone === 'alert' && value > 0;
  const body = (
    <>
      <span className="flex items-center justify-between gap-2">
        <span className={`font-medium text-sm ${alert ? 'text-red-900' : 'text-slate-700'}`}>{label}</span>
        <Icon aria-hidden className={`size-5 ${alert ? 'text-red-700' : 'text-brand-600'}`} />
      </span>
      <span
        className={`mt-2 block font-bold text-3xl tabular-nums ${alert ? 'text-red-800' : 'text-slate-900'}`}
      >
        {value.toLocaleString('es-CL')}
      </span>
      {hint ? (
        <span className={`mt-1 block text-xs ${alert ? 'text-red-800' : 'text-slate-600'}`}>{hint}</span>
      ) : null}
    </>
  );
  const box = `block rounded-xl border p-4 shadow-xs ${
    alert ? 'border-red-300 border-l-4 border-l-red-600 bg-red-50' : 'border-slate-200 bg-white'
  }`;
  return to ? (
    <Link to={to} className={`${box} transition hover:border-brand-600 hover:shadow-sm`}>
      {body}
    </Link>
  ) : (
    <div className={box}>{body}</div>
  );
}

/** Rights requests on their legal clock (ADR 0031): open, overdue in red, blocks still to answer. */
function RightsTiles({ rights }: { rights: RightsDashboard }) {
  return (
    <div className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="rights-tiles">
      <Tile
        label="Derechos abiertos"
        value={rights.abiertas}
        icon={Scale}
        to="/admin/derechos"
        hint="Solicitudes de datos personales por responder"
      />
      <Tile
        label="Derechos vencidos"
        value={rights.vencidas}
        icon={TriangleAlert}
        tone="alert"
        to="/admin/derechos"
        hint={rights.vencidas > 0 ? 'Pasó el plazo legal de respuesta' : 'Ninguno fuera de plazo'}
      />
      <Tile
        label="Bloqueos por responder"
        value={rights.bloqueosPendientes}
        icon={Lock}
        tone="alert"
        to="/admin/derechos"
        hint="Plazo: 2 días hábiles"
      />
    </div>
  );
}

function LeadsByKind({ panel }: { panel: DashboardData }) {
  const cell = 'border-slate-100 border-t px-3 py-2.5';
  const num = `${cell} text-right tabular-nums`;
  const link = 'font-semibold text-brand-800 underline underline-offset-2';
  return (
    <div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Solicitudes por responder, por tipo</caption>
        <thead>
          <tr className="text-slate-700 text-xs uppercase tracking-wide">
            <th scope="col" className="px-3 py-2 font-semibold">
              Tipo
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Nuevas
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-semibold sm:table-cell">
              Por vencer
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Vencidas
            </th>
          </tr>
        </thead>
        <tbody>
          {panel.leadsByKind.map((kind) => (
            <tr key={kind.kind} className={kind.vencidas > 0 ? 'bg-red-50/60' : undefined}>
              <th scope="row" className={`${cell} font-medium text-slate-900`}>
                {kind.label}
              </th>
              <td className={num}>
                {kind.nuevas > 0 ? (
                  <Link
                    to={`/admin/solicitudes?tipo=${kind.kind}&estado=nuevo`}
                    className={link}
                    aria-label={`${kind.nuevas} nuevas de ${kind.label}`}
                  >
                    {kind.nuevas}
                  </Link>
                ) : (
                  <span className="text-slate-500">0</span>
                )}
              </td>
              <td className={`${num} hidden sm:table-cell`}>
                {kind.porVencer > 0 ? (
                  <Badge tone="warning">{kind.porVencer}</Badge>
                ) : (
                  <span className="text-slate-500">0</span>
                )}
              </td>
              <td className={num}>
                {kind.vencidas > 0 ? (
                  <Link
                    to={`/admin/solicitudes?tipo=${kind.kind}&vencidas=1`}
                    aria-label={`${kind.vencidas} vencidas de ${kind.label}`}
                    className="inline-flex items-center gap-1 rounded-full bg-red-700 px-2.5 py-0.5 font-semibold text-white text-xs hover:bg-red-800"
                  >
                    <TriangleAlert aria-hidden className="size-3.5" />
                    {kind.vencidas}
                    <span className="sr-only"> vencidas</span>
                  </Link>
                ) : (
                  <span className="text-slate-500">0</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'Pruebas de manejo de hoy y mañana': when, which car, who, and the way to the lead (ADR 0020). */
function TestDrives({ drives }: { drives: DashboardData['testDrives'] }) {
  if (drives.length === 0)
    return <EmptyState>No hay pruebas de manejo agendadas para hoy ni mañana.</EmptyState>;
  return (
    <ul className="divide-y divide-slate-100">
      {drives.map((drive) => (
        <li key={drive.leadId} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2.5 text-sm">
          <span className="w-28 shrink-0 font-semibold text-slate-900 tabular-nums">
            {drive.day === 'hoy' ? 'Hoy' : 'Mañana'} {drive.time}
          </span>
          <span className="min-w-0 flex-1 text-slate-800">
            {drive.vehicle ?? 'Vehículo eliminado'} · {drive.client}
          </span>
          {drive.status !== 'nuevo' ? (
            <Badge tone="neutral">{LEAD_STATUS_LABELS[drive.status as LeadStatus] ?? drive.status}</Badge>
          ) : null}
          <Link
            to={`/admin/solicitudes/${drive.leadId}`}
            className="font-medium text-brand-800 underline underline-offset-2"
            aria-label={`Ver solicitud N° ${drive.leadId}: prueba de manejo de ${drive.client}`}
          >
            Ver solicitud
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Featured({ featured }: { featured: DashboardData['featured'] }) {
  if (featured.length === 0) return <EmptyState>No hay vehículos destacados.</EmptyState>;
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {featured.map((vehicle) => {
        const width = vehicle.photo ? (variantWidths(vehicle.photo.width)[0] ?? vehicle.photo.width) : 0;
        return (
          <li key={vehicle.id}>
            <Link
              to={vehicle.adminUrl}
              className="flex items-center gap-3 rounded-lg border border-slate-200 p-2 transition hover:border-brand-600 hover:bg-slate-50"
            >
              {vehicle.photo ? (
                <img
                  src={mediaPath(vehicle.photo.hash, width, 'webp')}
                  alt=""
                  width={96}
                  height={72}
                  loading="lazy"
                  className="h-[72px] w-24 shrink-0 rounded-md object-cover"
                />
              ) : (
                <span className="flex h-[72px] w-24 shrink-0 items-center justify-center rounded-md bg-slate-100">
                  <Car aria-hidden className="size-6 text-slate-400" />
                </span>
              )}
              <span className="min-w-0">
                <span className="line-clamp-2 font-semibold text-slate-900 leading-snug">{vehicle.name}</span>
                <span className="block text-slate-700 text-sm">{formatPrice(vehicle.price)}</span>
                <span className="mt-1 block">
                  <Badge tone={STOCK_TONES[vehicle.status]}>{VEHICLE_STATUS_LABELS[vehicle.status]}</Badge>
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-base text-slate-900">{title}</h2>
        {action}
      </div>
      {children}
    </Card>
  );
}

/** The tasa máxima convencional's table or the UF value is out of date: every quote is held under old figures. */
function RateWarnings({ warnings, canEditSettings }: { warnings: string[]; canEditSettings: boolean }) {
  return (
    <section
      aria-labelledby="tasa-maxima-aviso"
      data-testid="rate-warnings"
      className="mb-5 rounded-xl border border-amber-300 border-l-4 border-l-amber-600 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="tasa-maxima-aviso" className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden className="size-5 shrink-0 text-amber-700" />
        Tasa máxima convencional por actualizar
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        {canEditSettings ? (
          <Link to="/admin/sitio#tasa-maxima" className="font-medium underline underline-offset-2">
            Actualizar en Sitio › Tasa máxima convencional
          </Link>
        ) : (
          'Pide a un administrador que la actualice en Sitio.'
        )}
      </p>
    </section>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { panel, insights, team, rights, sales, staffName, rateWarnings, canEditSettings, googleLeftOut } =
    loaderData;
  const { totals } = panel;
  const stockOrder: VehicleStatus[] = ['published', 'draft', 'sold'];
  return (
    <AdminPage title="Panel" description={`Hola, ${staffName}. Esto es lo que requiere atención hoy.`}>
      {rateWarnings.length > 0 ? (
        <RateWarnings warnings={rateWarnings} canEditSettings={canEditSettings} />
      ) : null}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile
          label="Por responder"
          value={totals.nuevas}
          icon={Inbox}
          to="/admin/solicitudes?estado=nuevo"
          hint="Solicitudes en estado Nuevo"
        />
        <Tile
          label="Vencidas"
          value={totals.vencidas}
          icon={TriangleAlert}
          tone="alert"
          to="/admin/solicitudes?vencidas=1"
          hint={totals.vencidas > 0 ? 'Plazo de primer contacto cumplido' : 'Ninguna fuera de plazo'}
        />
        <Tile
          label="Por vencer"
          value={totals.porVencer}
          icon={AlarmClock}
          hint="En sus últimas horas de plazo"
        />
        <Tile
          label="Recibidas hoy"
          value={totals.hoy}
          icon={CalendarDays}
          hint={`${totals.ultimos30.toLocaleString('es-CL')} en 30 días`}
        />
      </div>

      {rights ? <RightsTiles rights={rights} /> : null}

      <div className="mt-5">
        <Section title="Pruebas de manejo de hoy y mañana">
          <TestDrives drives={panel.testDrives} />
        </Section>
      </div>

      <div className="mt-5 grid grid-cols-1 gap-5 lg:grid-cols-2">
        <Section
          title="Solicitudes por responder"
          action={
            <Link
              to="/admin/solicitudes"
              className="font-medium text-brand-800 text-sm underline underline-offset-2"
            >
              Ver todas
            </Link>
          }
        >
          <LeadsByKind panel={panel} />
        </Section>
        <Section title="Solicitudes de los últimos 30 días">
          <LeadsPerDayChart days={panel.perDay} />
        </Section>
      </div>

      <div className="mt-5 grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Section
          title="Stock"
          action={
            <Link
              to="/admin/vehiculos"
              className="font-medium text-brand-800 text-sm underline underline-offset-2"
            >
              Ver vehículos
            </Link>
          }
        >
          <dl className="grid grid-cols-3 gap-2 lg:grid-cols-1">
            {stockOrder.map((status) => (
              <div
                key={status}
                className="rounded-lg bg-slate-50 px-3 py-2.5 lg:flex lg:items-center lg:justify-between"
              >
                <dt className="text-slate-700 text-sm">{STOCK_PLURAL[status]}</dt>
                <dd className="font-bold text-2xl text-slate-900 tabular-nums">{panel.stock[status]}</dd>
              </div>
            ))}
          </dl>
          {googleLeftOut > 0 ? (
            <p className="mt-3 text-amber-900 text-sm" data-testid="google-left-out">
              {googleLeftOut === 1
                ? '1 vehículo publicado no aparece en el catálogo de Google: su VIN no pasa el dígito verificador.'
                : `${googleLeftOut} vehículos publicados no aparecen en el catálogo de Google: su VIN no pasa el dígito verificador.`}
            </p>
          ) : null}
        </Section>
        <Section title="Vehículos destacados">
          <Featured featured={panel.featured} />
        </Section>
      </div>

      <div className="mt-5">
        <Section
          title={sales.todas ? 'Ventas de este mes' : 'Tus ventas de este mes'}
          action={
            <Link
              to="/admin/ventas"
              className="font-medium text-brand-800 text-sm underline underline-offset-2"
            >
              Ver informe de ventas
            </Link>
          }
        >
          <dl className="grid grid-cols-2 gap-2 lg:grid-cols-4" data-testid="sales-month">
            {[
              ['Ventas', sales.ventas.toLocaleString('es-CL')],
              ['Total vendido', formatPrice(sales.total)],
              ['Días en stock (promedio)', sales.diasPromedio === null ? '—' : String(sales.diasPromedio)],
              ...(sales.todas ? [['Margen', sales.margen === null ? '—' : formatPrice(sales.margen)]] : []),
            ].map(([term, value]) => (
              <div key={term} className="rounded-lg bg-slate-50 px-3 py-2.5">
                <dt className="text-slate-700 text-sm">{term}</dt>
                <dd className="font-bold text-slate-900 text-xl tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </Section>
      </div>

      <div className="mt-5">
        <Section title="Conservación de datos">
          <p className="flex items-start gap-2 text-slate-900">
            <History aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
            <span>{anonymizationNotice(panel.retention.leads, panel.retention.days)}</span>
          </p>
          <p className="mt-1 text-slate-600 text-sm">
            Cada día se anonimizan las solicitudes sin actividad durante el plazo de su tipo, fijado en la
            configuración del sitio.
          </p>
        </Section>
      </div>

      <DashboardInsightsPanels insights={insights} />
      {team ? <TeamPerformancePanel rows={team} /> : null}
    </AdminPage>
  );
}
