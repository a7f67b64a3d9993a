import { AUDIT_ENTITY_LABELS } from '@contracts/admin-staff.ts';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { adminButton } from '~/components/admin/ui';
import { Filter } from '~/components/icons';

const control =
  'block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 shadow-xs ' +
  'focus-visible:outline-2 focus-visible:outline-brand-600 aria-invalid:border-red-700 sm:text-sm';

export interface AuditFilterValues {
  entidad: string;
  usuario: string;
  desde: string;
  hasta: string;
}

function Labelled({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium text-slate-800 text-sm">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A GET form: the filters live in the URL, so a filtered view can be bookmarked and shared. */
export function AuditFilters({
  values,
  entities,
  people,
  errors,
}: {
  values: AuditFilterValues;
  entities: string[];
  people: Array<{ id: number; nombre: string; email: string; activo: boolean }>;
  errors: Record<string, string>;
}) {
  const entityOptions = [...new Set([...Object.keys(AUDIT_ENTITY_LABELS), ...entities])];
  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `filtro-${name}-error` } : {};
  return (
    <Form
      method="get"
      className="mb-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end"
    >
      <Labelled id="filtro-entidad" label="Tipo de registro">
        <select id="filtro-entidad" name="entidad" defaultValue={values.entidad} className={control}>
          <option value="">Todos</option>
          {entityOptions.map((entity) => (
            <option key={entity} value={entity}>
              {AUDIT_ENTITY_LABELS[entity] ?? entity}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id="filtro-usuario" label="Usuario">
        <select id="filtro-usuario" name="usuario" defaultValue={values.usuario} className={control}>
          <option value="">Todos</option>
          {people.map((person) => (
            <option key={person.id} value={String(person.id)}>
              {person.nombre} ({person.email}){person.activo ? '' : ' · desactivada'}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id="filtro-desde" label="Desde" error={errors.desde}>
        <input
          id="filtro-desde"
          type="date"
          name="desde"
          defaultValue={values.desde}
          className={control}
          {...invalid('desde')}
        />
      </Labelled>
      <Labelled id="filtro-hasta" label="Hasta" error={errors.hasta}>
        <input
          id="filtro-hasta"
          type="date"
          name="hasta"
          defaultValue={values.hasta}
          className={control}
          {...invalid('hasta')}
        />
      </Labelled>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
        <button type="submit" className={`${adminButton.primary} flex-1 lg:flex-none`}>
          <Filter aria-hidden className="size-4" />
          Filtrar
        </button>
        <Link to="/admin/auditoria" className={`${adminButton.secondary} flex-1 lg:flex-none`}>
          Limpiar
        </Link>
      </div>
    </Form>
  );
}
