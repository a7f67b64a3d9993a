import { Link } from 'react-router';
import { adminButton } from '~/components/admin/ui';
import { ChevronLeft, ChevronRight } from '~/components/icons';

/**
 * "Página X de Y · N cosas" with previous / next links that keep the list's filters (the caller builds each page's
 * URL). A missing direction is shown disabled, not hidden; with a single page only the count is shown.
 */
export function AdminPagination({
  label,
  page,
  pageCount,
  total,
  noun,
  hrefFor,
}: {
  /** Accessible name of the navigation, e.g. "Páginas de solicitudes". */
  label: string;
  page: number;
  pageCount: number;
  total: number;
  /** Singular and plural, e.g. ['solicitud', 'solicitudes']. */
  noun: readonly [string, string];
  hrefFor: (page: number) => string;
}) {
  if (total === 0) return null;
  const disabled = `${adminButton.secondary} pointer-events-none opacity-50`;
  const previous = (
    <>
      <ChevronLeft aria-hidden className="size-4" />
      Anterior
    </>
  );
  const next = (
    <>
      Siguiente
      <ChevronRight aria-hidden className="size-4" />
    </>
  );
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-slate-700 text-sm">
        Página {page} de {pageCount} · {total.toLocaleString('es-CL')} {total === 1 ? noun[0] : noun[1]}
      </p>
      {pageCount > 1 ? (
        <div className="flex gap-2">
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className={adminButton.secondary} rel="prev">
              {previous}
            </Link>
          ) : (
            <span aria-disabled="true" className={disabled}>
              {previous}
            </span>
          )}
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} className={adminButton.secondary} rel="next">
              {next}
            </Link>
          ) : (
            <span aria-disabled="true" className={disabled}>
              {next}
            </span>
          )}
        </div>
      ) : null}
    </nav>
  );
}
