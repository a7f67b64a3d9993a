import { formatChileDateTime } from '@domain/chile-time';
import { leadDeadline } from '@domain/lead-deadline';
import { getLeadDetail } from '@server/services/admin/lead-detail.ts';
import { parseLeadId } from '@server/services/admin/leads-input.ts';
import { loadCessionPanel } from '@server/services/privacy/cession-panel.ts';
import { data, Link } from 'react-router';
import { DeadlineBadge } from '~/components/admin/leads/lead-badges';
import { LeadConsents } from '~/components/admin/leads/lead-consents';
import { LeadContactActions } from '~/components/admin/leads/lead-contact-actions';
import { LeadEmailPanel } from '~/components/admin/leads/lead-email-panel';
import { LeadFacts, LeadVehicle } from '~/components/admin/leads/lead-facts';
import { LeadHistory } from '~/components/admin/leads/lead-history';
import { LeadNotes } from '~/components/admin/leads/lead-notes';
import { LeadOriginCard } from '~/components/admin/leads/lead-origin';
import { LeadOwnerPanel } from '~/components/admin/leads/lead-owner-panel';
import { LeadPhotos } from '~/components/admin/leads/lead-photos';
import { LeadSimulation } from '~/components/admin/leads/lead-simulation';
import { LeadStatusPanel } from '~/components/admin/leads/lead-status-panel';
import { useNow } from '~/components/admin/leads/use-now';
import { LeadCessionCard } from '~/components/admin/privacy/lead-cession-card';
import { AdminPage, adminButton, adminMeta, Card } from '~/components/admin/ui';
import { ArrowLeft, Lock, TriangleAlert } from '~/components/icons';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/lead';

export const meta = ({ loaderData }: Route.MetaArgs) =>
  adminMeta(loaderData ? `${loaderData.lead.name} · Solicitud N° ${loaderData.lead.id}` : 'Solicitud');

export async function loader({ url, context, params }: Route.LoaderArgs) {
  const staff = requireStaffPage(url, context);
  const id = parseLeadId(params.id);
  const lead = id === null ? null : await getLeadDetail(context.services.db, id);
  if (!lead) throw data('Solicitud no encontrada.', { status: 404 });
  const dealership = await context.services.catalogue.dealership();
  // Financing and insurance requests may be passed to a partner (art. 15): "Derivar a…".
  const cession = await loadCessionPanel(context.services.db, lead.id, dealership, staff);
  return { lead, myId: staff.id, myName: staff.name, dealershipName: dealership.name, cession };
}

export default function LeadPage({ loaderData }: Route.ComponentProps) {
  const { lead, myId, myName, dealershipName, cession } = loaderData;
  const now = useNow(lead.now);
  const deadline = leadDeadline(lead, now);
  return (
    <AdminPage
      title={lead.name}
      description={
        <>
          {lead.kindLabel} · N° {lead.id} ·{' '}
          <span className="whitespace-nowrap">Recibida el {formatChileDateTime(lead.createdAt)}</span>
        </>
      }
      actions={
        <Link to="/admin/solicitudes" className={adminButton.ghost}>
          <ArrowLeft aria-hidden className="size-4" />
          Volver a solicitudes
        </Link>
      }
    >
      {deadline.state === 'vencida' ? (
        <p className="mb-4 flex items-start gap-2 rounded-lg border border-red-300 border-l-4 border-l-red-600 bg-red-50 px-4 py-3 text-red-900 text-sm">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong>{deadline.text}.</strong> Nadie ha contactado a esta persona y el plazo de{' '}
            {lead.promiseHours} h ya pasó.
          </span>
        </p>
      ) : null}

      {lead.processingBlocked ? (
        <p
          data-testid="processing-blocked"
          className="mb-4 flex items-start gap-2 rounded-lg border border-red-300 border-l-4 border-l-red-600 bg-red-50 px-4 py-3 text-red-900 text-sm"
        >
          <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong>Tratamiento bloqueado.</strong> La persona pidió suspender el uso de sus datos mientras se
            resuelve su solicitud de derechos: esta solicitud solo se guarda; no se puede cambiar ni entregar
            a terceros (ver{' '}
            <Link to="/admin/derechos" className="underline">
              Derechos
            </Link>
            ).
          </span>
        </p>
      ) : null}

      <Card className="mb-5">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
          <div>
            <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium text-slate-700">Primer contacto:</span>
              <DeadlineBadge lead={lead} now={now} />
            </div>
            <LeadStatusPanel lead={lead} />
            <div className="mt-4 border-slate-200 border-t pt-4">
              <LeadOwnerPanel lead={lead} myId={myId} />
            </div>
          </div>
          <div>
            <p className="mb-2 font-medium text-slate-700 text-sm">Contactar</p>
            <LeadContactActions lead={lead} dealershipName={dealershipName} myName={myName} />
          </div>
        </div>
      </Card>

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-5">
          <LeadFacts lead={lead} />
          <LeadConsents consents={lead.consents} />
          {lead.simulation ? <LeadSimulation lines={lead.simulation} /> : null}
          {lead.vehicle ? <LeadVehicle vehicle={lead.vehicle} /> : null}
          <LeadOriginCard origin={lead.origin} />
          {lead.photos.length > 0 ? <LeadPhotos photos={lead.photos} /> : null}
        </div>
        <div className="flex min-w-0 flex-col gap-5">
          {cession ? <LeadCessionCard leadId={lead.id} panel={cession} /> : null}
          <LeadNotes leadId={lead.id} notes={lead.notes} />
          <LeadEmailPanel leadId={lead.id} emails={lead.emails} />
          <LeadHistory lead={lead} />
        </div>
      </div>
    </AdminPage>
  );
}
