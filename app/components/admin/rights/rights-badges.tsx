import { RIGHTS_STATUS_LABELS, type RightsRequestStatus } from '@contracts/rights';
import type { DeadlineState } from '@domain/lead-deadline';
import { rightsClock } from '@domain/rights';
import { Badge, type Tone } from '~/components/admin/ui';
import { AlarmClock, CircleCheck, Clock, Lock, TriangleAlert } from '~/components/icons';

const LOOK: Record<DeadlineState, { tone: Tone; icon: typeof Clock }> = {
  a_tiempo: { tone: 'neutral', icon: Clock },
  por_vencer: { tone: 'warning', icon: AlarmClock },
  vencida: { tone: 'danger', icon: TriangleAlert },
  atendida: { tone: 'success', icon: CircleCheck },
};

/** A legal clock: time left, overdue in red, or how long the answer took. Words first; colour and icon repeat them. */
export function RightsClockBadge({
  from,
  dueAt,
  doneAt,
  now,
}: {
  from: string;
  dueAt: string;
  doneAt: string | null;
  now: number;
}) {
  const clock = rightsClock({ from, dueAt, doneAt }, now);
  const { tone, icon: Icon } = LOOK[clock.state];
  return (
    <span data-deadline={clock.state}>
      <Badge tone={clock.late && clock.state === 'atendida' ? 'warning' : tone}>
        <Icon aria-hidden className="size-3.5" />
        {clock.text}
      </Badge>
    </span>
  );
}

const STATUS_TONES: Record<RightsRequestStatus, Tone> = {
  sin_confirmar: 'neutral',
  abierta: 'info',
  completada: 'success',
  rechazada: 'neutral',
};

export function RightsStatusBadge({ status }: { status: RightsRequestStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{RIGHTS_STATUS_LABELS[status]}</Badge>;
}

export function BlockedBadge() {
  return (
    <Badge tone="danger">
      <Lock aria-hidden className="size-3.5" />
      Tratamiento bloqueado
    </Badge>
  );
}
