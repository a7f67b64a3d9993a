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
            <dt className="text-slate-700">Primeros contactos</dt>
            <dd className={numeric}>{number(row.firstContacts)}</dd>
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

/**
 * 'Equipo de ventas' (admins only): each person's leads of 30 days, the first contacts they made and their median,
 * overdue and closed, and the totals.
 */
export function TeamPerformancePanel({ rows }: { rows: TeamMemberPerformance[] }) {
  // Every request is in one row only (issue 31): the totals are the dealership's.
  const totals = rows.reduce(
    (sum, row) => ({
      assigned: sum.assigned + row.assigned,
      firstContacts: sum.firstContacts + row.firstContacts,
      overdue: sum.overdue + row.overdue,
      closed: sum.closed + row.closed,
    }),
    { assigned: 0, firstContacts: 0, overdue: 0, closed: 0 },
  );
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
            <p className="mt-3 text-slate-800 text-sm md:hidden">
              <span className="font-semibold">Total:</span> {number(totals.assigned)} asignadas,{' '}
              {number(totals.firstContacts)} primeros contactos, {number(totals.overdue)} vencidas,{' '}
              {number(totals.closed)} cerradas.
            </p>
            <div className="hidden md:block">
              <DataTable caption="Equipo de ventas, últimos 30 días">
                <thead>
                  <tr>
                    <th scope="col" className={th}>
                      Persona
                    </th>
                    <th scope="col" className={`${th} ${numeric}`}>
                      Asignadas
                    </th>
                    <th scope="col" className={`${th} ${numeric}`}>
                      Primeros contactos
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
                      <td className={`${td} ${numeric}`}>{number(row.firstContacts)}</td>
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
                <tfoot>
                  <tr className="border-slate-300 border-t-2">
                    <th scope="row" className={`${td} font-semibold`}>
                      Total
                    </th>
                    <td className={`${td} ${numeric} font-semibold`}>{number(totals.assigned)}</td>
                    <td className={`${td} ${numeric} font-semibold`}>{number(totals.firstContacts)}</td>
                    <td className={`${td} ${numeric}`}>—</td>
                    <td className={`${td} ${numeric} font-semibold`}>{number(totals.overdue)}</td>
                    <td className={`${td} ${numeric} font-semibold`}>{number(totals.closed)}</td>
                  </tr>
                </tfoot>
              </DataTable>
            </div>
          </div>
        )}
        <p className="mt-3 text-slate-600 text-xs">
          Cada solicitud cuenta una vez, en la fila de quien la tiene hoy (también un administrador o una
          cuenta desactivada). Asignadas: llegadas en los últimos 30 días. Primeros contactos: de esas
          solicitudes, las que esa persona contactó primero, aunque hoy sean de otra; la mediana es el tiempo
          desde que llegó cada una hasta ese contacto. Vencidas: sin contactar y con el plazo cumplido.
        </p>
      </Card>
    </div>
  );
}
