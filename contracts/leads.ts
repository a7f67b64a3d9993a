import { z } from 'zod';
import { CREDIT_TERMS, CREDIT_TYPES } from './credit-options.ts';
import { MAX_DB_ID } from './db-id.ts';
import {
  ADVISORY_AREA_OPTIONS,
  CAR_BRAND_OPTIONS,
  CAR_CONDITION_OPTIONS,
  CLIENT_TYPE_OPTIONS,
  FINANCIAL_SITUATION_OPTIONS,
  FINANCING_TYPE_OPTIONS,
  INCOME_OPTIONS,
  INSURANCE_TYPE_OPTIONS,
  SUBJECT_OPTIONS,
  TERM_OPTIONS,
} from './lead-options.ts';
import { phoneText, text } from './text-field.ts';

/** Option lists, limits and the error helper live apart, so pages can use them without loading zod. */
export * from './lead-options.ts';

// ------------------------------------------------------------------ field rules

/** An optional text: absent, null and blank all mean "not given" and are stored as null. */
function optionalText(options: { label: string; max: number; multiline?: boolean }) {
  return z.preprocess(
    (v) => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    text(options).optional(),
  );
}

const name = () => text({ label: 'tu nombre', min: 2, max: 100 });
const email = () =>
  text({ label: 'tu correo', max: 254 }).pipe(z.email({ error: 'Ingresa un correo electrónico válido.' }));
/** Typed as people in Chile type it, stored as E.164 (ADR 0041). */
const phone = () => phoneText('tu teléfono');

function choice<const T extends readonly [string, ...string[]]>(values: T, what: string) {
  return z.enum(values, { error: `Selecciona ${what} de la lista.` });
}

const currentYear = () => new Date().getFullYear();
/** Today plus `days`, as YYYY-MM-DD (UTC). */
const isoDate = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** A model year typed as text ("2018"); free text in the original, checked here. */
const modelYear = () =>
  text({ label: 'el año', max: 4 })
    .pipe(z.string().regex(/^\d{4}$/, { error: 'Ingresa el año con cuatro dígitos, por ejemplo 2018.' }))
    .refine((v) => Number(v) >= 1950 && Number(v) <= currentYear() + 1, {
      error: `El año debe estar entre 1950 y ${currentYear() + 1}.`,
    });

/** A vehicle id as a number or a numeric string. */
const vehicleRef = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ error: 'El vehículo indicado no es válido.' })
    .int({ error: 'El vehículo indicado no es válido.' })
    .positive({ error: 'El vehículo indicado no es válido.' })
    .max(MAX_DB_ID, { error: 'El vehículo indicado no es válido.' }),
);

// ------------------------------------------------------------------ consents (ADR 0031)

const CONSENT_ERROR = 'Cada autorización debe enviarse como verdadero o falso (true o false).';
const POLICY_VERSION_ERROR = 'La versión de la política de privacidad debe ser un número entero positivo.';
/** The largest version the database's integer column holds. */
const MAX_POLICY_VERSION = 2_147_483_647;

/** A consent box: true when ticked; absent, null or false when not. Never a reason to refuse the request itself. */
const consentBox = () =>
  z.preprocess((v) => (v === null ? undefined : v), z.boolean({ error: CONSENT_ERROR }).optional());

/** The same box sent as multipart text: 'true' or 'on' (a browser's ticked checkbox) or 'false'. */
const formConsentBox = () =>
  z.preprocess((v) => {
    if (v === null || v === '') return undefined;
    if (v === 'true' || v === 'on') return true;
    return v === 'false' ? false : v;
  }, z.boolean({ error: CONSENT_ERROR }).optional());

const policyVersionNumber = z
  .number({ error: POLICY_VERSION_ERROR })
  .int({ error: POLICY_VERSION_ERROR })
  .min(1, { error: POLICY_VERSION_ERROR })
  .max(MAX_POLICY_VERSION, { error: POLICY_VERSION_ERROR });

/** The privacy policy version the page showed; the server falls back to the latest one it does not know. */
const policyVersion = () => z.preprocess((v) => (v === null ? undefined : v), policyVersionNumber.optional());

/** The same as multipart text: digits. */
const formPolicyVersion = () =>
  z.preprocess(
    (v) =>
      v === null || v === '' ? undefined : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v,
    policyVersionNumber.optional(),
  );

