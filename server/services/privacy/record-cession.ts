// Records that a request was passed to a lender or an insurer (art. 15: a cession is recorded in writing or by
// suitable electronic means, and without a needed consent it is void): refused unless the person's cession consent
// is in force and names the recipient. The register row and the audit row commit together.
import type { Dealership } from '@contracts/dealership.ts';
import type { Db } from '@db/client.ts';
import { leadCessions, leads } from '@db/schema.ts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { Refusal } from '../refusal.ts';
import { isProcessingBlocked } from '../rights/processing-block.ts';
import { CESSION_LEAD_COLUMNS, recipientImpediment } from './cession-panel.ts';
import {
  type CessionLead,
  cessionCategories,
  cessionImpediment,
  cessionRecipients,
} from './cession-rules.ts';
import { cessionConsent } from './consents-in-force.ts';

export interface RecordedCession {
  id: number;
  mensaje: string;
}

export async function recordCession(
  db: Db,
  input: { leadId: number; recipient: string; actor: SessionUser; dealership: Dealership },
): Promise<RecordedCession> {
  const { leadId, recipient, actor } = input;
  return db.transaction(async (tx) => {
    // The request's row is held until the commit: two clicks on "Derivar" record one cession, not two.
    const [lead] = (await tx
      .select(CESSION_LEAD_COLUMNS)
      .from(leads)
      .where(eq(leads.id, leadId))
      .for('update')) as CessionLead[];
    if (!lead) throw new Refusal('not_found', 'Solicitud no encontrada.');
    const recipients =
      lead.kind === 'financiamiento' || lead.kind === 'seguro'
        ? cessionRecipients(lead.kind, input.dealership)
        : [];
    const consent = await cessionConsent(tx, lead);
    const blocked = await isProcessingBlocked(tx, lead.email);
    const impediment = cessionImpediment({ lead, staff: actor, recipients, consent, blocked });
    if (impediment) throw new Refusal(impediment.kind, impediment.message);
    if (!recipients.includes(recipient))
      throw new Refusal('invalid', 'Revisa a quién derivas la solicitud.', {
        destinatario: 'Elige una institución de la lista.',
      });
    const done = (
      await tx
        .select({ destinatario: leadCessions.recipient, fecha: leadCessions.createdAt })
        .from(leadCessions)
        .where(eq(leadCessions.leadId, leadId))
    ).map((row) => ({ ...row, fecha: row.fecha.toISOString() }));
    const refusal = recipientImpediment(recipient, consent, done);
    if (refusal) throw new Refusal('conflict', refusal);
    const categories = cessionCategories(lead);
    const [row] = await tx
      .insert(leadCessions)
      .values({ leadId, recipient, categories, consentEventId: consent?.eventId ?? null, staffId: actor.id })
      .returning({ id: leadCessions.id });
    if (!row) throw new Error('cession insert returned nothing');
    await recordAudit(tx, {
      actor,
      action: 'cesion_registrada',
      entity: 'solicitud',
      entityId: leadId,
      details: { destinatario: recipient, categorias: categories, consentimiento: consent?.eventId ?? null },
    });
    return { id: row.id, mensaje: `Quedó registrado que la solicitud se derivó a ${recipient}.` };
  });
}
