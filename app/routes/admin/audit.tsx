import { fieldErrors } from '@contracts/lead-options.ts';
import { auditFilterOptions, listAudit, parseAuditQuery } from '@server/services/admin/audit-log.ts';
import { Link } from 'react-router';
import { AuditFilters, type AuditFilterValues } from '~/components/admin/staff/audit-filters';
import { AuditList } from '~/components/admin/staff/audit-list';
import { AdminPage, adminButton, adminMeta, EmptyState } from '~/components/admin/ui';
import { ChevronLeft, ChevronRight } from '~/components/icons';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/audit';

export const meta = () => adminMeta('Auditoría');

export async function loader({ url, context }: Route.LoaderArgs) {
  requireStaffPage(url, context, 'admin');
  const db = context.services.db;
  const params = url.searchParams;
  const values: AuditFilterValues = {
    entidad: params.get('entidad') ?? '',
    usuario: params.get('usuario') ?? '',
    desde: params.get('desde') ?? '',
    hasta: params.get('hasta') ?? '',
  };
  const parsed = parseAuditQuery({ ...values, pagina: params.get('pagina') ?? '' });
  return {
    values,
    options: await auditFilterOptions(db),
    errors: parsed.success ? {} : fieldErrors(parsed.error),
    page: parsed.success ? await listAudit(db, parsed.data) : null,
  };
}

function pageLink(values: AuditFilterValues, pagina: number): string {
  const query = new URLSearchParams(Object.entries(values).filter(([, value]) => value !== ''));
  if (pagina > 1) query.set('pagina', String(pagina));
  const text = query.toString();
  return text ? `/admin/auditoria?${text}` : '/admin/auditoria';
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { values, options, errors, page } = loaderData;
  return (
    <AdminPage
      title="Auditoría"
      description="Quién creó, cambió o eliminó qué, y cuándo (hora de Chile). Los registros no se pueden editar."
    >
      <AuditFilters
        key={JSON.stringify(values)}
        values={values}
        entities={options.entidades}
        people={options.usuarios}
        errors={errors}
      />
      {page ? (
        <>
          <p className="mb-3 text-slate-700 text-sm" aria-live="polite">
            {page.total === 1 ? '1 registro' : `${page.total.toLocaleString('es-CL')} registros`}
            {page.paginas > 1 ? ` · página ${page.pagina} de ${page.paginas}` : ''}
          </p>
          <AuditList entries={page.entradas} />
          {page.paginas > 1 ? (
            <nav
              aria-label="Páginas de la auditoría"
              className="mt-4 flex items-center justify-between gap-2"
            >
              {page.pagina > 1 ? (
                <Link to={pageLink(values, page.pagina - 1)} className={adminButton.secondary}>
                  <ChevronLeft aria-hidden className="size-4" />
                  Más recientes
                </Link>
              ) : (
                <span />
              )}
              {page.pagina < page.paginas ? (
                <Link to={pageLink(values, page.pagina + 1)} className={adminButton.secondary}>
                  Más antiguos
                  <ChevronRight aria-hidden className="size-4" />
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      ) : (
        <EmptyState>Corrige los filtros marcados para ver los registros.</EmptyState>
      )}
    </AdminPage>
  );
}