/** What every form may add to the fields of docs/api.md: the marketing box and the policy version it showed. */
const everyFormConsents = () => ({
  consentimiento_marketing: consentBox(),
  politica_version: policyVersion(),
});

type Options = readonly { value: string }[];
const values = <T extends Options>(options: T) =>
  options.map((o) => o.value) as unknown as readonly [T[number]['value'], ...T[number]['value'][]];

// ------------------------------------------------------------------ the six payloads (docs/api.md / §7)

/** POST /api/contacto-contacto/ */
export const ContactLeadSchema = z.object({
  name: name(),
  email: email(),
  phone: phone(),
  subject: choice(values(SUBJECT_OPTIONS), 'un asunto'),
  message: text({ label: 'tu mensaje', min: 5, max: 3000, multiline: true }),
  ...everyFormConsents(),
});
export type ContactLead = z.infer<typeof ContactLeadSchema>;

/** POST /api/contact/ (vehicle detail form); telefono is optional. */
export const VehicleLeadSchema = z.object({
  nombre: name(),
  correo: email(),
  telefono: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    phone().optional(),
  ),
  mensaje: text({ label: 'tu mensaje', min: 5, max: 4000, multiline: true }),
  vehiculo: vehicleRef.optional(),
  ...everyFormConsents(),
});
export type VehicleLead = z.infer<typeof VehicleLeadSchema>;

const whole = (what: string, max: number) =>
  z
    .number({ error: `${what} debe ser un número en pesos.` })
    .int({ error: `${what} debe ser un monto en pesos, sin decimales.` })
    .min(0, { error: `${what} no puede ser negativo.` })
    .max(max, { error: `${what} no parece correcto.` });

/**
 * The credit simulation a financing request comes from (ADR 0017), beyond the fields of docs/api.md: only its
 * inputs travel; the server computes every figure again from the vehicle's price (or `precio`, from /financing) and
 * its own financing settings. Clients that do not send it get the request they always had.
 */
export const SimulationRequestSchema = z.strictObject(
  {
    /** The price typed on /financing; a request about a vehicle uses the vehicle's price instead. */
    precio: whole('El precio', 10_000_000_000).optional(),
    pie: whole('El pie', 10_000_000_000),
    plazo: z.union(
      CREDIT_TERMS.map((term) => z.literal(term)),
      { error: 'Elige un plazo de 12, 24, 36 o 48 meses.' },
    ),
    tipo: z.enum(CREDIT_TYPES, { error: 'Elige crédito convencional o crédito directo.' }),
    seguros: z
      .array(
        z.string().regex(/^[a-z][a-z0-9-]{1,30}$/, { error: 'Uno de los seguros elegidos no existe.' }),
        {
          error: 'Los seguros deben ser una lista.',
        },
      )
      .max(4, { error: 'Elige a lo más 4 seguros.' })
      .default([]),
  },
  { error: 'La simulación enviada no es válida.' },
);
export type SimulationRequest = z.infer<typeof SimulationRequestSchema>;

/** POST /api/contact-form/ (financing); pie, ingresos and comentarios are optional, as their labels say. */
export const FinancingLeadSchema = z.object({
  nombre: name(),
  telefono: phone(),
  correo: email(),
  financiamiento: choice(values(FINANCING_TYPE_OPTIONS), 'un tipo de financiamiento'),
  vehiculo: text({ label: 'el valor aproximado del vehículo', max: 100 }),
  pie: optionalText({ label: 'el pie', max: 100 }),
  plazo: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    choice(values(TERM_OPTIONS), 'un plazo'),
  ),
  /**
   * Socio-economic (art. 2 g): optional since ADR 0031, and kept only with `consentimiento_datos_socioeconomicos`;
   * a value sent must still be one of the list.
   */
  ingresos: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    choice(values(INCOME_OPTIONS), 'un tipo de ingresos').optional(),
  ),
  comentarios: optionalText({ label: 'los comentarios', max: 3000, multiline: true }),
  /** The vehicle the request is about, when sent from a vehicle page. */
  vehiculo_id: vehicleRef.optional(),
  /** The simulation the visitor sent it from ('Solicitar este crédito'). */
  simulacion: SimulationRequestSchema.optional(),
  consentimiento_datos_socioeconomicos: consentBox(),
  consentimiento_cesion: consentBox(),
  ...everyFormConsents(),
});
export type FinancingLead = z.infer<typeof FinancingLeadSchema>;

