// What a request consents to (ADR 0031): the boxes its form ticked, kept with its fields, and the socio-economic
// values it may keep. Without the express consent (Ley 19.628 as amended by Ley 21.719, art. 16) those values are
// dropped here, right after the contract parsed them and before the request is hashed, stored, mailed or logged:
// only the names of the fields withheld go on.
import type { Dealership } from '@contracts/dealership.ts';
import { CONSENT_FIELDS, CONSENT_PURPOSES, POLICY_VERSION_FIELD } from '@contracts/lead-options.ts';
import {
  type ConsentContext,
  type ConsentPurpose,
  consentWording,
  FORM_PURPOSE,
  type FormConsent,
} from '@domain/consent.ts';
import { LEAD_KIND_DEFS, type LeadFields, type LeadKindDef } from './lead-kinds.ts';

/** The partners a kind's request may be passed to with these settings; empty when never. */
function recipientsOf(def: LeadKindDef, dealership: Dealership): string[] {
  return def.cessionRecipients?.(dealership) ?? [];
}

/** The purposes a kind has a box for, with these settings: a cession needs someone to name. */
export function offeredPurposes(def: LeadKindDef, dealership: Dealership): ConsentPurpose[] {
  return CONSENT_PURPOSES.filter((purpose) => {
    if (purpose === 'datos_socioeconomicos') return (def.socioeconomic ?? []).length > 0;
    if (purpose === 'cesion') return recipientsOf(def, dealership).length > 0;
    return true;
  });
}

/** The sentence the kind's form shows beside a purpose's box: the same function the form calls. */
export function kindConsentWording(
  def: LeadKindDef,
  purpose: ConsentPurpose,
  dealership: Dealership,
): string {
  const wording = consentWording(def.kind, purpose, {
    dealership: dealership.name,
    recipients: recipientsOf(def, dealership),
  });
  if (wording === null) throw new Error(`the ${def.kind} form has no ${purpose} box`);
  return wording;
}

/**
 * The fields with the request's consents: the purposes ticked (among those the kind offers) and the policy version
 * shown, and, without the socio-economic consent, its values replaced by null and their names in `withheldDetails`.
 * A request with no box ticked and nothing withheld gets the fields it always had (same Idempotency-Key hash).
 */
export function applyConsents(
  def: LeadKindDef,
  data: Record<string, unknown>,
  fields: LeadFields,
  dealership: Dealership,
): LeadFields {
  const consents = offeredPurposes(def, dealership).filter(
    (purpose) => data[CONSENT_FIELDS[purpose]] === true,
  );
  const details = { ...fields.details };
  const withheld: string[] = [];
  if (!consents.includes('datos_socioeconomicos')) {
    for (const key of def.socioeconomic ?? []) {
      if (details[key] === null || details[key] === undefined) continue;
      details[key] = null;
      withheld.push(key);
    }
  }
  const shown = data[POLICY_VERSION_FIELD];
  return {
    ...fields,
    details,
    ...(withheld.length > 0 ? { withheldDetails: withheld } : {}),
    ...(consents.length > 0 ? { consents } : {}),
    ...(consents.length > 0 && typeof shown === 'number' ? { policyVersion: shown } : {}),
  };
}

/**
 * What the public pages give their forms (root loader): per form, its purpose and the sentence of each box it has,
 * written by `kindConsentWording` from these settings, as the request will be recorded; and the policy version.
 */
export function formConsentContext(dealership: Dealership, policyVersion: number | null): ConsentContext {
  const forms = LEAD_KIND_DEFS.map((def): [LeadKindDef['kind'], FormConsent] => {
    const boxes: FormConsent['boxes'] = {};
    for (const purpose of offeredPurposes(def, dealership))
      boxes[purpose] = kindConsentWording(def, purpose, dealership);
    return [def.kind, { purpose: FORM_PURPOSE[def.kind], boxes, policyVersion }];
  });
  return Object.fromEntries(forms) as ConsentContext;
}
