// Shapes of the two registers of Ley 19.628 as amended by Ley 21.719 (ADR 0031, decision 8): the cessions of requests
// to lenders and insurers (art. 15) and the security breaches with their notices (art. 14 sexies). Zod and plain data
// only: the back office pages import this module too.
import { z } from 'zod';
import { LEAD_KINDS } from './lead-options.ts';
import { text } from './text-field.ts';

// ---------------------------------------------------------------- shared

/** An object body that refuses a field it does not have, in Spanish (a misspelt field is never silently dropped). */
const strictBody = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Este formulario no tiene ${issue.keys.length === 1 ? 'el campo' : 'los campos'} ${issue.keys.map((key) => `«${key.slice(0, 40)}»`).join(', ')}.`
        : 'Envía los datos del formulario.',
  });

const DAY_ERROR = 'Ingresa una fecha válida, por ejemplo 2026-12-31.';

/** A Chilean calendar day as a date input sends it: 'yyyy-mm-dd', a real day of 2000–2100. */
const dayKey = (required = DAY_ERROR) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(10, { error: DAY_ERROR })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DAY_ERROR })
    .refine(
      (value) => {
        const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
        const date = new Date(Date.UTC(year, month - 1, day));
        return year >= 2000 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
      },
      { error: DAY_ERROR },
    );

const page = z.coerce
  .number({ error: 'La página no es válida.' })
  .int({ error: 'La página no es válida.' })
  .min(1, { error: 'La página no es válida.' })
  .max(100_000, { error: 'La página no es válida.' })
  .default(1);

/** The days a query covers, both included: the last one may not come before the first. */
const orderedDays = { error: 'La fecha final debe ser igual o posterior a la inicial.', path: ['hasta'] };

// ---------------------------------------------------------------- cessions (art. 15)

/** The request kinds that may be passed on, and to whom: lenders for financing, insurers for insurance. */
export const CESSION_KINDS = ['financiamiento', 'seguro'] as const;
export type CessionKind = (typeof CESSION_KINDS)[number];

/** POST /admin/api/solicitudes/:id/cesiones. */
export const CessionCreateSchema = strictBody({
  destinatario: text({ label: 'la institución', max: 60, required: 'Elige a quién derivar la solicitud.' }),
});

/** What the lead page shows in "Derivar a…": whether it may be passed on, to whom, what goes, what went. */
export interface LeadCessionPanel {
  /** The partners of the request's kind in the settings in use, each with why it may not receive it, if so. */
  destinatarios: Array<{ nombre: string; impedimento: string | null }>;
  /** Null when the request may be passed on; else the Spanish reason it may not (the button says it). */
  impedimento: string | null;
  /** The categories of data a cession of this request passes. */
  categorias: string[];
  /** The consent relied on, when one is in force. */
  consentimiento: { id: number; fecha: string; texto: string } | null;
  cesiones: Array<{ id: number; destinatario: string; fecha: string; por: string | null }>;
}

/** One row of the register (GET /admin/api/cesiones). */
export interface CessionEntry {
  id: number;
  /** ISO 8601. */
  fecha: string;
  /** Null once the request was erased: the register keeps that it happened, nothing personal. */
  solicitud: { id: number; tipo: string } | null;
  destinatario: string;
  categorias: string[];
  consentimiento: { id: number; fecha: string; version: number | null } | null;
  por: string | null;
}

export interface CessionRegister {
  cesiones: CessionEntry[];
  total: number;
  pagina: number;
  paginas: number;
  /** Every recipient the register holds, for the filter. */
  destinatarios: string[];
}

export const CESSION_PAGE_SIZE = 50;

/** GET /admin/api/cesiones and cesiones.csv; an empty field of the page's filter form means "any". */
export const CessionQuerySchema = strictBody({
  desde: dayKey().optional(),
  hasta: dayKey().optional(),
  destinatario: z
    .string({ error: 'Elige una institución de la lista.' })
    .trim()
    .max(60, { error: 'Elige una institución de la lista.' })
    .optional(),
  pagina: page,
}).refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, orderedDays);
export type CessionQuery = z.infer<typeof CessionQuerySchema>;

// ---------------------------------------------------------------- breaches (art. 14 sexies)

/**
 * The categories of personal data an incident may touch. `aviso`: the law makes notices to each person compulsory
 * when the incident touches sensitive data (socio-economic situation, art. 2 g) or data on economic, financial,
 * banking or commercial obligations (art. 14 sexies).
 */
export const BREACH_CATEGORIES = {
  identificacion: { label: 'Identificación y contacto (nombre, correo, teléfono)', aviso: false },
  mensajes: { label: 'Mensajes y comentarios de las solicitudes', aviso: false },
  vehiculo: { label: 'Datos y fotos del vehículo de la persona', aviso: false },
  situacion_socioeconomica: {
    label: 'Situación socioeconómica (tipo de ingresos, situación financiera)',
    aviso: true,
  },
  obligaciones_financieras: {
    label: 'Obligaciones económicas o financieras (crédito solicitado, pie, plazo, cuota)',
    aviso: true,
  },
  navegacion: { label: 'Origen de la visita y datos técnicos', aviso: false },
  personal: { label: 'Cuentas del personal de la automotora', aviso: false },
} as const satisfies Record<string, { label: string; aviso: boolean }>;
export type BreachCategory = keyof typeof BREACH_CATEGORIES;
export const BREACH_CATEGORY_KEYS = Object.keys(BREACH_CATEGORIES) as [BreachCategory, ...BreachCategory[]];

/** Whether the law requires a notice to each person affected (art. 14 sexies). */
export function noticesRequired(categories: readonly string[]): boolean {
  return categories.some((key) => BREACH_CATEGORIES[key as BreachCategory]?.aviso === true);
}

/** A moment as a datetime-local input sends it, in Chile's time: 'yyyy-mm-ddTHH:mm'. */
export const WALL_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;
const WALL_TIME_ERROR = 'Ingresa la fecha y la hora, por ejemplo 31-12-2026 18:30.';
const wallTime = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(16, { error: WALL_TIME_ERROR })
    .regex(WALL_TIME, { error: WALL_TIME_ERROR });

const paragraph = (label: string, max: number) => text({ label, max, multiline: true });

/** POST /admin/api/vulneraciones and PUT /admin/api/vulneraciones/:id: the whole record each time. */
export const BreachInputSchema = strictBody({
  descripcion: paragraph('qué ocurrió', 4000),
  ocurrida: wallTime('Indica cuándo ocurrió.'),
  detectada: wallTime('Indica cuándo se detectó.'),
  categorias: z
    .array(z.enum(BREACH_CATEGORY_KEYS, { error: 'Elige categorías de la lista.' }), {
      error: 'Marca al menos una categoría de datos afectados.',
    })
    .min(1, { error: 'Marca al menos una categoría de datos afectados.' })
    .max(BREACH_CATEGORY_KEYS.length, { error: 'Elige categorías de la lista.' })
    .refine((list) => new Set(list).size === list.length, { error: 'Cada categoría se marca una sola vez.' }),
  personas: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'Indica cuántas personas fueron afectadas, aproximadamente, como número entero.' })
      .int({ error: 'Indica cuántas personas fueron afectadas, aproximadamente, como número entero.' })
      .min(0, { error: 'El número de personas no puede ser negativo.' })
      .max(100_000_000, { error: 'El número de personas es demasiado grande.' }),
  ),
  consecuencias: paragraph('las posibles consecuencias', 4000),
  medidas: paragraph('las medidas adoptadas', 4000),
  /** Empty or absent: the Agencia has not been told (yet). */
  agencia: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    wallTime('Indica cuándo se informó a la Agencia.').optional(),
  ),
});
export type BreachInput = z.infer<typeof BreachInputSchema>;

/** The kinds of request a breach query may pick (those of the public forms). */
export const AFFECTED_KINDS = LEAD_KINDS;

const affectedShape = {
  desde: dayKey('Indica desde qué día buscar.'),
  hasta: dayKey('Indica hasta qué día buscar.'),
  tipos: z
    .array(z.enum(AFFECTED_KINDS, { error: 'Elige tipos de solicitud de la lista.' }), {
      error: 'Marca al menos un tipo de solicitud.',
    })
    .min(1, { error: 'Marca al menos un tipo de solicitud.' })
    .max(AFFECTED_KINDS.length, { error: 'Elige tipos de solicitud de la lista.' })
    .refine((list) => new Set(list).size === list.length, { error: 'Cada tipo se marca una sola vez.' }),
};

/** The people affected: requests received between two Chilean days (both included), of the kinds chosen. */
export const AffectedQuerySchema = strictBody(affectedShape).refine((q) => q.desde <= q.hasta, orderedDays);
export type AffectedQuery = z.infer<typeof AffectedQuerySchema>;

/** POST /admin/api/vulneraciones/:id/avisos: the same query, confirmed. */
export const NoticesSchema = strictBody({
  ...affectedShape,
  confirmar: z.literal(true, { error: 'Confirma que quieres preparar los avisos.' }),
}).refine((q) => q.desde <= q.hasta, orderedDays);

/** How the history and the audit trail name each field of a breach. */
export const BREACH_FIELD_LABELS: Record<string, string> = {
  descripcion: 'Qué ocurrió',
  ocurrida: 'Cuándo ocurrió',
  detectada: 'Cuándo se detectó',
  categorias: 'Categorías de datos',
  personas: 'Personas afectadas (aprox.)',
  consecuencias: 'Posibles consecuencias',
  medidas: 'Medidas adoptadas',
  agencia: 'Informada a la Agencia',
};

export interface BreachView {
  id: number;
  descripcion: string;
  /** ISO 8601. */
  ocurrida: string;
  detectada: string;
  categorias: BreachCategory[];
  personas: number;
  consecuencias: string;
  medidas: string;
  /** ISO 8601, or null while the Agencia was not told. */
  agencia: string | null;
  registrada: string;
  actualizada: string;
  avisos: number;
}

export interface BreachHistoryEntry {
  /** The audit entry's id. */
  id: number;
  fecha: string;
  accion: string;
  por: string | null;
  /** Field labels with their values before and after (an edit), or what was prepared (notices). */
  detalles: Array<{ campo: string; antes?: string; despues: string }>;
}

export interface BreachNoticeView {
  id: number;
  correo: string | null;
  estado: 'pending' | 'sent' | 'failed' | null;
  fecha: string;
}
