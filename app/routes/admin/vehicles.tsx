import { StockQuerySchema } from '@contracts/admin-stock.ts';
import { listStock } from '@server/services/admin/stock-queries.ts';
import { Link, useLocation } from 'react-router';
import { AdminPagination } from '~/components/admin/pagination';
import { StockFilters } from '~/components/admin/stock/stock-filters';
import { stockHref } from '~/components/admin/stock/stock-href';
import { StockList } from '~/components/admin/stock/stock-list';
import { AdminNotice, AdminPage, adminButton, adminMeta, EmptyState } from '~/components/admin/ui';
import { Plus } from '~/components/icons';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/vehicles';

export const meta = () => adminMeta('Vehículos');

export async function loader({ url, context }: Route.LoaderArgs) {
  requireStaffPage(url, context);
  const query = StockQuerySchema.parse(Object.fromEntries(url.searchParams));
  return { query, list: await listStock(context.services.db, query) };
}

export default function Vehicles({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  // A vehicle deleted on its page comes back here with the outcome.
  const deleted = (useLocation().state as { deleted?: string } | null)?.deleted;
  const filtered = query.q !== '' || query.estado !== undefined;
  return (
    <AdminPage
      title="Vehículos"
      description="El stock completo: borradores, publicados y vendidos. Solo los publicados se ven en el sitio."
      actions={
        <>
          <Link to="/admin/vehiculos/importar" className={adminButton.secondary}>
            Importar o exportar
          </Link>
          <Link to="/admin/vehiculos/nuevo" className={adminButton.primary}>
            <Plus aria-hidden className="size-4" />
            Nuevo vehículo
          </Link>
        </>
      }
    >
      <AdminNotice notice={deleted ? { tone: 'success', text: deleted } : null} />
      <StockFilters key={`${query.q}|${query.orden}`} query={query} counts={list.porEstado} />
      {list.items.length === 0 ? (
        <EmptyState>
          {filtered ? (
            'Ningún vehículo coincide con la búsqueda.'
          ) : (
            <>
              Todavía no hay vehículos.{' '}
              <Link to="/admin/vehiculos/nuevo" className="font-semibold text-brand-700 underline">
                Agrega el primero
              </Link>
              .
            </>
          )}
        </EmptyState>
      ) : (
        <>
          <StockList items={list.items} query={query} />
          <AdminPagination
            label="Páginas de vehículos"
            page={list.pagina}
            pageCount={list.paginas}
            total={list.total}
            noun={['vehículo', 'vehículos']}
            hrefFor={(pagina) => stockHref(query, { pagina })}
          />
        </>
      )}
    </AdminPage>
  );
}