/** POST /api/seguros/ */
export const InsuranceLeadSchema = z.object({
  name: name(),
  email: email(),
  phone: phone(),
  vehicle_brand: choice(values(CAR_BRAND_OPTIONS), 'una marca'),
  vehicle_year: modelYear(),
  vehicle_model: text({ label: 'el modelo', max: 100 }),
  insurance_type: choice(values(INSURANCE_TYPE_OPTIONS), 'un tipo de seguro'),
  comments: text({ label: 'tus comentarios', max: 3000, multiline: true }),
  consentimiento_cesion: consentBox(),
  ...everyFormConsents(),
});
export type InsuranceLead = z.infer<typeof InsuranceLeadSchema>;

/** POST /api/vendeauto/ (multipart; the photos travel beside these fields under `images`). */
export const SellLeadSchema = z.object({
  name: name(),
  phone: phone(),
  email: email(),
  vehicle_brand: choice(values(CAR_BRAND_OPTIONS), 'una marca'),
  vehicle_year: modelYear(),
  vehicle_model: text({ label: 'el modelo', max: 100 }),
  vehicle_km: text({ label: 'el kilometraje', max: 12 })
    .pipe(
      z
        .string()
        .regex(/^\d{1,3}(\.?\d{3})*$/, { error: 'Ingresa el kilometraje en números, por ejemplo 87000.' }),
    )
    .transform((v) => Number(v.replaceAll('.', '')))
    .refine((v) => v <= 2_000_000, { error: 'El kilometraje no parece correcto.' }),
  vehicle_color: text({ label: 'el color', max: 40 }),
  vehicle_condition: choice(values(CAR_CONDITION_OPTIONS), 'un estado'),
  comments: optionalText({ label: 'los comentarios', max: 3000, multiline: true }),
  consentimiento_marketing: formConsentBox(),
  politica_version: formPolicyVersion(),
});
export type SellLead = z.infer<typeof SellLeadSchema>;

/** POST /api/asesoria/; situacion_financiera is optional, as its label says. */
export const AdvisoryLeadSchema = z.object({
  nombre: name(),
  telefono: phone(),
  correo: email(),
  area_asesoria: choice(values(ADVISORY_AREA_OPTIONS), 'un área'),
  tipo_cliente: choice(values(CLIENT_TYPE_OPTIONS), 'un tipo de cliente'),
  fecha_preferida: z
    .string({ error: 'Selecciona una fecha.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Selecciona una fecha válida.' })
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T12:00:00Z`)) && new Date(`${v}T12:00:00Z`).toISOString().startsWith(v),
      {
        error: 'Selecciona una fecha válida.',
      },
    )
    // Yesterday is allowed so a visitor a timezone behind Chile is not refused "today".
    .refine((v) => v >= isoDate(-1), { error: 'Elige una fecha desde hoy en adelante.' })
    .refine((v) => v <= isoDate(366), { error: 'Elige una fecha dentro del próximo año.' }),
  situacion_financiera: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    choice(values(FINANCIAL_SITUATION_OPTIONS), 'una situación financiera').optional(),
  ),
  comentarios: text({ label: 'tus comentarios', max: 3000, multiline: true }),
  consentimiento_datos_socioeconomicos: consentBox(),
  ...everyFormConsents(),
});
export type AdvisoryLead = z.infer<typeof AdvisoryLeadSchema>;

/** POST /api/prueba-de-manejo/ (ADR 0020): a test drive of a published vehicle in one of the offered slots. */
export const TestDriveLeadSchema = z.object({
  nombre: name(),
  telefono: phone(),
  correo: email(),
  vehiculo: vehicleRef,
  /** The slot's start as an ISO 8601 instant, as GET /api/prueba-de-manejo/horarios/ gives it. */
  horario: z
    .string({ error: 'Elige un horario de la lista.' })
    .max(40, { error: 'Elige un horario de la lista.' })
    .pipe(z.iso.datetime({ offset: true, error: 'Elige un horario de la lista.' })),
  ...everyFormConsents(),
});
export type TestDriveLead = z.infer<typeof TestDriveLeadSchema>;

/** 201 body of every lead endpoint. */
export const LeadCreatedSchema = z.object({
  id: z.number().int().positive(),
  mensaje: z.string().min(1),
  /** A test drive only: its slot in words ('jueves 26 de noviembre, 10:30') and the address of its .ics file. */
  horario: z.string().optional(),
  calendario: z.string().optional(),
});
export type LeadCreated = z.infer<typeof LeadCreatedSchema>;
