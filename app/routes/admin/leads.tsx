import { listLeads } from '@server/services/admin/leads.ts';
import { leadFiltersQuery, parseLeadFilters } from '@server/services/admin/leads-filters.ts';
import { LEAD_KIND_DEFS } from '@server/services/leads/lead-kinds.ts';
import { LeadsFilterForm } from '~/components/admin/leads/leads-filter-form';
import { LeadsList } from '~/components/admin/leads/leads-list';
import { useNow } from '~/components/admin/leads/use-now';
import { AdminPagination } from '~/components/admin/pagination';
import { AdminNotice, AdminPage, adminButton, adminMeta, EmptyState } from '~/components/admin/ui';
import { Download } from '~/components/icons';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/leads';

export const meta = () => adminMeta('Solicitudes');

export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = requireStaffPage(url, context);
  const { filters, errors } = parseLeadFilters(url.searchParams);
  const page = await listLeads(context.services.db, filters, staff.id);
  return {
    page,
    filters,
    errors: Object.values(errors),
    query: leadFiltersQuery(filters),
    kinds: LEAD_KIND_DEFS.map((def) => ({ value: def.kind, label: def.label })),
  };
}

export default function LeadsInbox({ loaderData }: Route.ComponentProps) {
  const { page, filters, errors, query, kinds } = loaderData;
  const now = useNow(page.now);
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(query);
    if (target > 1) params.set('pagina', String(target));
    const search = params.toString();
    return search ? `/admin/solicitudes?${search}` : '/admin/solicitudes';
  };
  const filtered = query !== '';
  return (
    <AdminPage
      title="Solicitudes"
      description="Todas las solicitudes del sitio, de la más nueva a la más antigua. Primer contacto dentro de 24 h (48 h para tasaciones)."
      actions={
        <a
          href={`/admin/api/solicitudes.csv${query ? `?${query}` : ''}`}
          download
          className={adminButton.secondary}
        >
          <Download aria-hidden className="size-4" />
          Exportar CSV
        </a>
      }
    >
      <LeadsFilterForm
        // A new URL resets the fields to what it says (back button, links from the dashboard).
        key={query}
        values={filters}
        kinds={kinds}
      />
      <AdminNotice
        notice={
          errors.length > 0
            ? { tone: 'error', text: `Se ignoró un filtro no válido: ${errors.join(' ')}` }
            : null
        }
      />
      {page.items.length === 0 ? (
        <EmptyState>
          {filtered ? 'Ninguna solicitud coincide con estos filtros.' : 'Todavía no llegan solicitudes.'}
        </EmptyState>
      ) : (
        <>
          <LeadsList items={page.items} now={now} />
          <AdminPagination
            label="Páginas de solicitudes"
            page={page.page}
            pageCount={page.pageCount}
            total={page.total}
            noun={['solicitud', 'solicitudes']}
            hrefFor={hrefFor}
          />
        </>
      )}
    </AdminPage>
  );
}
