// Which consents of a person are in force (ADR 0031, decision 3): the state of a consent is its latest event. A
// consent to keep socio-economic data or to pass a request on is given with one request and withdrawn for that
// request or, with no request named, for all of them; marketing belongs to the person, whatever form gave it.

import type { ConsentPurpose } from '@contracts/lead-options.ts';
import type { Db } from '@db/client.ts';
import { consentEvents } from '@db/schema.ts';
import { asc, eq } from 'drizzle-orm';
import { personKey } from './person-link.ts';

/** A consent given and not withdrawn since: its 'otorga' event. */
export interface ConsentInForce {
  eventId: number;
  purpose: ConsentPurpose;
  /** The request it was given with; null for marketing given on its own, or a request since erased. */
  leadId: number | null;
  /** The sentence the person saw, as stored. */
  wording: string;
  policyVersion: number | null;
  /** A form's lead kind, 'correo', 'derechos' or 'alerta'. */
  channel: string;
  /** The e-mail alert this marketing consent is for (ADR 0039); null for the person's general marketing consent. */
  savedSearchId: number | null;
  givenAt: Date;
}

/** The person's consents in force, oldest first. */
export async function consentsInForce(db: Db, email: string): Promise<ConsentInForce[]> {
  const events = await db
    .select()
    .from(consentEvents)
    .where(eq(consentEvents.email, personKey(email)))
    .orderBy(asc(consentEvents.createdAt), asc(consentEvents.id));
  const inForce = new Map<string, ConsentInForce>();
  // An alert's consent is scoped to its search: removing one alert withdraws that one; a marketing withdrawal that
  // names no search withdraws every marketing consent, the alerts' included.
  const scope = (purpose: ConsentPurpose, leadId: number | null, savedSearchId: number | null) =>
    purpose === 'marketing'
      ? savedSearchId === null
        ? purpose
        : `${purpose}:alerta:${savedSearchId}`
      : `${purpose}:${leadId ?? 'persona'}`;
  for (const event of events) {
    if (event.action === 'otorga') {
      inForce.set(scope(event.purpose, event.leadId, event.savedSearchId), {
        eventId: event.id,
        purpose: event.purpose,
        leadId: event.leadId,
        wording: event.wording,
        policyVersion: event.policyVersion,
        channel: event.channel,
        savedSearchId: event.savedSearchId,
        givenAt: event.createdAt,
      });
    } else if (event.purpose === 'marketing' && event.savedSearchId !== null) {
      inForce.delete(scope(event.purpose, null, event.savedSearchId));
    } else if (event.purpose === 'marketing' || event.leadId === null) {
      for (const [key, grant] of inForce) if (grant.purpose === event.purpose) inForce.delete(key);
    } else {
      inForce.delete(scope(event.purpose, event.leadId, null));
    }
  }
  return [...inForce.values()].sort(
    (a, b) => a.givenAt.getTime() - b.givenAt.getTime() || a.eventId - b.eventId,
  );
}

/** The consent to pass this request on, when one is in force (art. 15); null when none is. */
export async function cessionConsent(
  db: Db,
  lead: { id: number; email: string },
): Promise<ConsentInForce | null> {
  const consents = await consentsInForce(db, lead.email);
  return consents.find((grant) => grant.purpose === 'cesion' && grant.leadId === lead.id) ?? null;
}

/** Whether the person may be sent offers and news: their marketing consent is in force (art. 12; opposition, art. 8). */
export async function marketingAllowed(db: Db, email: string): Promise<boolean> {
  // An alert's consent allows that alert's e-mails only, never offers and news.
  return (await consentsInForce(db, email)).some(
    (grant) => grant.purpose === 'marketing' && grant.savedSearchId === null,
  );
}
