// The back office stock contract: the vehicle form, the list query and photo order (the lists: admin-lookups.ts). The page validates
// with these schemas before sending and the API validates again with the same ones, so both speak the same Spanish.
import { z } from 'zod';
import type { LookupKind } from './admin-lookups.ts';
import { MAX_DB_ID } from './db-id.ts';
import { SELL_PHOTO_LIMITS } from './lead-options.ts';
import { normalizePatente, PATENTE_ERROR, PATENTE_PATTERN } from './patente.ts';
import { text } from './text-field.ts';
import { CONDITIONS, type Condition, type VehicleStatus } from './vehicle.ts';

// ------------------------------------------------------------------ status and sorting

/** Statuses as the back office says them; the database keeps the English ones of contracts/vehicle.ts. */
export const STOCK_STATUSES = ['borrador', 'publicado', 'vendido'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
export const STOCK_STATUS_LABEL: Record<StockStatus, string> = {
  borrador: 'Borrador',
  publicado: 'Publicado',
  vendido: 'Vendido',
};
export const STATUS_TO_DB: Record<StockStatus, VehicleStatus> = {
  borrador: 'draft',
  publicado: 'published',
  vendido: 'sold',
};
export const STATUS_FROM_DB: Record<VehicleStatus, StockStatus> = {
  draft: 'borrador',
  published: 'publicado',
  sold: 'vendido',
};

export const STOCK_SORTS = [
  { value: 'recientes', label: 'Últimos modificados' },
  { value: 'marca', label: 'Marca y modelo' },
  { value: 'precio-asc', label: 'Precio: menor a mayor' },
  { value: 'precio-desc', label: 'Precio: mayor a menor' },
  { value: 'anio-desc', label: 'Año: más nuevo primero' },
  { value: 'anio-asc', label: 'Año: más antiguo primero' },
  { value: 'km-asc', label: 'Kilometraje: menor a mayor' },
  { value: 'km-desc', label: 'Kilometraje: mayor a menor' },
] as const;
export type StockSort = (typeof STOCK_SORTS)[number]['value'];
const SORT_VALUES = STOCK_SORTS.map((s) => s.value) as unknown as readonly [StockSort, ...StockSort[]];

export const STOCK_PAGE_SIZE = 25;

/** The list's URL query. Lenient on purpose: a hand-edited or stale link falls back to the defaults. */
export const StockQuerySchema = z.object({
  q: z.string().trim().max(100).catch(''),
  estado: z.enum(STOCK_STATUSES).optional().catch(undefined),
  orden: z.enum(SORT_VALUES).catch('recientes'),
  pagina: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type StockQuery = z.infer<typeof StockQuerySchema>;

// ------------------------------------------------------------------ the vehicle form

/** Digits typed in a form ("12.990.000", "$ 12990000", "87000") become a number; anything else is left to fail. */
export function wholeNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const typed = value.trim().replace(/^\$\s*/, '');
  if (typed === '') return undefined;
  if (/^\d{1,3}(\.\d{3})+$/.test(typed)) return Number(typed.replaceAll('.', ''));
  return /^\d+$/.test(typed) ? Number(typed) : value;
}

/** A lookup id chosen in a select (number or numeric string). */
const lookupId = (what: string) => {
  const error = `Selecciona ${what} de la lista.`;
  return z.preprocess(
    wholeNumber,
    z.number({ error }).int({ error }).positive({ error }).max(MAX_DB_ID, { error }),
  );
};

/** Last model year a dealership can have in stock: next year's models arrive during this one. */
export const maxModelYear = () => new Date().getFullYear() + 1;
export const MIN_MODEL_YEAR = 1950;
export const MAX_PRICE = 9_999_999_999;
export const MAX_MILEAGE = 2_000_000;

/** VIN characters (ISO 3779): digits and letters without I, O and Q, which read like 1 and 0. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
export const VIN_LENGTH = 17;
export const MAX_EXTERNAL_REF = 40;

/** An optional text of the form: absent, null or blank is "none" (null); anything else is judged as typed. */
const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/**
 * The VIN as staff type it: spaces and dashes ignored, upper-cased. Its check digit (position 9) is not required:
 * only North American VINs must carry a correct one, and many cars sold in Chile come from elsewhere.
 */
const vin = z.preprocess(
  (value) => {
    const typed = blankToNull(value);
    return typeof typed === 'string' ? typed.replace(/[\s-]+/g, '').toUpperCase() : typed;
  },
  z
    .string({ error: 'El VIN debe ser un texto de 17 caracteres.' })
    .refine((v) => v.length === VIN_LENGTH, {
      error: (issue) =>
        `El VIN debe tener ${VIN_LENGTH} caracteres (tiene ${(issue.input as string).length}).`,
      abort: true,
    })
    .refine((v) => !/[IOQ]/.test(v), {
      error: 'El VIN no lleva las letras I, O ni Q: revisa si son los números 1 y 0.',
      abort: true,
    })
    .refine((v) => VIN_PATTERN.test(v), {
      error: 'El VIN solo admite letras de la A a la Z (sin I, O ni Q) y números.',
    })
    .nullable(),
);

/** The version (trim) of the model, apart from it: "GL", "XLT 4x4"; blank is none. */
export const MAX_VERSION = 60;
const version = z.preprocess(blankToNull, text({ label: 'la versión', max: MAX_VERSION }).nullable());

const externalRef = z.preprocess(
  blankToNull,
  text({ label: 'la referencia externa', max: MAX_EXTERNAL_REF }).nullable(),
);

/** The plate (patente), normalised; never shown on the public site (ADR 0040). */
const patente = z.preprocess(
  (value) => {
    const typed = blankToNull(value);
    return typeof typed === 'string' ? normalizePatente(typed) : typed;
  },
  z
    .string({ error: PATENTE_ERROR })
    .refine((v) => PATENTE_PATTERN.test(v), { error: PATENTE_ERROR })
    .nullable(),
);

/** A whole number typed in an optional field: blank is "not said" (null). */
const optionalWhole = (value: unknown) => {
  const typed = blankToNull(value);
  return typed === null ? null : wholeNumber(typed);
};

export const DOORS_RANGE = { min: 2, max: 6 } as const;
const DOORS_ERROR = `Indica las puertas con un número entre ${DOORS_RANGE.min} y ${DOORS_RANGE.max} (un hatchback de 5 puertas cuenta el portalón).`;
const doors = z.preprocess(
  optionalWhole,
  z
    .number({ error: DOORS_ERROR })
    .int({ error: DOORS_ERROR })
    .min(DOORS_RANGE.min, { error: DOORS_ERROR })
    .max(DOORS_RANGE.max, { error: DOORS_ERROR })
    .nullable(),
);

export const MAX_PREVIOUS_OWNERS = 15;
const OWNERS_ERROR = `Indica los dueños anteriores con un número entre 0 y ${MAX_PREVIOUS_OWNERS} (0 si nadie lo ha tenido).`;
const previousOwners = z.preprocess(
  optionalWhole,
  z
    .number({ error: OWNERS_ERROR })
    .int({ error: OWNERS_ERROR })
    .min(0, { error: OWNERS_ERROR })
    .max(MAX_PREVIOUS_OWNERS, { error: OWNERS_ERROR })
    .nullable(),
);

/** The description the vehicle page shows, as staff write it (line breaks kept); it fits one spreadsheet cell. */
export const MAX_DESCRIPTION = 2_000;
const description = z.preprocess(
  blankToNull,
  text({ label: 'la descripción', max: MAX_DESCRIPTION, multiline: true }).nullable(),
);

const yearRange = () => `El año debe estar entre ${MIN_MODEL_YEAR} y ${maxModelYear()}.`;

/** Each field of docs/api.md once, without defaults (the create schema adds them, the quick edit takes a few). */
const vehicleFields = {
  marca: lookupId('una marca'),
  modelo: text({ label: 'el modelo', max: 80 }),
  version,
  año: z.preprocess(
    wholeNumber,
    z
      .number({ error: 'Ingresa el año con cuatro dígitos, por ejemplo 2020.' })
      .int({ error: 'Ingresa el año con cuatro dígitos, por ejemplo 2020.' })
      .refine((v) => v >= MIN_MODEL_YEAR && v <= maxModelYear(), { error: yearRange }),
  ),
  precio: z.preprocess(
    wholeNumber,
    z
      .number({ error: 'Ingresa el precio en pesos, solo números (por ejemplo 12990000).' })
      .int({ error: 'El precio va en pesos, sin decimales.' })
      .positive({ error: 'El precio debe ser mayor que cero.' })
      .max(MAX_PRICE, { error: 'El precio es demasiado alto; revisa la cantidad de dígitos.' }),
  ),
  kilometraje: z.preprocess(
    wholeNumber,
    z
      .number({ error: 'Ingresa el kilometraje, solo números (0 para un auto nuevo).' })
      .int({ error: 'El kilometraje va en kilómetros enteros, sin decimales.' })
      .min(0, { error: 'El kilometraje no puede ser negativo.' })
      .max(MAX_MILEAGE, { error: 'El kilometraje es demasiado alto; revisa la cantidad de dígitos.' }),
  ),
  condicion: z.enum(CONDITIONS, { error: 'Selecciona la condición: Nuevo o Usado.' }),
  transmision: lookupId('una transmisión'),
  combustible: lookupId('un combustible'),
  tipo: lookupId('un tipo de carrocería'),
  motor: text({ label: 'el motor', max: 40 }),
  color: text({ label: 'el color', max: 40 }),
  caracteristicas: z
    .array(lookupId('las características'), { error: 'Las características no son válidas.' })
    .max(100, { error: 'Hay demasiadas características seleccionadas.' })
    .transform((ids) => [...new Set(ids)]),
  destacado: z.boolean({ error: 'Indica si el vehículo es destacado.' }),
  estado: z.enum(STOCK_STATUSES, { error: 'Selecciona un estado: borrador, publicado o vendido.' }),
  vin,
  referencia: externalRef,
  patente,
  puertas: doors,
  duenosAnteriores: previousOwners,
  descripcion: description,
};

export const NEW_WITH_OWNERS =
  'Un vehículo nuevo no tiene dueños anteriores: deja 0 o en blanco, o márcalo como usado.';

/** POST and PUT /admin/api/vehiculos: every field; a new vehicle is a draft unless said otherwise. */
export const VehicleInputSchema = z
  .object({
    ...vehicleFields,
    version: vehicleFields.version.default(null),
    caracteristicas: vehicleFields.caracteristicas.default([]),
    destacado: vehicleFields.destacado.default(false),
    estado: vehicleFields.estado.default('borrador'),
    vin: vehicleFields.vin.default(null),
    referencia: vehicleFields.referencia.default(null),
    patente: vehicleFields.patente.default(null),
    puertas: vehicleFields.puertas.default(null),
    duenosAnteriores: vehicleFields.duenosAnteriores.default(null),
    descripcion: vehicleFields.descripcion.default(null),
  })
  .refine((v) => !(v.condicion === 'Nuevo' && (v.duenosAnteriores ?? 0) > 0), {
    error: NEW_WITH_OWNERS,
    path: ['duenosAnteriores'],
  });
export type VehicleInput = z.output<typeof VehicleInputSchema>;

/** PATCH /admin/api/vehiculos/:id: the quick changes of the list (status, featured). */
export const VehicleQuickEditSchema = z
  .object({ estado: vehicleFields.estado.optional(), destacado: vehicleFields.destacado.optional() })
  .refine((v) => v.estado !== undefined || v.destacado !== undefined, {
    error: 'Indica el nuevo estado o si es destacado.',
    path: ['estado'],
  });
export type VehicleQuickEdit = z.output<typeof VehicleQuickEditSchema>;

/** Field labels, for audit details and messages that name a field. */
export const VEHICLE_FIELD_LABEL: Record<keyof VehicleInput, string> = {
  marca: 'Marca',
  modelo: 'Modelo',
  version: 'Versión',
  año: 'Año',
  precio: 'Precio',
  kilometraje: 'Kilometraje',
  condicion: 'Condición',
  transmision: 'Transmisión',
  combustible: 'Combustible',
  tipo: 'Tipo de carrocería',
  motor: 'Motor',
  color: 'Color',
  caracteristicas: 'Características',
  destacado: 'Destacado',
  estado: 'Estado',
  vin: 'VIN',
  referencia: 'Referencia externa',
  patente: 'Patente',
  puertas: 'Puertas',
  duenosAnteriores: 'Dueños anteriores',
  descripcion: 'Descripción',
};

/**
 * Saving a vehicle as 'publicado' when it has no photo needs this, said by the person (ADR 0040): otherwise the save
 * is refused with the sentence below, so a car never goes live without photos unnoticed.
 */
export const PUBLISH_WITHOUT_PHOTOS = 'publicarSinFotos';
export const NO_PHOTOS_REFUSAL =
  'No tiene fotos: agrega al menos una, o marca «Publicar sin fotos» si quieres publicarlo así.';

// ------------------------------------------------------------------ photos

/** Each file is judged like the appraisal photos (same pipeline, same 5 MB limit); a staff upload may carry more. */
export const STOCK_PHOTO_LIMITS = {
  maxFiles: 10,
  maxBytes: SELL_PHOTO_LIMITS.maxBytes,
  maxPerVehicle: 30,
  field: 'fotos',
} as const;

/** PUT /admin/api/vehiculos/:id/fotos/orden: every photo id of the vehicle once, the main photo first. */
const PHOTO_ORDER_ERROR = 'Envía la lista completa de fotos en el nuevo orden.';
export const PhotoOrderSchema = z.object({
  fotos: z
    .array(
      z
        .number({ error: PHOTO_ORDER_ERROR })
        .int({ error: PHOTO_ORDER_ERROR })
        .positive({ error: PHOTO_ORDER_ERROR })
        .max(MAX_DB_ID, { error: PHOTO_ORDER_ERROR }),
      { error: PHOTO_ORDER_ERROR },
    )
    .min(1, { error: PHOTO_ORDER_ERROR })
    .max(STOCK_PHOTO_LIMITS.maxPerVehicle, { error: 'La lista de fotos es demasiado larga.' }),
});

// ------------------------------------------------------------------ answers

export interface PhotoRef {
  id: number;
  hash: string;
  width: number;
  height: number;
  /** Absolute URL of the largest JPEG variant, as the public API gives it. */
  url: string;
}

/** What a car draws (issue 21): views of its page, leads naming it, days in stock, leads per 100 views. */
export interface VehiclePerformance {
  vistas7: number;
  vistas30: number;
  /** Leads about it received in the last 30 days. */
  solicitudes30: number;
  /** From its first publication to its sale or today; null if never published. */
  diasEnStock: number | null;
  /** solicitudes30 per 100 of vistas30, one decimal; null without views. */
  solicitudesPor100Vistas: number | null;
}

export interface StockListItem {
  id: number;
  marca: string;
  modelo: string;
  año: number;
  precio: number;
  kilometraje: number;
  condicion: Condition;
  estado: StockStatus;
  destacado: boolean;
  /** Null: the vehicle cannot appear in the ad-catalog feeds. */
  vin: string | null;
  /** Normalised ("BBCD12"), or null. */
  patente: string | null;
  referencia: string | null;
  foto: Omit<PhotoRef, 'id' | 'url'> | null;
  fotos: number;
  actualizado: string;
  rendimiento: VehiclePerformance;
}

export interface StockList {
  items: StockListItem[];
  total: number;
  pagina: number;
  paginas: number;
  /** Vehicles per status for the same search, so the filter tabs can say how many each holds. */
  porEstado: Record<StockStatus | 'todos', number>;
}

export interface StockVehicleDetail {
  id: number;
  marca: number;
  modelo: string;
  version: string | null;
  año: number;
  precio: number;
  kilometraje: number;
  condicion: Condition;
  transmision: number;
  combustible: number;
  tipo: number;
  motor: string;
  color: string;
  caracteristicas: number[];
  destacado: boolean;
  estado: StockStatus;
  vin: string | null;
  referencia: string | null;
  patente: string | null;
  puertas: number | null;
  duenosAnteriores: number | null;
  descripcion: string | null;
  /** Goes up by one with every change of its data (not its photos): the spreadsheet's «Revisión» (ADR 0040). */
  revision: number;
  fotos: PhotoRef[];
  /** Display name ("Toyota Corolla"). */
  nombre: string;
  creado: string;
  actualizado: string;
  publicado: string | null;
  vendido: string | null;
  /** Every change of its price, newest first. */
  historialPrecios: PriceChange[];
  rendimiento: VehiclePerformance;
}

/** One change of a vehicle's price, as the back office lists it. */
export interface PriceChange {
  /** Whole pesos before and after. */
  de: number;
  a: number;
  /** ISO date-time. */
  fecha: string;
  /** Who changed it (name), or null when that account no longer exists. */
  por: string | null;
}

export interface LookupItem {
  id: number;
  nombre: string;
  /** Vehicles (any status) that use it: one in use cannot be deleted. */
  vehiculos: number;
}

export type StockLookups = Record<LookupKind, LookupItem[]>;
