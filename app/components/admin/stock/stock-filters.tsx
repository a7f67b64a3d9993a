import {
  STOCK_SORTS,
  STOCK_STATUS_LABEL,
  STOCK_STATUSES,
  type StockList,
  type StockQuery,
} from '@contracts/admin-stock.ts';
import { useId } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import { adminButton } from '~/components/admin/ui';
import { ChevronDown, Search } from '~/components/icons';
import { stockHref } from './stock-href.ts';

const input =
  'block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 shadow-xs ' +
  'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 sm:text-sm';

/**
 * Search, status tabs and order. A plain GET form, so it works before hydration; afterwards the order applies as
 * soon as it is chosen. The URL holds the whole state (shareable, back button).
 */
export function StockFilters({ query, counts }: { query: StockQuery; counts: StockList['porEstado'] }) {
  const submit = useSubmit();
  const searchId = useId();
  const sortId = useId();
  const tabs = [undefined, ...STOCK_STATUSES] as const;
  return (
    <div className="mb-4 flex flex-col gap-3">
      <Form
        method="get"
        action="/admin/vehiculos"
        role="search"
        aria-label="Buscar vehículos"
        className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-xs sm:flex-row sm:items-end"
      >
        {query.estado ? <input type="hidden" name="estado" value={query.estado} /> : null}
        <div className="min-w-0 flex-1">
          <label htmlFor={searchId} className="mb-1 block font-medium text-slate-800 text-sm">
            Buscar por marca, modelo, patente o referencia
          </label>
          <div className="relative">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <input
              id={searchId}
              type="search"
              name="q"
              defaultValue={query.q}
              placeholder="Ej.: Toyota Corolla, BBCD12 o REF-0012"
              maxLength={100}
              className={`${input} pl-9`}
            />
          </div>
        </div>
        <div className="sm:w-64">
          <label htmlFor={sortId} className="mb-1 block font-medium text-slate-800 text-sm">
            Ordenar por
          </label>
          <div className="relative">
            <select
              id={sortId}
              name="orden"
              defaultValue={query.orden}
              onChange={(event) => submit(event.currentTarget.form)}
              className={`${input} appearance-none pr-9`}
            >
              {STOCK_SORTS.map((sort) => (
                <option key={sort.value} value={sort.value}>
                  {sort.label}
                </option>
              ))}
            </select>
            <ChevronDown
              aria-hidden
              className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-600"
            />
          </div>
        </div>
        <button type="submit" className={adminButton.primary}>
          Buscar
        </button>
      </Form>
      <nav aria-label="Filtrar por estado" className="-mx-1 overflow-x-auto px-1">
        <ul className="flex gap-2">
          {tabs.map((estado) => {
            const current = query.estado === estado;
            return (
              <li key={estado ?? 'todos'}>
                <Link
                  to={stockHref(query, { estado })}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex min-h-10 items-center gap-2 whitespace-nowrap rounded-full border px-4 font-medium text-sm ${
                    current
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                  }`}
                >
                  {estado ? STOCK_STATUS_LABEL[estado] : 'Todos'}
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs ${current ? 'bg-white/20 text-white' : 'bg-slate-100 text-slate-700'}`}
                  >
                    {counts[estado ?? 'todos'].toLocaleString('es-CL')}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
