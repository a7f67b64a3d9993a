import { z } from 'zod';
import { text } from './text-field.ts';

// The terms and privacy texts the dealership edits in the back office (ADR 0025, "Legal texts"): Markdown limited to
// what a legal page needs, checked here so staff get a Spanish sentence naming the problem, and rendered on the
// server by a parser that allows the same subset (app/lib/legal-text.server.ts), so what this contract lets through
// is all the page can ever show.

/** The placeholders a legal text may use, each replaced with the dealership's current value when the page renders. */
export const LEGAL_PLACEHOLDERS = {
  nombre: 'el nombre de la automotora',
  razonSocial: 'la razón social',
  correo: 'el correo de contacto, como enlace',
  telefono: 'el primer teléfono',
  direccion: 'la primera dirección (calle, comuna y ciudad)',
  pieCreditoDirecto: 'el pie mínimo del crédito directo («pie desde 30% del valor del vehículo»)',
  financiamientoMaximo:
    'lo más que se financia del valor de un vehículo («80%»: 100% menos el menor pie mínimo de los créditos que cualquiera puede obtener)',
  plazosConservacion:
    'cuánto tiempo se guarda cada tipo de solicitud y las fotos de una tasación (sección «Datos personales»)',
  instituciones: 'las instituciones financieras de la página de financiamiento',
  aseguradoras: 'las aseguradoras de la sección «Datos personales», o una frase si no hay ninguna',
  paginaDerechos: 'un enlace a la página donde cada persona ejerce sus derechos (/derechos)',
} as const;
export type LegalPlaceholder = keyof typeof LEGAL_PLACEHOLDERS;

/**
 * What the privacy policy must take from the settings rather than state itself, so it never promises a period or
 * names a recipient the site does not have (ADR 0031: art. 14 ter d and i of Ley 19.628 as amended).
 */
export const REQUIRED_PRIVACY_PLACEHOLDERS = [
  'plazosConservacion',
  'instituciones',
  'aseguradoras',
] as const satisfies readonly LegalPlaceholder[];

/** The sentence refusing a privacy text that leaves out a required placeholder, or null when it has them all. */
export function missingPrivacyPlaceholders(value: string): string | null {
  const missing = REQUIRED_PRIVACY_PLACEHOLDERS.filter((name) => !value.includes(`{${name}}`)).map(
    (name) => `{${name}}`,
  );
  if (missing.length === 0) return null;
  const names = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} y ${missing.at(-1)}`;
  return `El texto de la política de privacidad debe incluir ${names}, para que los plazos de conservación y las instituciones que publica sean siempre los de la configuración.`;
}

/** How long a legal text may be: the current ones are about 7,000 characters. */
export const LEGAL_TEXT_MAX = 30_000;

const PLACEHOLDER_LIST = Object.keys(LEGAL_PLACEHOLDERS).map((name) => `{${name}}`);
const PLACEHOLDERS_SENTENCE = `${PLACEHOLDER_LIST.slice(0, -1).join(', ')} o ${PLACEHOLDER_LIST.at(-1)}`;

/** An opening or closing HTML tag, or a comment: raw HTML is never part of the subset. */
const HTML_TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>|<!--/;
const IMAGE = /!\[[^\]\n]*\]\(/;
/** The target of every inline link, `[texto](destino)`. */
const LINK_TARGET = /\]\(([^)\n]*)\)?/g;
/** https or http to a named host, mailto, or a page of this site (`/financing`, never `//otro-sitio`). */
const ALLOWED_TARGET = /^(?:https?:\/\/[^\s/?#\\]+[^\s\\]*|mailto:[^\s\\]+|\/(?![/\\])[^\s\\]*)$/i;
/** A character reference in a link would be decoded before the browser sees it: `&#106;avascript:`. */
const CHARACTER_REFERENCE = /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;
/** `#` and `####`–`######` titles: only `##` (a section) and `###` (a subtitle) are offered. */
const OTHER_HEADING = /^ {0,3}(?:#|#{4,6})(?:[ \t]|$)/m;
/** A `##` or `###` with nothing after it: an empty entry of the index. */
const EMPTY_HEADING = /^ {0,3}#{2,3}(?:[ \t]+#*)?[ \t]*$/m;
const PLACEHOLDER = /\{([^{}\n]*)\}/g;

/** The first construct outside the subset, as a Spanish sentence, or null when the text keeps to it. */
export function legalTextProblem(value: string, label: string): string | null {
  const subject = label.charAt(0).toUpperCase() + label.slice(1);
  const tag = HTML_TAG.exec(value)?.[0];
  if (tag !== undefined) {
    return `${subject} no admite etiquetas HTML como «${shorten(tag)}». Usa solo el formato permitido: ## títulos, listas, **negrita**, *cursiva* y enlaces.`;
  }
  const image = IMAGE.exec(value);
  if (image) return `${subject} no admite imágenes («![…](…)»). Escribe un enlace: [texto](https://…).`;
  for (const [, raw = ''] of value.matchAll(LINK_TARGET)) {
    // The destination, without the title Markdown allows after it or the angle brackets it may wrap it in.
    const target = (raw.trim().split(/\s+/)[0] ?? '').replace(/^<(.*)>$/, '$1');
    if (!ALLOWED_TARGET.test(target) || CHARACTER_REFERENCE.test(target)) {
      return `El enlace «${shorten(target)}» no está permitido en ${label}. Un enlace debe empezar con https://, mailto: o / (una página del sitio).`;
    }
  }
  if (OTHER_HEADING.test(value)) {
    return `${subject} usa un título que no está permitido. Usa ## para las secciones y ### para los subtítulos.`;
  }
  if (EMPTY_HEADING.test(value)) {
    return `${subject} tiene un título vacío. Escribe el título después de ## o ###.`;
  }
  for (const [whole, name = ''] of value.matchAll(PLACEHOLDER)) {
    if (!Object.hasOwn(LEGAL_PLACEHOLDERS, name)) {
      return `${subject} usa ${shorten(whole)}, que no existe. Usa ${PLACEHOLDERS_SENTENCE}.`;
    }
  }
  return null;
}

function shorten(value: string): string {
  return value.length > 40 ? `${value.slice(0, 39)}…` : value;
}

/** A legal text: the one text rule (contracts/text-field.ts) with line breaks, then the Markdown subset. */
const legalText = (label: string) =>
  text({ label, max: LEGAL_TEXT_MAX, multiline: true }).superRefine((value, context) => {
    const problem = legalTextProblem(value, label);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const LegalTextsSchema = z.strictObject({
  terms: legalText('el texto de los términos'),
  privacy: legalText('el texto de la política de privacidad'),
  /** The date the pages show as «Última actualización». */
  updated: z.iso.date({ error: 'Ingresa la fecha de actualización como AAAA-MM-DD.' }),
});
export type LegalTexts = z.infer<typeof LegalTextsSchema>;
