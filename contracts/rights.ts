// What the rights page (/derechos) and the back office's "Derechos" send and read (ADR 0031 decision 6). zod only.
import { z } from 'zod';
import { phoneText, text } from './text-field.ts';

export const RIGHTS = [
  'acceso',
  'rectificacion',
  'supresion',
  'oposicion',
  'portabilidad',
  'bloqueo',
] as const;
export type Right = (typeof RIGHTS)[number];

export const RIGHT_LABELS: Record<Right, string> = {
  acceso: 'Acceso',
  rectificacion: 'Rectificación',
  supresion: 'Supresión',
  oposicion: 'Oposición',
  portabilidad: 'Portabilidad',
  bloqueo: 'Bloqueo temporal',
};

/** Answered at once with the export (arts. 5 and 9): no request reaches staff. */
export const ANSWERED_AT_ONCE: readonly Right[] = ['acceso', 'portabilidad'];
/** Art. 8 ter: a block may be asked for while one of these is decided. */
export const BLOCKABLE: readonly Right[] = ['rectificacion', 'supresion', 'oposicion'];

export const RIGHTS_REQUEST_STATUSES = ['sin_confirmar', 'abierta', 'completada', 'rechazada'] as const;
export type RightsRequestStatus = (typeof RIGHTS_REQUEST_STATUSES)[number];
export const RIGHTS_STATUS_LABELS: Record<RightsRequestStatus, string> = {
  sin_confirmar: 'Sin confirmar',
  abierta: 'Abierta',
  completada: 'Completada',
  rechazada: 'Rechazada',
};

/** The fields of the rights form, by their names in the page and in a JSON body. */
export const RIGHTS_FORM_LIMITS = { correo: 254, detalle: 2000 } as const;

const emptyToUndefined = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/** A checkbox: a form sends 'on' (or nothing), a JSON client true or false. */
const checkbox = z
  .union([z.boolean(), z.literal('on')], { error: 'Marca o desmarca la casilla de bloqueo.' })
  .optional()
  .transform((v) => v === true || v === 'on');

/** The person's address, lower-cased: the only identity the rights page knows. */
const personEmail = text({ label: 'tu correo', max: RIGHTS_FORM_LIMITS.correo })
  .transform((v) => v.toLowerCase())
  .pipe(z.email({ error: 'Ingresa un correo electrónico válido.' }));

/** POST /derechos: an address, the right, what it is about; the block only beside the rights that allow it. */
export const RightsRequestSchema = z
  .object({
    correo: personEmail,
    derecho: z.enum(RIGHTS, { error: 'Elige el derecho que quieres ejercer.' }),
    detalle: z.preprocess(
      emptyToUndefined,
      text({ label: 'el detalle', max: RIGHTS_FORM_LIMITS.detalle, multiline: true }).optional(),
    ),
    bloquear: checkbox,
  })
  .superRefine((body, context) => {
    if (body.derecho === 'rectificacion' && !body.detalle)
      context.addIssue({
        code: 'custom',
        path: ['detalle'],
        message: 'Indica qué dato quieres corregir y cómo debe quedar.',
      });
  });
export type RightsRequestInput = z.output<typeof RightsRequestSchema>;

/** POST /derechos/autorizaciones: the address the link to its consents goes to (withdrawal from the rights page). */
export const ConsentsLinkSchema = z.object({ correo: personEmail });

/** The link's token: 43 characters of base64url (32 random bytes). */
export const RightsTokenSchema = z
  .string({ error: 'El enlace no es válido.' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'El enlace no es válido.' });

export const ConfirmRightsSchema = z.object({ t: RightsTokenSchema });

// ---------------------------------------------------------------- back office

const reason = (label: string) => text({ label, min: 10, max: 2000, multiline: true });

/** Extending the deadline once (art. 11) needs its reason, which the person is told. */
export const RightsExtendSchema = z.object({ motivo: reason('el motivo de la prórroga') });
/** A refusal gives its reasons (art. 11), which the person is told with the Agencia's 30 business days. */
export const RightsRefuseSchema = z.object({ motivos: reason('los motivos del rechazo') });
export const RightsUnblockSchema = z.object({ motivo: reason('el motivo para levantar el bloqueo') });

