import { dbIdFromText } from '@contracts/db-id';
import { RIGHT_LABELS, RIGHTS_EVENT_LABELS } from '@contracts/rights';
import { formatChileDateTime } from '@domain/chile-time';
import { data, Link } from 'react-router';
import { useNow } from '~/components/admin/leads/use-now';
import { RightsActions } from '~/components/admin/rights/rights-actions';
import { BlockedBadge, RightsClockBadge, RightsStatusBadge } from '~/components/admin/rights/rights-badges';
import { PersonalDataPanel } from '~/components/admin/staff/personal-data-panel';
import { AdminPage, adminMeta, Card } from '~/components/admin/ui';
import { Mail } from '~/components/icons';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/rights-request';

export const meta = ({ params }: Route.MetaArgs) => adminMeta(`Derechos #${params.id}`);

export async function loader({ url, params, context }: Route.LoaderArgs) {
  requireStaffPage(url, context, 'admin');
  const id = dbIdFromText(params.id);
  const { rights } = context.services;
  const found = id === null ? null : await rights.detail(id);
  if (!found) throw data('La solicitud de derechos no existe.', { status: 404 });
  return { ...found, now: rights.now().toISOString() };
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600 text-xs">{label}</dt>
      <dd className="mt-0.5 text-slate-900 text-sm">{children}</dd>
    </div>
  );
}

export default function RightsRequestPage({ loaderData }: Route.ComponentProps) {
  const { request, datos } = loaderData;
  const now = useNow(loaderData.now);
  return (
    <AdminPage
      title={`${RIGHT_LABELS[request.derecho]} · solicitud #${request.id}`}
      description={request.correo}
      actions={
        <Link
          to="/admin/derechos"
          className="font-medium text-brand-800 text-sm underline underline-offset-2"
        >
          Volver a Derechos
        </Link>
      }
    >
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-5">
          <Card title="La solicitud">
            <div className="mb-4 flex flex-wrap gap-2">
              <RightsStatusBadge status={request.estado} />
              {request.bloqueada ? <BlockedBadge /> : null}
            </div>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Fact label="Recibida (enlace confirmado)">{formatChileDateTime(request.recibida)}</Fact>
              <Fact label="Plazo de respuesta">
                {request.plazo ? (
                  <span className="flex flex-col items-start gap-1">
                    <RightsClockBadge
                      from={request.recibida}
                      dueAt={request.plazo}
                      doneAt={request.resuelta}
                      now={now}
                    />
                    <span>
                      {formatChileDateTime(request.plazo)}
                      {request.prorrogada ? ' (prorrogado)' : ''}
                    </span>
                  </span>
                ) : (
                  'Respondida al confirmar'
                )}
              </Fact>
              {request.bloqueoPedido && request.plazoBloqueo ? (
                <Fact label="Bloqueo pedido: responder antes de">
                  <span className="flex flex-col items-start gap-1">
                    <RightsClockBadge
                      from={request.recibida}
                      dueAt={request.plazoBloqueo}
                      doneAt={request.bloqueadaEl}
                      now={now}
                    />
                    <span>{formatChileDateTime(request.plazoBloqueo)}</span>
                  </span>
                </Fact>
              ) : null}
              {request.resuelta ? (
                <Fact label="Resuelta">{formatChileDateTime(request.resuelta)}</Fact>
              ) : null}
            </dl>
            <h3 className="mt-5 font-semibold text-slate-900 text-sm">Lo que escribió la persona</h3>
            <p className="mt-1 whitespace-pre-wrap break-words text-slate-800 text-sm">
              {request.detalle ?? 'Sin detalle.'}
            </p>
            {request.motivoProrroga ? (
              <>
                <h3 className="mt-4 font-semibold text-slate-900 text-sm">Motivo de la prórroga</h3>
                <p className="mt-1 whitespace-pre-wrap break-words text-slate-800 text-sm">
                  {request.motivoProrroga}
                </p>
              </>
            ) : null}
            {request.notaResolucion ? (
              <>
                <h3 className="mt-4 font-semibold text-slate-900 text-sm">Respuesta</h3>
                <p className="mt-1 whitespace-pre-wrap break-words text-slate-800 text-sm">
                  {request.notaResolucion}
                </p>
              </>
            ) : null}
          </Card>
          <PersonalDataPanel summary={datos} />
          <Card title="Historial">
            <ol className="grid gap-3">
              {request.eventos.map((event) => (
                <li key={event.id} className="border-slate-200 border-l-2 pl-3 text-sm">
                  <p className="font-medium text-slate-900">
                    {RIGHTS_EVENT_LABELS[event.accion] ?? event.accion}
                  </p>
                  <p className="text-slate-600 text-xs">
                    {formatChileDateTime(event.fecha)}
                    {event.por ? ` · ${event.por}` : ''}
                  </p>
                  {event.correoEnviado ? (
                    <p className="mt-1 flex items-start gap-1.5 text-slate-700 text-xs">
                      <Mail aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                      Correo: «{event.correoEnviado.asunto}»
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          </Card>
        </div>
        <RightsActions request={request} />
      </div>
    </AdminPage>
  );
}
