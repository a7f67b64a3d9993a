import type { DashboardInsights } from '@contracts/admin-insights';
import { Link } from 'react-router';
import { Card } from '~/components/admin/ui';

const number = (value: number) => value.toLocaleString('es-CL');

/** 'Solicitudes por origen (últimos 30 días)': utm_source, else the referring site, else 'Directo'. */
function LeadsBySource({ rows }: { rows: DashboardInsights['leadsBySource'] }) {
  if (rows.length === 0)
    return <p className="text-slate-700 text-sm">Sin solicitudes en los últimos 30 días.</p>;
  const top = Math.max(...rows.map((row) => row.count));
  return (
    <table className="w-full text-left text-sm" data-testid="leads-by-source">
      <caption className="sr-only">Solicitudes por origen, últimos 30 días</caption>
      <thead>
        <tr className="text-slate-700 text-xs uppercase tracking-wide">
          <th scope="col" className="px-3 py-2 font-semibold">
            Origen
          </th>
          <th scope="col" className="px-3 py-2 text-right font-semibold">
            Solicitudes
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.source}>
            <th scope="row" className="border-slate-100 border-t px-3 py-2 font-medium text-slate-900">
              <span className="block break-words">{row.source}</span>
              <span
                aria-hidden
                className="mt-1 block h-1.5 rounded-full bg-brand-600"
                style={{ width: `${Math.max(4, Math.round((row.count / top) * 100))}%` }}
              />
            </th>
            <td className="border-slate-100 border-t px-3 py-2 text-right align-top tabular-nums">
              {number(row.count)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 'Más vistos sin solicitudes': published cars people look at and nobody asks about. */
function ViewedWithoutLeads({ rows }: { rows: DashboardInsights['viewedWithoutLeads'] }) {
  if (rows.length === 0) {
    return (
      <p className="text-slate-700 text-sm">Todos los vehículos vistos este mes recibieron solicitudes.</p>
    );
  }
  return (
    <>
      <p className="mb-2 text-slate-700 text-sm">
        Muchas vistas y ninguna solicitud en 30 días: revisa el precio o las fotos.
      </p>
      <ol className="divide-y divide-slate-100" data-testid="viewed-without-leads">
        {rows.map((row) => (
          <li key={row.id} className="flex items-baseline justify-between gap-3 py-2 text-sm">
            <Link
              to={row.adminUrl}
              className="min-w-0 break-words font-medium text-brand-800 underline underline-offset-2"
            >
              {row.name}
            </Link>
            <span className="shrink-0 text-slate-700 tabular-nums">{number(row.views)} vistas</span>
          </li>
        ))}
      </ol>
    </>
  );
}

export function DashboardInsightsPanels({ insights }: { insights: DashboardInsights }) {
  return (
    <div className="mt-5 grid grid-cols-1 gap-5 lg:grid-cols-2">
      <Card title="Solicitudes por origen (últimos 30 días)">
        <LeadsBySource rows={insights.leadsBySource} />
      </Card>
      <Card title="Más vistos sin solicitudes">
        <ViewedWithoutLeads rows={insights.viewedWithoutLeads} />
      </Card>
    </div>
  );
}
