import { LEAD_NOTE_MAX, LEAD_STATUS_VALUES } from '@contracts/admin-leads.ts';
import { MAX_DB_ID } from '@contracts/db-id.ts';
import { CONTROL, LONE_SURROGATE, text } from '@contracts/text-field.ts';
import { z } from 'zod';

// The bodies the leads API accepts, with the Spanish sentences staff read beside the field.

export const LeadStatusChangeSchema = z.object({
  estado: z.enum(LEAD_STATUS_VALUES, {
    error: 'Elige un estado válido: nuevo, contactado, cerrado o descartado.',
  }),
});

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

const OWNER_ERROR = 'Elige una persona de la lista, o nadie para dejarla sin asignar.';

/** PATCH /admin/api/solicitudes/:id/responsable: a staff account's id, or null for nobody. */
export const LeadOwnerChangeSchema = z.strictObject(
  {
    // Every malformed value (text, negative, fraction, too large) gets the same sentence.
    responsable: z.union(
      [
        z.null({ error: OWNER_ERROR }),
        z
          .number({ error: OWNER_ERROR })
          .int({ error: OWNER_ERROR })
          .positive({ error: OWNER_ERROR })
          .max(MAX_DB_ID, { error: OWNER_ERROR }),
      ],
      { error: OWNER_ERROR },
    ),
  },
  { error: 'Solo se puede cambiar el responsable de la solicitud.' },
);

/** PUT /admin/api/asignacion. */
export const LeadAssignmentSettingsSchema = z.strictObject(
  { turnos: z.boolean({ error: 'Indica si las solicitudes se reparten por turnos (true o false).' }) },
  { error: 'Solo se puede cambiar si las solicitudes se reparten por turnos.' },
);

/** The longest subject and message of an e-mail written from a request (ADR 0041). */
export const LEAD_REPLY_SUBJECT_MAX = 200;
export const LEAD_REPLY_BODY_MAX = 10_000;

/** POST /admin/api/solicitudes/:id/responder: the e-mail to the person, one line of subject and its text. */
export const LeadReplySchema = z.strictObject(
  {
    asunto: text({ label: 'el asunto', max: LEAD_REPLY_SUBJECT_MAX }),
    mensaje: text({ label: 'el mensaje', min: 2, max: LEAD_REPLY_BODY_MAX, multiline: true }),
  },
  { error: 'Envía el asunto y el mensaje del correo.' },
);
