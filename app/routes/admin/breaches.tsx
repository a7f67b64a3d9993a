import { BREACH_CATEGORIES, noticesRequired } from '@contracts/admin-registers.ts';
import { formatChileDateTime } from '@domain/chile-time';
import { listBreaches } from '@server/services/privacy/list-breaches.ts';
import { Link } from 'react-router';
import { AdminPage, adminButton, adminMeta, Badge, Card, EmptyState } from '~/components/admin/ui';
import { Plus } from '~/components/icons';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/breaches';

export const meta = () => adminMeta('Vulneraciones de seguridad');

export async function loader({ url, context }: Route.LoaderArgs) {
  requireStaffPage(url, context, 'admin');
  return { breaches: await listBreaches(context.services.db) };
}

/** The breach register (art. 14 sexies): every incident, newest first. */
export default function BreachesPage({ loaderData }: Route.ComponentProps) {
  const { breaches } = loaderData;
  return (
    <AdminPage
      title="Vulneraciones de seguridad"
      description="El registro de incidentes que afectaron datos personales, como exige la Ley 19.628 (art. 14 sexies): qué pasó, qué datos, a cuántas personas, qué se hizo y si se informó a la Agencia."
      actions={
        <Link to="/admin/vulneraciones/nueva" className={adminButton.primary}>
          <Plus aria-hidden className="size-4" />
          Registrar vulneración
        </Link>
      }
    >
      {breaches.length === 0 ? (
        <EmptyState>No hay vulneraciones registradas.</EmptyState>
      ) : (
        <ul className="grid gap-4">
          {breaches.map((breach) => (
            <li key={breach.id}>
              <Card>
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                  <h2 className="font-semibold text-base text-slate-900">
                    <Link
                      to={`/admin/vulneraciones/${breach.id}`}
                      className="text-brand-700 underline underline-offset-2 hover:text-brand-900"
                    >
                      Vulneración N° {breach.id}
                    </Link>{' '}
                    · detectada el {formatChileDateTime(breach.detectada)}
                  </h2>
                  <div className="flex flex-wrap gap-2">
                    {breach.agencia ? (
                      <Badge tone="success">Informada a la Agencia</Badge>
                    ) : (
                      <Badge tone="warning">Sin informar a la Agencia</Badge>
                    )}
                    {noticesRequired(breach.categorias) ? <Badge tone="danger">Exige avisos</Badge> : null}
                    <Badge tone="info">{breach.avisos.toLocaleString('es-CL')} avisos</Badge>
                  </div>
                </div>
                <p className="mt-2 line-clamp-3 whitespace-pre-line text-slate-700 text-sm">
                  {breach.descripcion}
                </p>
                <p className="mt-2 text-slate-600 text-xs">
                  {breach.categorias.map((key) => BREACH_CATEGORIES[key]?.label ?? key).join(' · ')} · unas{' '}
                  {breach.personas.toLocaleString('es-CL')} personas
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
