// What /privacidad/consentimientos shows the holder of a signed link (ADR 0031, decision 4): their consents in force,
// each with what it allows, when and through which form it was given, and the words they accepted.
import { CONSENT_PURPOSES, type ConsentPurpose } from '@contracts/lead-options.ts';
import type { Db } from '@db/client.ts';
import { channelWords, maskedEmail, PURPOSE_TEXTS } from '@domain/consent-withdrawal.ts';
import { kindLabel } from '../leads/lead-kinds.ts';
import { consentsInForce } from './consents-in-force.ts';
import { readPersonToken } from './person-link.ts';

export interface ConsentsPageGrant {
  /** Its 'otorga' event: a stable key for the page. */
  id: number;
  /** ISO 8601. */
  given: string;
  /** 'en el formulario «Solicitud de financiamiento»'. */
  where: string;
  /** The request it came with, when any. */
  request: number | null;
  wording: string;
}

export interface ConsentsPagePurpose {
  purpose: ConsentPurpose;
  title: string;
  effect: string;
  button: string;
  grants: ConsentsPageGrant[];
}

export interface ConsentsPage {
  /** The address, masked: the page is reached by a link that may be forwarded. */
  person: string;
  purposes: ConsentsPagePurpose[];
}

/** The page of the person the token names; null for a token we did not sign (the page then says "not valid"). */
export async function loadConsentsPage(db: Db, secret: string, token: unknown): Promise<ConsentsPage | null> {
  const email = readPersonToken(secret, 'consentimientos', token);
  if (!email) return null;
  const grants = await consentsInForce(db, email);
  const purposes = CONSENT_PURPOSES.map((purpose) => ({
    purpose,
    ...PURPOSE_TEXTS[purpose],
    grants: grants
      .filter((grant) => grant.purpose === purpose)
      .map((grant) => ({
        id: grant.eventId,
        given: grant.givenAt.toISOString(),
        where: channelWords(grant.channel, grant.channel === 'correo' ? null : kindLabel(grant.channel)),
        request: grant.leadId,
        wording: grant.wording,
      })),
  })).filter((purpose) => purpose.grants.length > 0);
  return { person: maskedEmail(email), purposes };
}
