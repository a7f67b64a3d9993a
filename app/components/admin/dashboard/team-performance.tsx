import type { TeamMemberPerformance } from '@contracts/admin-insights';
import { formatDuration } from '@domain/lead-deadline';
import { Link } from 'react-router';
import { Badge, Card, DataTable, td, th } from '~/components/admin/ui';

const number = (value: number) => value.toLocaleString('es-CL');
const numeric = 'text-right tabular-nums';
const median = (row: TeamMemberPerformance) =>
  row.medianFirstContactSeconds === null ? '—' : formatDuration(row.medianFirstContactSeconds * 1000);

/** An admin's or a deactivated account's row (issue 31): its leads count here, once, like everyone's. */
function NoteBadge({ row }: { row: TeamMemberPerformance }) {
  if (!row.note) return null;
  return <Badge tone={row.note === 'Cuenta desactivada' ? 'warning' : 'info'}>{row.note}</Badge>;
}

/** On a phone each person is a small card: a wide table would scroll sideways. */
function TeamCards({ rows }: { rows: TeamMemberPerformance[] }) {
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label="Equipo de ventas, últimos 30 días">
      {rows.map((row) => (
        <li key={row.ownerId ?? 'nadie'} className="rounded-lg border border-slate-200 p-3">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 text-sm">
            {row.name}
            <NoteBadge row={row} />
          </p>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-700">Asignadas</dt>
            <dd className={numeric}>{number(row.assigned)}</dd>
            <dt className="text-slate-700">Mediana al primer contacto</dt>
            <dd className={numeric}>{median(row)}</dd>
            <dt className="text-slate-700">Vencidas ahora</dt>
            <dd className={`${numeric} ${row.overdue > 0 ? 'font-semibold text-red-800' : ''}`}>
              {number(row.overdue)}
            </dd>
            <dt className="text-slate-700">Cerradas</dt>
            <dd className={numeric}>{number(row.closed)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** 'Equipo de ventas' (admins only): each salesperson's leads of 30 days, median first contact, overdue and closed. */
export function TeamPerformancePanel({ rows }: { rows: TeamMemberPerformance[] }) {
  return (
    <div className="mt-5">
      <Card title="Equipo de ventas (últimos 30 días)">
        {rows.length === 0 ? (
          <p className="text-slate-700 text-sm">
            No hay vendedores activos. Crea cuentas con el rol Ventas en{' '}
            <Link to="/admin/usuarios" className="font-medium text-brand-800 underline underline-offset-2">
              Usuarios
            </Link>
            .
          </p>
        ) : (
          <div data-testid="team-performance">
            <TeamCards rows={rows} />
            <div className="hidden md:block">
              <DataTable caption="Equipo de ventas, últimos 30 días">
                <thead>
                  <tr>
                    <th scope="col" className={th}>
                      Vendedor
                    </th>
                    <th scope="col" className={`${th} ${numeric}`}>
                      Asignadas
                    </th>
                    <th scope="col" className={`${th} ${numeric}`}>
                      Mediana al primer contacto
                    </th>
                    <th scope="col" className={`${th} ${numeric}`}>
                      Vencidas ahora
                    </th>
                    <th scope="col" className={`${th} ${numeric}`}>
                      Cerradas
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.ownerId ?? 'nadie'}>
                      <th scope="row" className={`${td} font-medium`}>
                        {row.ownerId === null ? <span className="text-slate-700">{row.name}</span> : row.name}{' '}
                        <NoteBadge row={row} />
                      </th>
                      <td className={`${td} ${numeric}`}>{number(row.assigned)}</td>
                      <td className={`${td} ${numeric}`}>{median(row)}</td>
                      <td
                        className={`${td} ${numeric} ${row.overdue > 0 ? 'font-semibold text-red-800' : ''}`}
                      >
                        {number(row.overdue)}
                      </td>
                      <td className={`${td} ${numeric}`}>{number(row.closed)}</td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            </div>
          </div>
        )}
        <p className="mt-3 text-slate-600 text-xs">
          Asignadas: solicitudes llegadas en los últimos 30 días que hoy son suyas. Mediana: tiempo desde que
          llega una de ellas hasta el primer contacto. Vencidas: sin contactar y con el plazo cumplido.
        </p>
      </Card>
    </div>
  );
}
