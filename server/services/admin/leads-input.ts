import { z } from 'zod';
import { LEAD_NOTE_MAX, LEAD_STATUS_VALUES } from '../../../contracts/admin-leads.ts';

// The bodies the leads API accepts, with the Spanish sentences staff read beside the field.

export const LeadStatusChangeSchema = z.object({
  estado: z.enum(LEAD_STATUS_VALUES, {
    error: 'Elige un estado válido: nuevo, contactado, cerrado o descartado.',
  }),
});

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** With the u flag, paired surrogates form one code point, so this matches only lone (broken) ones. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export const LeadNoteSchema = z.object({
  texto: z
    .string({ error: 'Escribe la nota.' })
    .trim()
    .min(1, { error: 'Escribe la nota.' })
    .max(LEAD_NOTE_MAX, { error: `La nota admite hasta ${LEAD_NOTE_MAX} caracteres.` })
    .refine((text) => !CONTROL.test(text), { error: 'La nota contiene caracteres de control.' })
    // A lone surrogate cannot be stored as typed (UTF-8 turns it into U+FFFD): refused like a control character.
    .refine((text) => !LONE_SURROGATE.test(text), { error: 'La nota contiene caracteres inválidos.' }),
});

/** A lead id in a URL: a positive whole number that fits a bigint. */
export function parseLeadId(value: string): number | null {
  return /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}
