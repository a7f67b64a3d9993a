import { LEAD_OWNER_FILTERS, LEAD_STATUS_LABELS, LEAD_STATUS_VALUES } from '@contracts/admin-leads';
import type { FormEvent } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { adminButton } from '~/components/admin/ui';
import { Search, X } from '~/components/icons';

export interface InboxFilterValues {
  q?: string;
  tipo?: string;
  estado?: string;
  desde?: string;
  hasta?: string;
  vencidas: boolean;
  responsable?: string;
}

const control =
  'block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 shadow-xs ' +
  'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 sm:text-sm';
const label = 'mb-1 block font-medium text-slate-800 text-sm';

/**
 * The inbox filters as a plain GET form: the URL holds their state (bookmarkable, shareable, back button works) and it
 * works before the page's JavaScript has loaded. With JavaScript, empty fields are left out of the URL.
 */
export function LeadsFilterForm({
  values,
  kinds,
}: {
  values: InboxFilterValues;
  kinds: Array<{ value: string; label: string }>;
}) {
  const navigate = useNavigate();
  const active = Boolean(
    values.q ||
      values.tipo ||
      values.estado ||
      values.desde ||
      values.hasta ||
      values.vencidas ||
      values.responsable,
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value.trim() !== '') params.set(name, value.trim());
    }
    const query = params.toString();
    navigate(query ? `/admin/solicitudes?${query}` : '/admin/solicitudes');
  }

  return (
    <Form
      method="get"
      onSubmit={onSubmit}
      role="search"
      aria-label="Filtrar solicitudes"
      className="mb-5 rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(14rem,2fr)_repeat(5,minmax(0,1fr))]">
        <div className="col-span-2 lg:col-span-1">
          <label htmlFor="filtro-q" className={label}>
            Buscar
          </label>
          <div className="relative">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <input
              id="filtro-q"
              name="q"
              type="search"
              defaultValue={values.q ?? ''}
              maxLength={100}
              placeholder="Nombre, correo o teléfono"
              className={`${control} pl-9`}
            />
          </div>
        </div>
        <div className="min-w-0">
          <label htmlFor="filtro-tipo" className={label}>
            Tipo
          </label>
          <select id="filtro-tipo" name="tipo" defaultValue={values.tipo ?? ''} className={control}>
            <option value="">Todos los tipos</option>
            {kinds.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor="filtro-estado" className={label}>
            Estado
          </label>
          <select id="filtro-estado" name="estado" defaultValue={values.estado ?? ''} className={control}>
            <option value="">Todos los estados</option>
            {LEAD_STATUS_VALUES.map((status) => (
              <option key={status} value={status}>
                {LEAD_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor="filtro-responsable" className={label}>
            Responsable
          </label>
          <select
            id="filtro-responsable"
            name="responsable"
            defaultValue={values.responsable ?? ''}
            className={control}
          >
            <option value="">Todo el equipo</option>
            {Object.entries(LEAD_OWNER_FILTERS).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor="filtro-desde" className={label}>
            Desde
          </label>
          <input
            id="filtro-desde"
            name="desde"
            type="date"
            defaultValue={values.desde ?? ''}
            className={control}
          />
        </div>
        <div className="min-w-0">
          <label htmlFor="filtro-hasta" className={label}>
            Hasta
          </label>
          <input
            id="filtro-hasta"
            name="hasta"
            type="date"
            defaultValue={values.hasta ?? ''}
            className={control}
          />
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <label className="inline-flex min-h-10 cursor-pointer items-center gap-2 font-medium text-slate-800 text-sm">
          <input
            type="checkbox"
            name="vencidas"
            value="1"
            defaultChecked={values.vencidas}
            className="size-5 rounded border-slate-500 accent-red-700"
          />
          Solo vencidas
        </label>
        <div className="flex flex-wrap gap-2">
          {active ? (
            <Link to="/admin/solicitudes" className={adminButton.ghost}>
              <X aria-hidden className="size-4" />
              Limpiar filtros
            </Link>
          ) : null}
          <button type="submit" className={adminButton.primary}>
            <Search aria-hidden className="size-4" />
            Filtrar
          </button>
        </div>
      </div>
    </Form>
  );
}
