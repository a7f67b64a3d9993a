import { LEAD_STATUS_LABELS, type LeadStatus } from '@contracts/admin-leads';
import { type DeadlineInput, type DeadlineState, leadDeadline } from '@domain/lead-deadline';
import { Badge, type Tone } from '~/components/admin/ui';
import { AlarmClock, CircleCheck, Clock, TriangleAlert } from '~/components/icons';

const STATUS_TONES: Record<LeadStatus, Tone> = {
  nuevo: 'info',
  contactado: 'warning',
  cerrado: 'success',
  descartado: 'neutral',
};

export function StatusBadge({ status }: { status: LeadStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{LEAD_STATUS_LABELS[status]}</Badge>;
}

const DEADLINE_LOOK: Record<DeadlineState, { tone: Tone; icon: typeof Clock }> = {
  a_tiempo: { tone: 'neutral', icon: Clock },
  por_vencer: { tone: 'warning', icon: AlarmClock },
  vencida: { tone: 'danger', icon: TriangleAlert },
  atendida: { tone: 'success', icon: CircleCheck },
};

/** Time left to the first contact. The words carry the meaning; colour and icon only repeat it. */
export function DeadlineBadge({ lead, now }: { lead: DeadlineInput; now: number }) {
  const deadline = leadDeadline(lead, now);
  const { tone, icon: Icon } = DEADLINE_LOOK[deadline.state];
  return (
    <span data-deadline={deadline.state}>
      <Badge tone={deadline.late && deadline.state === 'atendida' ? 'warning' : tone}>
        <Icon aria-hidden className="size-3.5" />
        {deadline.text}
      </Badge>
    </span>
  );
}
