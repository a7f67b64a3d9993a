import { z } from 'zod';
import { normalizePhone, PHONE_ERROR, PHONE_MAX_TYPED, phoneProblem } from './phone.ts';

// The rules of a free-text field, shared by the lead contracts and the back office contracts (a module of its own, so
// importing it does not pull the lead schemas into a page bundle).

// The one rule of what a stored text may hold, for every text the site and the back office accept.
/** C0 controls except tab/newline/carriage return, DEL and C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
export const LINE_BREAK = /[\r\n\u2028\u2029]/;
/** With the u flag, paired surrogates form one code point, so this matches only lone (broken) ones. */
export const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** One line with nothing invisible in it: no control character, tab, line break or lone surrogate. */
export function isPrintableLine(value: string): boolean {
  return (
    !CONTROL.test(value) && !LINE_BREAK.test(value) && !value.includes('\t') && !LONE_SURROGATE.test(value)
  );
}

/** A trimmed, single-line (unless multiline) text with Spanish messages, for every free-text field of every form. */
export function text(options: {
  label: string;
  min?: number;
  max: number;
  multiline?: boolean;
  required?: string;
}) {
  const { label, min = 1, max, multiline = false } = options;
  const required = options.required ?? `Ingresa ${label}.`;
  return z
    .string({ error: required })
    .trim()
    .refine((v) => !LONE_SURROGATE.test(v), {
      message: `${capitalize(label)} contiene caracteres inválidos.`,
      abort: true,
    })
    .refine((v) => !CONTROL.test(v), {
      message: `${capitalize(label)} contiene caracteres de control.`,
      abort: true,
    })
    .refine((v) => multiline || !LINE_BREAK.test(v), {
      message: `${capitalize(label)} debe ser una sola línea.`,
      abort: true,
    })
    .pipe(
      // Empty is "missing" whatever the minimum (said once); a short answer is "too short".
      (min > 1
        ? z
            .string()
            .min(1, { error: required, abort: true })
            .min(min, { error: `${capitalize(label)} debe tener al menos ${min} caracteres.` })
        : z.string().min(1, { error: required })
      ).max(max, { error: `${capitalize(label)} admite hasta ${max} caracteres.` }),
    );
}

function capitalize(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/**
 * A phone as people in Chile type it, stored as E.164 (contracts/phone.ts, ADR 0041): the text rule, then the number
 * read; anything else is refused with a Spanish sentence saying what to type.
 */
export function phoneText(label: string) {
  return text({ label, max: PHONE_MAX_TYPED }).transform((typed, context) => {
    const e164 = normalizePhone(typed);
    if (e164 !== null) return e164;
    context.issues.push({ code: 'custom', message: phoneProblem(typed) ?? PHONE_ERROR, input: typed });
    return z.NEVER;
  });
}
