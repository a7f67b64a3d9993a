// The evidence of the consents a request was sent with (ADR 0031; Ley 19.628 as amended by Ley 21.719, art. 12: the
// controller proves the consent). Written inside the request's own transaction: a request is never stored without
// the consents it carried, nor a consent without its request. A box not ticked writes nothing.
import type { Db } from '@db/client.ts';
import { consentEvents } from '@db/schema.ts';
import type { ConsentPurpose } from '@domain/consent.ts';
import { consentPolicyVersion } from './policy-versions.ts';

export interface ConsentGrants {
  leadId: number;
  /** The address the person gave; stored lower-cased, the key of their consents. */
  email: string;
  /** Where the consent was given: the form's lead kind. */
  channel: string;
  purposes: readonly ConsentPurpose[];
  /** The sentence the box showed, for each purpose. */
  wording: (purpose: ConsentPurpose) => string;
  /** The privacy policy version the page showed, as the request sent it. */
  shownPolicyVersion: number | undefined;
}

/** One 'otorga' event per purpose given. */
export async function recordConsents(db: Db, grants: ConsentGrants): Promise<void> {
  if (grants.purposes.length === 0) return;
  const policyVersion = await consentPolicyVersion(db, grants.shownPolicyVersion);
  await db.insert(consentEvents).values(
    grants.purposes.map((purpose) => ({
      email: grants.email.toLowerCase(),
      leadId: grants.leadId,
      purpose,
      action: 'otorga' as const,
      wording: grants.wording(purpose),
      policyVersion,
      channel: grants.channel,
    })),
  );
}