/** Completing: what was done, in words the person reads; for a rectification, the corrected name or phone. */
export const RightsCompleteSchema = z.object({
  nota: reason('lo que se hizo'),
  nombre: z.preprocess(emptyToUndefined, text({ label: 'el nombre corregido', min: 2, max: 100 }).optional()),
  telefono: z.preprocess(emptyToUndefined, phoneText('el teléfono corregido').optional()),
  /** Opposition: stop marketing (a 'retira' consent event). */
  detenerMarketing: z.boolean({ error: 'Indica si se detiene el marketing.' }).optional(),
  /** Suppression: the address typed again, as on the personal data page. */
  confirmacion: z.preprocess(
    emptyToUndefined,
    z
      .string({ error: 'Escribe nuevamente el correo para confirmar.' })
      .trim()
      .toLowerCase()
      .max(254)
      .optional(),
  ),
});
export type RightsCompleteInput = z.output<typeof RightsCompleteSchema>;

export const RIGHTS_LIST_FILTERS = ['abiertas', 'cerradas', 'todas'] as const;
export type RightsListFilter = (typeof RIGHTS_LIST_FILTERS)[number];

export interface RightsRequestRow {
  id: number;
  correo: string;
  derecho: Right;
  estado: RightsRequestStatus;
  recibida: string;
  plazo: string | null;
  prorrogada: boolean;
  bloqueoPedido: boolean;
  plazoBloqueo: string | null;
  bloqueada: boolean;
  resuelta: string | null;
}

export interface RightsRequestEvent {
  id: number;
  accion: string;
  fecha: string;
  por: string | null;
  detalles: Record<string, unknown>;
  correoEnviado: { id: number | null; asunto: string } | null;
}

export interface RightsRequestDetail extends RightsRequestRow {
  detalle: string | null;
  motivoProrroga: string | null;
  notaResolucion: string | null;
  bloqueadaEl: string | null;
  desbloqueadaEl: string | null;
  eventos: RightsRequestEvent[];
}

export const RIGHTS_EVENT_LABELS: Record<string, string> = {
  solicitada: 'Enlace de confirmación enviado',
  recibida: 'Solicitud recibida (enlace confirmado)',
  acuse_enviado: 'Acuse de recibo enviado',
  sin_datos: 'Respuesta: no hay datos de este correo',
  exportacion_enviada: 'Enlace de descarga enviado',
  descargada: 'Datos descargados por la persona',
  bloqueada: 'Tratamiento bloqueado',
  desbloqueada: 'Bloqueo levantado',
  prorrogada: 'Plazo prorrogado',
  rechazada: 'Solicitud rechazada',
  completada: 'Solicitud completada',
  datos_eliminados: 'Datos eliminados',
  datos_corregidos: 'Datos corregidos',
  marketing_detenido: 'Marketing detenido (consentimiento retirado)',
  recordatorio: 'Recordatorio al equipo',
};

/** The one answer to a request made on /derechos, whatever the address: it must not tell whether it is known. */
export const RIGHTS_SENT_MESSAGE =
  'Si el correo es correcto, te enviamos un enlace para confirmar tu solicitud. Revisa tu bandeja de entrada (y la carpeta de correo no deseado): el enlace sirve una vez y vence en 24 horas.';
/** The one answer to a request for the consents link, whatever the address. */
export const CONSENTS_LINK_SENT_MESSAGE =
  'Si el correo es correcto, te enviamos el enlace a tus autorizaciones. Revisa tu bandeja de entrada (y la carpeta de correo no deseado): ahí retiras cada una con un botón.';
export const RIGHTS_RECEIVED_MESSAGE =
  'Tu solicitud quedó recibida. Te enviamos la respuesta, o el acuse de recibo con su plazo, a tu correo.';
export const RIGHTS_LINK_INVALID =
  'El enlace no es válido, ya se usó o venció. Si todavía necesitas ejercer tu derecho, vuelve a hacer la solicitud.';
export const RIGHTS_EXPORT_INVALID =
  'El enlace de descarga no es válido o venció. Vuelve a pedir tus datos en la página de derechos.';
