import { RIGHT_LABELS, RIGHTS_LIST_FILTERS, type RightsListFilter } from '@contracts/rights';
import { formatChileDateTime } from '@domain/chile-time';
import { Link } from 'react-router';
import { useNow } from '~/components/admin/leads/use-now';
import { BlockedBadge, RightsClockBadge, RightsStatusBadge } from '~/components/admin/rights/rights-badges';
import { AdminPage, adminMeta, DataTable, EmptyState, td, th } from '~/components/admin/ui';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/rights';

export const meta = () => adminMeta('Derechos');

export async function loader({ url, context }: Route.LoaderArgs) {
  requireStaffPage(url, context, 'admin');
  const asked = url.searchParams.get('estado');
  const filter: RightsListFilter = RIGHTS_LIST_FILTERS.includes(asked as RightsListFilter)
    ? (asked as RightsListFilter)
    : 'abiertas';
  const { rights } = context.services;
  return { filter, requests: await rights.list(filter), now: rights.now().toISOString() };
}

const TABS: Record<RightsListFilter, string> = { abiertas: 'Abiertas', cerradas: 'Cerradas', todas: 'Todas' };

export default function RightsInbox({ loaderData }: Route.ComponentProps) {
  const { filter, requests } = loaderData;
  const now = useNow(loaderData.now);
  return (
    <AdminPage
      title="Derechos"
      description="Solicitudes de acceso, rectificación, supresión, oposición, portabilidad y bloqueo (Ley 19.628, reformada por la Ley 21.719). Plazo legal: 30 días corridos desde la confirmación, prorrogable una vez; el bloqueo, 2 días hábiles."
    >
      <nav aria-label="Filtrar solicitudes" className="mb-4 flex gap-2">
        {RIGHTS_LIST_FILTERS.map((value) => (
          <Link
            key={value}
            to={value === 'abiertas' ? '/admin/derechos' : `/admin/derechos?estado=${value}`}
            aria-current={value === filter ? 'page' : undefined}
            className={`rounded-full px-4 py-1.5 font-medium text-sm ring-1 ring-inset ${
              value === filter
                ? 'bg-brand-700 text-white ring-brand-700'
                : 'bg-white text-slate-800 ring-slate-300'
            }`}
          >
            {TABS[value]}
          </Link>
        ))}
      </nav>
      {requests.length === 0 ? (
        <EmptyState>
          {filter === 'abiertas'
            ? 'No hay solicitudes de derechos por responder.'
            : 'No hay solicitudes aquí.'}
        </EmptyState>
      ) : (
        <DataTable caption="Solicitudes de derechos">
          <thead>
            <tr>
              <th className={th}>N.º</th>
              <th className={th}>Derecho</th>
              <th className={th}>Correo</th>
              <th className={th}>Recibida</th>
              <th className={th}>Plazo de respuesta</th>
              <th className={th}>Bloqueo</th>
              <th className={th}>Estado</th>
            </tr>
          </thead>
          <tbody>
            {requests.map((request) => (
              <tr key={request.id} data-rights-request={request.id}>
                <td className={td}>
                  <Link
                    to={`/admin/derechos/${request.id}`}
                    className="font-semibold text-brand-700 underline underline-offset-2"
                  >
                    #{request.id}
                  </Link>
                </td>
                <td className={td}>{RIGHT_LABELS[request.derecho]}</td>
                <td className={`${td} break-all`}>{request.correo}</td>
                <td className={`${td} whitespace-nowrap`}>{formatChileDateTime(request.recibida)}</td>
                <td className={td}>
                  {request.plazo ? (
                    <span className="flex flex-col items-start gap-1">
                      <RightsClockBadge
                        from={request.recibida}
                        dueAt={request.plazo}
                        doneAt={request.resuelta}
                        now={now}
                      />
                      <span className="text-slate-600 text-xs">
                        Vence {formatChileDateTime(request.plazo)}
                        {request.prorrogada ? ' (prorrogada)' : ''}
                      </span>
                    </span>
                  ) : (
                    <span className="text-slate-600 text-xs">Respondida al confirmar</span>
                  )}
                </td>
                <td className={td}>
                  {request.bloqueada ? (
                    <BlockedBadge />
                  ) : request.bloqueoPedido && request.plazoBloqueo && request.estado === 'abierta' ? (
                    <RightsClockBadge
                      from={request.recibida}
                      dueAt={request.plazoBloqueo}
                      doneAt={null}
                      now={now}
                    />
                  ) : (
                    <span className="text-slate-500">—</span>
                  )}
                </td>
                <td className={td}>
                  <RightsStatusBadge status={request.estado} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </AdminPage>
  );
}
