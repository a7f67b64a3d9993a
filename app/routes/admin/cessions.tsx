import { fieldErrors } from '@contracts/lead-options.ts';
import { formatChileDateTime } from '@domain/chile-time';
import { listCessions, parseCessionQuery } from '@server/services/privacy/list-cessions.ts';
import { Form, Link } from 'react-router';
import { AdminPagination } from '~/components/admin/pagination';
import { AdminPage, adminButton, adminMeta, DataTable, EmptyState, td, th } from '~/components/admin/ui';
import { Download, Filter } from '~/components/icons';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/cessions';

export const meta = () => adminMeta('Registro de cesiones');

const FILTERS = ['desde', 'hasta', 'destinatario'] as const;

export async function loader({ url, context }: Route.LoaderArgs) {
  requireStaffPage(url, context, 'admin');
  const values = Object.fromEntries(
    FILTERS.map((name) => [name, url.searchParams.get(name) ?? '']),
  ) as Record<(typeof FILTERS)[number], string>;
  const parsed = parseCessionQuery({ ...values, pagina: url.searchParams.get('pagina') ?? '' });
  return {
    values,
    errors: parsed.success ? {} : fieldErrors(parsed.error),
    register: await listCessions(context.services.db, parsed.success ? parsed.data : { pagina: 1 }),
  };
}

const control =
  'block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 shadow-xs ' +
  'focus-visible:outline-2 focus-visible:outline-brand-600 aria-invalid:border-red-700 sm:text-sm';

function query(values: Record<string, string>, pagina?: number): string {
  const params = new URLSearchParams(Object.entries(values).filter(([, value]) => value !== ''));
  if (pagina && pagina > 1) params.set('pagina', String(pagina));
  return params.toString();
}

export default function CessionsPage({ loaderData }: Route.ComponentProps) {
  const { values, errors, register } = loaderData;
  const filtered = query(values);
  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `cesiones-${name}-error` } : {};
  const error = (name: string) =>
    errors[name] ? (
      <p id={`cesiones-${name}-error`} className="mt-1 text-red-700 text-sm">
        {errors[name]}
      </p>
    ) : null;
  return (
    <AdminPage
      title="Registro de cesiones"
      description="Cada solicitud enviada a una institución financiera o aseguradora: a quién, cuándo, qué datos, con qué autorización y quién la registró (Ley 19.628, art. 15)."
      actions={
        <a
          href={`/admin/api/cesiones.csv${filtered ? `?${filtered}` : ''}`}
          download
          className={`${adminButton.secondary} whitespace-nowrap`}
        >
          <Download aria-hidden className="size-4" />
          Descargar CSV
        </a>
      }
    >
      <Form
        method="get"
        key={filtered}
        className="mb-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:grid-cols-3 lg:grid-cols-[1fr_1fr_2fr_auto] lg:items-end"
      >
        <div>
          <label htmlFor="cesiones-desde" className="mb-1 block font-medium text-slate-800 text-sm">
            Desde
          </label>
          <input
            id="cesiones-desde"
            type="date"
            name="desde"
            defaultValue={values.desde}
            className={control}
            {...invalid('desde')}
          />
          {error('desde')}
        </div>
        <div>
          <label htmlFor="cesiones-hasta" className="mb-1 block font-medium text-slate-800 text-sm">
            Hasta
          </label>
          <input
            id="cesiones-hasta"
            type="date"
            name="hasta"
            defaultValue={values.hasta}
            className={control}
            {...invalid('hasta')}
          />
          {error('hasta')}
        </div>
        <div>
          <label htmlFor="cesiones-destinatario" className="mb-1 block font-medium text-slate-800 text-sm">
            Destinatario
          </label>
          <select
            id="cesiones-destinatario"
            name="destinatario"
            defaultValue={values.destinatario}
            className={control}
            {...invalid('destinatario')}
          >
            <option value="">Todos</option>
            {register.destinatarios.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {error('destinatario')}
        </div>
        <button type="submit" className={adminButton.primary}>
          <Filter aria-hidden className="size-4" />
          Filtrar
        </button>
      </Form>
      {register.cesiones.length === 0 ? (
        <EmptyState>
          {filtered
            ? 'Ninguna cesión coincide con estos filtros.'
            : 'Todavía no se ha registrado ninguna cesión.'}
        </EmptyState>
      ) : (
        <DataTable caption="Cesiones registradas">
          <thead>
            <tr>
              <th className={th}>Fecha</th>
              <th className={th}>Solicitud</th>
              <th className={th}>Destinatario</th>
              <th className={th}>Datos</th>
              <th className={th}>Autorización</th>
              <th className={th}>Registrada por</th>
            </tr>
          </thead>
          <tbody>
            {register.cesiones.map((entry) => (
              <tr key={entry.id}>
                <td className={`${td} whitespace-nowrap`}>{formatChileDateTime(entry.fecha)}</td>
                <td className={td}>
                  {entry.solicitud ? (
                    <Link
                      to={`/admin/solicitudes/${entry.solicitud.id}`}
                      className="font-medium text-brand-700 underline underline-offset-2"
                    >
                      N° {entry.solicitud.id}
                    </Link>
                  ) : (
                    'Eliminada'
                  )}
                  {entry.solicitud ? (
                    <span className="block text-slate-600 text-xs">{entry.solicitud.tipo}</span>
                  ) : null}
                </td>
                <td className={td}>{entry.destinatario}</td>
                <td className={td}>
                  <ul className="list-disc pl-4 text-xs">
                    {entry.categorias.map((category) => (
                      <li key={category}>{category}</li>
                    ))}
                  </ul>
                </td>
                <td className={`${td} text-xs`}>
                  {entry.consentimiento
                    ? `Dada el ${formatChileDateTime(entry.consentimiento.fecha)}${entry.consentimiento.version ? ` · política v${entry.consentimiento.version}` : ''}`
                    : '—'}
                </td>
                <td className={td}>{entry.por ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <div className="mt-4">
        <AdminPagination
          label="Páginas del registro de cesiones"
          page={register.pagina}
          pageCount={register.paginas}
          total={register.total}
          noun={['cesión', 'cesiones']}
          hrefFor={(pagina) => `/admin/cesiones?${query(values, pagina)}`}
        />
      </div>
    </AdminPage>
  );
}
