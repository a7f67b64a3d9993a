// What the alert forms send (issue 33, ADR 0039): POST /alertas (a plain HTML form) and POST /api/alertas/ (JSON,
// the sold car's page). The search itself is judged by domain/saved-search.ts. zod only.
import { z } from 'zod';
import { text } from './text-field.ts';

export const SAVED_SEARCH_SOURCES = ['listado', 'vendido', 'favoritos'] as const;

/** The answer to every accepted save, whether or not the address is known: nothing is told about it. */
export const ALERT_SENT_MESSAGE =
  'Te enviamos un correo para confirmar tu alerta. Ábrelo y confirma: sin eso no te enviaremos nada.';
export const ALERT_CONFIRMED_MESSAGE = 'Listo: tu alerta quedó activa.';
export const ALERT_LINK_INVALID =
  'Este enlace ya se usó o venció. Si aún quieres la alerta, guárdala de nuevo desde el sitio.';
export const ALERT_RATE_LIMITED =
  'Guardaste demasiadas alertas seguidas. Espera un momento e inténtalo nuevamente.';

/** A checkbox: a form sends 'on' (or nothing), a JSON client true or false. */
const ticked = z.preprocess(
  (value) => value === true || value === 'on' || value === 'true',
  z.literal(true, { error: 'Para recibir alertas, marca la casilla de autorización.' }),
);

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? undefined : v),
    text({ label, max }).optional(),
  );

/** The two fields a person fills in every alert form: the sold car's form checks these alone in the browser. */
export const AlertSignupSchema = z.object({
  correo: text({ label: 'tu correo', max: 254 })
    .transform((v) => v.toLowerCase())
    .pipe(z.email({ error: 'Ingresa un correo electrónico válido.' })),
  consentimiento: ticked,
});

export const SaveSearchSchema = AlertSignupSchema.extend({
  /** The listing's query string (kind 'busqueda'). */
  consulta: optionalText('la búsqueda', 2000),
  /** Vehicle ids, comma-separated (kind 'favoritos'). */
  favoritos: optionalText('la lista de favoritos', 600),
  origen: z
    .enum(SAVED_SEARCH_SOURCES, { error: 'El origen de la alerta no es válido.' })
    .optional()
    .default('listado'),
  politica_version: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: 'La versión de la política no es válida.' }).int().min(1).max(1_000_000).optional(),
  ),
}).superRefine((body, context) => {
  if (body.consulta === undefined && body.favoritos === undefined)
    context.addIssue({
      code: 'custom',
      path: ['consulta'],
      message: 'Elige al menos un filtro o escribe una búsqueda antes de guardarla.',
    });
});
export type SaveSearchInput = z.output<typeof SaveSearchSchema>;

/** The single-use token of a confirmation link: 43 characters of base64url. */
export const AlertTokenSchema = z
  .string({ error: ALERT_LINK_INVALID })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: ALERT_LINK_INVALID });
