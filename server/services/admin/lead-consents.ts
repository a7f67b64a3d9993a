// The consents of one request as staff see them on its page (ADR 0031): every purpose its form asks for, with its
// state from the latest event. Consents to keep socio-economic data and to pass the request on belong to the request
// (or to a withdrawal the person made for all their requests); marketing belongs to the person, whatever request
// or page they gave or withdrew it with.
import { CONSENT_PURPOSE_LABELS, type LeadConsent } from '@contracts/admin-leads.ts';
import { CONSENT_PURPOSES, type ConsentPurpose } from '@contracts/lead-options.ts';
import type { Db } from '@db/client.ts';
import { consentEvents } from '@db/schema.ts';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { LEAD_KIND_BY_KIND } from '../leads/lead-kinds.ts';

/** The purposes a kind's form has a box for, whatever the settings now name (a past request may have had one). */
function askedPurposes(kind: string): ConsentPurpose[] {
  const def = LEAD_KIND_BY_KIND.get(kind as never);
  return CONSENT_PURPOSES.filter((purpose) => {
    if (purpose === 'datos_socioeconomicos') return (def?.socioeconomic ?? []).length > 0;
    if (purpose === 'cesion') return def?.cessionRecipients !== undefined;
    return true;
  });
}

export async function leadConsents(
  db: Db,
  lead: { id: number; kind: string; email: string },
): Promise<LeadConsent[]> {
  const email = lead.email.toLowerCase();
  const events = await db
    .select({
      leadId: consentEvents.leadId,
      purpose: consentEvents.purpose,
      action: consentEvents.action,
      wording: consentEvents.wording,
      policyVersion: consentEvents.policyVersion,
      createdAt: consentEvents.createdAt,
    })
    .from(consentEvents)
    .where(
      or(
        eq(consentEvents.leadId, lead.id),
        and(
          eq(consentEvents.email, email),
          or(eq(consentEvents.purpose, 'marketing'), isNull(consentEvents.leadId)),
        ),
      ),
    )
    .orderBy(asc(consentEvents.createdAt), asc(consentEvents.id));
  const purposes = askedPurposes(lead.kind);
  for (const event of events) if (!purposes.includes(event.purpose)) purposes.push(event.purpose);
  return purposes.map((purpose): LeadConsent => {
    const latest = events.filter((event) => event.purpose === purpose).at(-1);
    return {
      purpose,
      label: CONSENT_PURPOSE_LABELS[purpose],
      state: !latest ? 'no_otorgado' : latest.action === 'otorga' ? 'otorgado' : 'retirado',
      at: latest?.createdAt.toISOString() ?? null,
      policyVersion: latest?.policyVersion ?? null,
      wording: latest?.wording ?? null,
    };
  });
}
