// The sentences of the consent boxes (ADR 0031, Ley 19.628 as amended by Ley 21.719, arts. 12, 15 and 16) and the
// purpose each public form states. One function writes each sentence: the server gives it to the form, which shows
// it beside its box, and stores the same words as the evidence of the consent, so what was recorded is what the
// person read.

import type { ConsentPurpose, LeadKind } from '@contracts/lead-options.ts';

export type { ConsentPurpose };

/** The public forms, by the lead kind they create. */
export type ConsentForm = LeadKind;

/**
 * What a page gives one of its forms (ADR 0031), written by the server from the settings it will read when the request
 * arrives: the form's purpose, the sentence of each box it has, and the privacy policy version the page shows. The
 * sentences travel as markup, not as code: the forms' JavaScript does not grow with them.
 */
export interface FormConsent {
  purpose: string;
  /** The sentence of each box, by purpose; a purpose absent has no box on this form. */
  boxes: Partial<Record<ConsentPurpose, string>>;
  /** Null before the first version is published. */
  policyVersion: number | null;
}

/** Every public form's consents, as the root loader gives them to the pages. */
export type ConsentContext = Record<ConsentForm, FormConsent>;

/** "A", "A y B", "A, B y C": written here rather than by Intl, so browser and server always agree. */
export function spanishList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;
}

/** The socio-economic datum each form asks for, and what it is used for (art. 16: express consent). */
const SOCIOECONOMIC: Partial<Record<ConsentForm, { what: string; use: string }>> = {
  financiamiento: { what: 'mi tipo de ingresos', use: 'evaluar las alternativas de crédito que solicito' },
  asesoria: { what: 'la situación financiera que indico', use: 'preparar la asesoría que solicito' },
};

/** How each form that may pass its request on (art. 15) names the recipients, and what for. */
const CESSION: Partial<Record<ConsentForm, { who: string; use: string }>> = {
  financiamiento: { who: 'las instituciones financieras con que trabaja', use: 'que evalúen mi crédito' },
  seguro: { who: 'las aseguradoras con que trabaja', use: 'que me coticen el seguro' },
};

/** What a sentence names: the dealership and, for a cession, every partner the request may be passed to. */
export interface WordingParts {
  dealership: string;
  /** The partners of the form's kind, from the settings (the server's lead kinds say which list). */
  recipients?: readonly string[];
}

/**
 * The sentence beside a box, exactly as it is shown and stored; null when the form has no such box (a cession
 * without partners to name is never asked for). Each names the dealership and what the consent is for, and avoids
 * the forms' own labels ("Correo electrónico", "Teléfono"), so a label still names one field.
 */
export function consentWording(
  form: ConsentForm,
  purpose: ConsentPurpose,
  { dealership, recipients = [] }: WordingParts,
): string | null {
  if (purpose === 'marketing')
    return (
      `Acepto que ${dealership} me envíe ofertas y novedades por correo, llamadas o WhatsApp. ` +
      'Puedo retirar esta autorización cuando quiera.'
    );
  if (purpose === 'datos_socioeconomicos') {
    const datum = SOCIOECONOMIC[form];
    if (!datum) return null;
    return `Autorizo expresamente a ${dealership} a guardar ${datum.what} y a usar ese dato solo para ${datum.use}.`;
  }
  const cession = CESSION[form];
  if (!cession || recipients.length === 0) return null;
  return (
    `Autorizo a ${dealership} a enviar mi solicitud y mis datos de contacto a ${cession.who}, ` +
    `para ${cession.use}: ${spanishList(recipients)}.`
  );
}

/** The one sentence each form shows about what its request is used for (art. 13 c: no consent needed for it). */
export const FORM_PURPOSE: Record<ConsentForm, string> = {
  contacto: 'Usaremos estos datos para responder tu mensaje.',
  vehiculo: 'Usaremos estos datos para responder tu consulta por este vehículo.',
  financiamiento: 'Usaremos estos datos para preparar tu propuesta de crédito y contactarte.',
  seguro: 'Usaremos estos datos para cotizar tu seguro y enviarte la cotización.',
  vendeauto: 'Usaremos estos datos y tus fotos para tasar tu auto y hacerte una oferta.',
  asesoria: 'Usaremos estos datos para agendar tu reunión con un asesor.',
  prueba: 'Usaremos estos datos para agendar tu prueba de manejo y confirmarla contigo.',
};
