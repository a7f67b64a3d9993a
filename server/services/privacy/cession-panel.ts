// The "Derivar a…" card of a financing or insurance request's page (ADR 0031, decision 8): the partners it may go to,
// why it may not when so, what would be passed, the consent relied on, and the cessions already recorded.
import type { LeadCessionPanel } from '@contracts/admin-registers.ts';
import type { Dealership } from '@contracts/dealership.ts';
import type { Db } from '@db/client.ts';
import { leadCessions, leads, staffUsers } from '@db/schema.ts';
import { formatChileDateTime } from '@domain/chile-time.ts';
import { asc, eq } from 'drizzle-orm';
import type { SessionUser } from '../auth/sessions.ts';
import { isProcessingBlocked } from '../rights/processing-block.ts';
import {
  type CessionLead,
  cessionCategories,
  cessionImpediment,
  cessionRecipients,
  consentNames,
  isCessionKind,
} from './cession-rules.ts';
import { cessionConsent } from './consents-in-force.ts';

export const CESSION_LEAD_COLUMNS = {
  id: leads.id,
  kind: leads.kind,
  email: leads.email,
  ownerId: leads.ownerId,
  vehicleId: leads.vehicleId,
  details: leads.details,
  simulation: leads.simulation,
  anonymizedAt: leads.anonymizedAt,
};

/** Why this recipient may not get the request, beyond the request's own impediment; null when it may. */
export function recipientImpediment(
  recipient: string,
  consent: Parameters<typeof consentNames>[0] | null,
  done: ReadonlyArray<{ destinatario: string; fecha: string }>,
): string | null {
  const earlier = done.find((cession) => cession.destinatario === recipient);
  if (earlier)
    return `Ya se derivó a ${recipient} el ${formatChileDateTime(earlier.fecha)}; queda en el registro de cesiones.`;
  if (consent && !consentNames(consent, recipient))
    return `La autorización de la persona no nombra a ${recipient}: pídele una nueva antes de derivarle la solicitud.`;
  return null;
}

/** The card's data, or null when the request is not of a kind that is passed on. */
export async function loadCessionPanel(
  db: Db,
  leadId: number,
  dealership: Dealership,
  staff: Pick<SessionUser, 'id' | 'role'>,
): Promise<LeadCessionPanel | null> {
  const [lead] = (await db
    .select(CESSION_LEAD_COLUMNS)
    .from(leads)
    .where(eq(leads.id, leadId))) as CessionLead[];
  if (!lead || !isCessionKind(lead.kind)) return null;
  const recipients = cessionRecipients(lead.kind, dealership);
  const consent = await cessionConsent(db, lead);
  const blocked = await isProcessingBlocked(db, lead.email);
  const cesiones = (
    await db
      .select({
        id: leadCessions.id,
        destinatario: leadCessions.recipient,
        fecha: leadCessions.createdAt,
        por: staffUsers.name,
      })
      .from(leadCessions)
      .leftJoin(staffUsers, eq(staffUsers.id, leadCessions.staffId))
      .where(eq(leadCessions.leadId, leadId))
      .orderBy(asc(leadCessions.createdAt), asc(leadCessions.id))
  ).map((row) => ({ ...row, fecha: row.fecha.toISOString() }));
  return {
    destinatarios: recipients.map((nombre) => ({
      nombre,
      impedimento: recipientImpediment(nombre, consent, cesiones),
    })),
    impedimento: cessionImpediment({ lead, staff, recipients, consent, blocked })?.message ?? null,
    categorias: cessionCategories(lead),
    consentimiento: consent
      ? { id: consent.eventId, fecha: consent.givenAt.toISOString(), texto: consent.wording }
      : null,
    cesiones,
  };
}
