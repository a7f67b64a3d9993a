// The parts of a lead form that concern personal data (ADR 0031): what the request is used for, one unticked box per
// purpose that needs a consent of its own, with the sentence the server records when it is ticked, and the privacy
// policy version the page showed. Every text comes from the page (FormConsent, written by the server): none is
// in this code, so the forms' JavaScript stays the size it was.

import { CONSENT_FIELDS, POLICY_VERSION_FIELD } from '@contracts/lead-options.ts';
import type { ConsentPurpose, FormConsent } from '@domain/consent';
import { type ReactNode, useContext } from 'react';
import { useIslandId } from '~/lib/island-scope';
import { FieldError, FieldErrors } from './fields';

/** Where the form's full-width parts sit in its grid; a one-column form gives ''. */
const WIDE = 'sm:col-span-2';

/** The form's first lines: what its request is used for, and how required fields are marked. */
export function FormIntro({
  consent,
  purpose = consent.purpose,
  className = WIDE,
}: {
  consent: FormConsent;
  /** Instead of the form's own sentence, when one form serves another purpose (the alert of a sold car). */
  purpose?: string;
  className?: string;
}) {
  return (
    <div className={`text-slate-600 text-sm ${className}`}>
      <p className="font-medium text-slate-700">{purpose}</p>
      <p className="mt-1">Los campos marcados con * son obligatorios.</p>
    </div>
  );
}

/**
 * One consent box, never ticked by default, labelled by its sentence (the one the server stores when it is ticked).
 * Nothing when the form has no such box (a cession with no partner to name).
 */
export function ConsentBox({ purpose, consent }: { purpose: ConsentPurpose; consent: FormConsent }) {
  const name = CONSENT_FIELDS[purpose];
  const id = useIslandId(name);
  const error = useContext(FieldErrors)[name];
  const errorId = error ? `${id}-error` : undefined;
  const wording = consent.boxes[purpose];
  if (!wording) return null;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={name}
          value="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2"
        />
        <label htmlFor={id} className="cursor-pointer text-slate-700 text-sm">
          {wording}
        </label>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A socio-economic field and its express-consent box, kept together so one is read with the other. */
export function SensitiveGroup({ children }: { children: ReactNode }) {
  return (
    <div className="grid gap-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200 sm:col-span-2">
      {children}
    </div>
  );
}

/**
 * The optional boxes at the end of a form (its cession, when it has one, then marketing) and the policy version
 * the page showed. Neither box is needed for the request to be answered.
 */
export function ConsentFooter({ consent, className = WIDE }: { consent: FormConsent; className?: string }) {
  return (
    <fieldset className={`grid gap-3 ${className}`}>
      <legend className="mb-2 font-medium text-slate-800 text-sm">Autorizaciones (opcionales)</legend>
      <ConsentBox purpose="cesion" consent={consent} />
      <ConsentBox purpose="marketing" consent={consent} />
      {consent.policyVersion === null ? null : (
        <input type="hidden" name={POLICY_VERSION_FIELD} value={consent.policyVersion} />
      )}
    </fieldset>
  );
}
