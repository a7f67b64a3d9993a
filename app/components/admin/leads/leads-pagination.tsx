import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { adminButton } from '~/components/admin/ui';

/** Previous / next links that keep the filters; a missing direction is shown disabled, not hidden. */
export function LeadsPagination({
  page,
  pageCount,
  total,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  total: number;
  hrefFor: (page: number) => string;
}) {
  if (total === 0) return null;
  const disabled = `${adminButton.secondary} pointer-events-none opacity-50`;
  return (
    <nav
      aria-label="Páginas de solicitudes"
      className="mt-4 flex flex-wrap items-center justify-between gap-3"
    >
      <p className="text-slate-700 text-sm">
        Página {page} de {pageCount} · {total.toLocaleString('es-CL')}{' '}
        {total === 1 ? 'solicitud' : 'solicitudes'}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className={adminButton.secondary} rel="prev">
            <ChevronLeft aria-hidden className="size-4" />
            Anterior
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            <ChevronLeft aria-hidden className="size-4" />
            Anterior
          </span>
        )}
        {page < pageCount ? (
          <Link to={hrefFor(page + 1)} className={adminButton.secondary} rel="next">
            Siguiente
            <ChevronRight aria-hidden className="size-4" />
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            Siguiente
            <ChevronRight aria-hidden className="size-4" />
          </span>
        )}
      </div>
    </nav>
  );
}
