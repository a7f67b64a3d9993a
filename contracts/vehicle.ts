import { z } from 'zod';

/** Condition values as stored and as the public API sends them. */
export const CONDITIONS = ['Nuevo', 'Usado'] as const;
export const ConditionSchema = z.enum(CONDITIONS);
export type Condition = z.infer<typeof ConditionSchema>;

/** Publication status of a vehicle in stock; only `published` reaches the public site. */
export const VEHICLE_STATUSES = ['draft', 'published', 'sold'] as const;
export const VehicleStatusSchema = z.enum(VEHICLE_STATUSES);
export type VehicleStatus = z.infer<typeof VehicleStatusSchema>;

/** Prices travel as decimal strings with two decimals, like the original Django API ("12990000.00"). */
export const DecimalStringSchema = z.string().regex(/^\d+\.\d{2}$/);

export const BrandSchema = z.object({ id: z.number().int(), nombre: z.string() });
export const BodyTypeSchema = z.object({ id: z.number().int(), nombre: z.string() });
export const FuelSchema = z.object({ id: z.number().int(), tipo: z.string() });
export const TransmissionSchema = z.object({ id: z.number().int(), tipo: z.string() });
export type Brand = z.infer<typeof BrandSchema>;
export type BodyType = z.infer<typeof BodyTypeSchema>;
export type Fuel = z.infer<typeof FuelSchema>;
export type Transmission = z.infer<typeof TransmissionSchema>;

/** "Vehicle (as received)" of docs/api.md: the shape of /api/vehiculos/ and /api/vehiculos/{id}/. */
export const VehicleSchema = z.object({
  id: z.number().int().positive(),
  marca: BrandSchema,
  modelo: z.string(),
  año: z.number().int(),
  precio: DecimalStringSchema,
  imagenes: z.array(z.object({ imagen: z.url() })),
  combustible: FuelSchema,
  kilometraje: z.number().int().nonnegative(),
  condicion: ConditionSchema,
  transmision: TransmissionSchema,
  motor: z.string(),
  color: z.string(),
  tipo: BodyTypeSchema,
  caracteristicas: z.array(z.object({ nombre: z.string() })),
  destacado: z.boolean(),
  /** Additive and optional (docs/api.md): null when the dealership did not say; a client of SPEC.md ignores them. */
  puertas: z.number().int().positive().nullable().optional(),
  duenos_anteriores: z.number().int().nonnegative().nullable().optional(),
  descripcion: z.string().nullable().optional(),
});
export type Vehicle = z.infer<typeof VehicleSchema>;

/** The summary form of /api/vehiculos-resumen/: the related values are plain strings. */
export const VehicleSummarySchema = z.object({
  id: z.number().int().positive(),
  marca: z.string(),
  modelo: z.string(),
  año: z.number().int(),
  precio: DecimalStringSchema,
  imagen: z.url().nullable(),
  combustible: z.string(),
  kilometraje: z.number().int().nonnegative(),
  condicion: ConditionSchema,
  transmision: z.string(),
  tipo: z.string(),
  destacado: z.boolean(),
});
export type VehicleSummary = z.infer<typeof VehicleSummarySchema>;

/** Every refusal of the API: one Spanish sentence, plus one per field when input was invalid. */
export const ApiErrorSchema = z.object({
  error: z.string().min(1),
  campos: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
