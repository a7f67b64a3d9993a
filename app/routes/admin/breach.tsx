import { dbIdFromText } from '@contracts/db-id.ts';
import { formatChileDateTime } from '@domain/chile-time';
import { LEAD_KIND_DEFS } from '@server/services/leads/lead-kinds.ts';
import { loadBreach } from '@server/services/privacy/list-breaches.ts';
import { data, Link } from 'react-router';
import { BreachForm } from '~/components/admin/privacy/breach-form';
import { BreachNotices } from '~/components/admin/privacy/breach-notices';
import { AdminPage, adminButton, adminMeta, Card } from '~/components/admin/ui';
import { ArrowLeft, ArrowRight } from '~/components/icons';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/breach';

export const meta = ({ loaderData }: Route.MetaArgs) =>
  adminMeta(loaderData ? `Vulneración N° ${loaderData.page.breach.id}` : 'Vulneración');

export async function loader({ url, context, params }: Route.LoaderArgs) {
  requireStaffPage(url, context, 'admin');
  const id = dbIdFromText(params.id);
  const page = id === null ? null : await loadBreach(context.services.db, id);
  if (!page) throw data('Vulneración no encontrada.', { status: 404 });
  return { page, kindLabels: Object.fromEntries(LEAD_KIND_DEFS.map((def) => [def.kind, def.label])) };
}

/** One incident: its record (correctable), the people affected and their notices, and its history. */
export default function BreachPage({ loaderData }: Route.ComponentProps) {
  const { page, kindLabels } = loaderData;
  const { breach, history, notices } = page;
  return (
    <AdminPage
      title={`Vulneración N° ${breach.id}`}
      description={`Registrada el ${formatChileDateTime(breach.registrada)} · última corrección el ${formatChileDateTime(breach.actualizada)}`}
      actions={
        <Link to="/admin/vulneraciones" className={adminButton.ghost}>
          <ArrowLeft aria-hidden className="size-4" />
          Volver al registro
        </Link>
      }
    >
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-5">
          <Card title="Registro">
            <BreachForm key={breach.actualizada} breach={breach} />
          </Card>
        </div>
        <div className="flex min-w-0 flex-col gap-5">
          <BreachNotices breach={breach} notices={notices} kindLabels={kindLabels} />
          <Card title="Historial">
            <ol className="grid gap-3 text-sm">
              {history.map((entry) => (
                <li key={entry.id} className="border-slate-200 border-l-4 pl-3">
                  <p className="font-medium text-slate-900">
                    {entry.accion} · {formatChileDateTime(entry.fecha)}
                    {entry.por ? ` · ${entry.por}` : ''}
                  </p>
                  <dl className="mt-1 grid gap-0.5 text-slate-700">
                    {entry.detalles.map((line) => (
                      <div key={line.campo} className="flex flex-wrap gap-x-1.5">
                        <dt className="text-slate-600">{line.campo}:</dt>
                        <dd className="min-w-0 break-words">
                          {line.antes !== undefined ? (
                            <span className="inline-flex flex-wrap items-center gap-x-1.5">
                              <span className="text-slate-600 line-through decoration-slate-400">
                                {line.antes}
                              </span>
                              <ArrowRight aria-hidden className="size-3.5 shrink-0 text-slate-500" />
                              <span className="sr-only">cambió a</span>
                            </span>
                          ) : null}
                          <span className="text-slate-900">{line.despues}</span>
                        </dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ol>
          </Card>
        </div>
      </div>
    </AdminPage>
  );
}
