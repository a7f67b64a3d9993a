import type { z } from 'zod';

// Zod-free on purpose: forms import these at page load and fetch the schemas (contracts/leads.ts) only when
// they validate, keeping zod out of the initial JavaScript.

// ------------------------------------------------------------------ enumerations (docs/api.md), value → label

export const SUBJECT_OPTIONS = [
  { value: 'compra', label: 'Información de compra' },
  { value: 'venta', label: 'Vender mi vehículo' },
  { value: 'financiamiento', label: 'Opciones de financiamiento' },
  { value: 'seguros', label: 'Cotización de seguros' },
  { value: 'prueba', label: 'Agendar prueba de manejo' },
  { value: 'otro', label: 'Otro' },
] as const;
export const FINANCING_TYPE_OPTIONS = [
  { value: 'directo', label: 'Crédito Directo' },
  { value: 'convencional', label: 'Crédito Convencional' },
  { value: 'no-se', label: 'No estoy seguro' },
] as const;
export const TERM_OPTIONS = [
  { value: '12', label: '12 meses' },
  { value: '24', label: '24 meses' },
  { value: '36', label: '36 meses' },
  { value: '48', label: '48 meses' },
] as const;
export const INCOME_OPTIONS = [
  { value: 'dependiente', label: 'Dependiente' },
  { value: 'independiente', label: 'Independiente' },
  { value: 'jubilado', label: 'Jubilado' },
  { value: 'otro', label: 'Otro' },
] as const;
export const CAR_BRAND_OPTIONS = [
  { value: 'toyota', label: 'Toyota' },
  { value: 'honda', label: 'Honda' },
  { value: 'nissan', label: 'Nissan' },
  { value: 'mazda', label: 'Mazda' },
  { value: 'hyundai', label: 'Hyundai' },
  { value: 'kia', label: 'Kia' },
  { value: 'chevrolet', label: 'Chevrolet' },
  { value: 'ford', label: 'Ford' },
  { value: 'volkswagen', label: 'Volkswagen' },
  { value: 'otro', label: 'Otra marca' },
] as const;
export const INSURANCE_TYPE_OPTIONS = [
  { value: 'soap', label: 'Seguro Obligatorio SOAP' },
  { value: 'terceros', label: 'Seguro Contra Terceros' },
  { value: 'todo-riesgo', label: 'Seguro Todo Riesgo' },
  { value: 'no-se', label: 'No estoy seguro' },
] as const;
export const CAR_CONDITION_OPTIONS = [
  { value: 'excelente', label: 'Excelente' },
  { value: 'bueno', label: 'Bueno' },
  { value: 'regular', label: 'Regular' },
  { value: 'necesita-reparacion', label: 'Necesita reparación' },
] as const;
export const ADVISORY_AREA_OPTIONS = [
  { value: 'diagnostico', label: 'Diagnóstico financiero' },
  { value: 'planificacion', label: 'Planificación financiera' },
  { value: 'presupuesto', label: 'Gestión de presupuesto' },
  { value: 'inversiones', label: 'Asesoría en inversiones' },
  { value: 'educacion', label: 'Educación financiera' },
  { value: 'general', label: 'Consulta general' },
] as const;
export const CLIENT_TYPE_OPTIONS = [
  { value: 'personal', label: 'Persona natural' },
  { value: 'pyme', label: 'Pyme' },
  { value: 'mediana', label: 'Mediana empresa' },
  { value: 'otro', label: 'Otro' },
] as const;
export const FINANCIAL_SITUATION_OPTIONS = [
  { value: 'estable', label: 'Estable' },
  { value: 'crecimiento', label: 'En crecimiento' },
  { value: 'dificultades', label: 'Con dificultades' },
  { value: 'crisis', label: 'En crisis' },
  { value: 'prefiero-no-decir', label: 'Prefiero no decir' },
] as const;

/** Limits of the appraisal photos, enforced by the server and mirrored by the page. */
export const SELL_PHOTO_LIMITS = { maxFiles: 5, maxBytes: 5 * 1024 * 1024 } as const;

/** The kinds of request the public forms create, by the name the database and the API give them. */
export const LEAD_KINDS = [
  'contacto',
  'vehiculo',
  'financiamiento',
  'seguro',
  'vendeauto',
  'asesoria',
  'prueba',
] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** The purposes that need a consent of their own (ADR 0031); answering a request rests on art. 13 c and needs none. */
export const CONSENT_PURPOSES = ['datos_socioeconomicos', 'cesion', 'marketing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/**
 * The consent boxes of the forms (ADR 0031), by purpose: optional booleans beside the fields of docs/api.md, absent
 * or false when the box is not ticked. The appraisal form sends them as multipart text ('true' or 'on').
 */
export const CONSENT_FIELDS = {
  datos_socioeconomicos: 'consentimiento_datos_socioeconomicos',
  cesion: 'consentimiento_cesion',
  marketing: 'consentimiento_marketing',
} as const satisfies Record<ConsentPurpose, string>;

/** The privacy policy version the form's page showed, as an optional integer. */
export const POLICY_VERSION_FIELD = 'politica_version';

/** Hidden field a person never fills; a bot that fills it is answered as if accepted and nothing is stored. */
export const HONEYPOT_FIELD = 'sitio_web';

/** Turns a zod error into `campos`: the first Spanish sentence per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const campos: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    campos[key] ??= issue.message;
  }
  return campos;
}
