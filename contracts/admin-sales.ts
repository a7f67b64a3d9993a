// The sale of a vehicle (issue 31, ADR 0038): what the back office sends to record one or to undo it, the report's
// query, and what the API answers. The dialog validates with these schemas before sending and the API again.
import { z } from 'zod';
import { MAX_PRICE, wholeNumber } from './admin-stock.ts';
import { MAX_DB_ID } from './db-id.ts';
import { text } from './text-field.ts';

/** A real calendar day written yyyy-mm-dd (the value of an <input type="date">), from 2000 on. */
export function isDayKey(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pesos = (what: string, What: string) =>
  z.preprocess(
    wholeNumber,
    z
      .number({ error: `Ingresa ${what} en pesos, solo números (por ejemplo 12990000).` })
      .int({ error: `${What} va en pesos, sin decimales.` })
      .positive({ error: `${What} debe ser mayor que cero.` })
      .max(MAX_PRICE, { error: 'La cantidad es demasiado alta; revisa la cantidad de dígitos.' }),
  );

const id = (error: string) =>
  z.preprocess(wholeNumber, z.number({ error }).int({ error }).positive({ error }).max(MAX_DB_ID, { error }));

const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/** POST /admin/api/vehiculos/:id/venta. */
export const SaleInputSchema = z.object({
  fecha: z
    .string({ error: 'Indica la fecha de la venta.' })
    .trim()
    .refine((v) => v !== '', { error: 'Indica la fecha de la venta.', abort: true })
    .refine(isDayKey, { error: 'La fecha de la venta no es una fecha válida (dd-mm-aaaa).' }),
  precio: pesos('el precio final', 'El precio final'),
  vendedor: id('Selecciona quién vendió el vehículo.'),
  solicitud: z
    .preprocess(blankToNull, id('Selecciona la solicitud de la lista, o ninguna.').nullable())
    .default(null),
  costo: z.preprocess(blankToNull, pesos('el costo', 'El costo').nullable()).default(null),
});
export type SaleInput = z.output<typeof SaleInputSchema>;

/** POST /admin/api/vehiculos/:id/venta/deshacer: why, optionally (kept with the sale). */
export const MAX_UNDO_REASON = 300;
export const SaleUndoSchema = z.object({
  motivo: z
    .preprocess(blankToNull, text({ label: 'el motivo', max: MAX_UNDO_REASON }).nullable())
    .default(null),
});

/** The report's period: months yyyy-mm, both included. Lenient, like the stock list: a bad link shows the default. */
const month = z
  .string()
  .regex(/^(20\d\d)-(0[1-9]|1[0-2])$/)
  .optional()
  .catch(undefined);
export const SalesQuerySchema = z.object({ desde: month, hasta: month });
export type SalesQuery = z.output<typeof SalesQuerySchema>;

/** Whose sales a report holds and whether it shows costs: every sale and margins for admins, one's own otherwise. */
export type SalesScope = { kind: 'all' } | { kind: 'own'; staffId: number };

/** The live sale of a vehicle, as its back office page shows it. */
export interface VehicleSale {
  id: number;
  /** yyyy-mm-dd, Chile. */
  fecha: string;
  precio: number;
  precioPublicado: number;
  /** Null when not entered, or hidden (not an admin). */
  costo: number | null;
  vendedor: { id: number; nombre: string };
  solicitud: { id: number; nombre: string } | null;
  fuente: string | null;
  diasEnStock: number | null;
  registradaPor: string | null;
  registrada: string;
  /** Whether the viewer may undo it: an admin, or whoever recorded it. */
  puedeDeshacer: boolean;
}

/** One sale of the report. */
export interface SaleRow {
  id: number;
  fecha: string;
  vehiculoId: number;
  vehiculo: string;
  precio: number;
  precioPublicado: number;
  costo: number | null;
  margen: number | null;
  vendedor: string;
  fuente: string;
  solicitudId: number | null;
  diasEnStock: number | null;
}

/** One line of a grouping (a month, a salesperson, a source). */
export interface SalesGroup {
  clave: string;
  nombre: string;
  ventas: number;
  total: number;
  /** Average days in stock over the sales that have it; null without any. */
  diasPromedio: number | null;
  /** Sum of the margins of the sales with a cost, and how many had one. */
  margen: number | null;
  conCosto: number;
}

export interface SalesReport {
  desde: string;
  hasta: string;
  /** Admins: true (costs and margins are in the rows); a salesperson: false, and only their own sales. */
  todas: boolean;
  totales: SalesGroup;
  porMes: SalesGroup[];
  porVendedor: SalesGroup[];
  porFuente: SalesGroup[];
  ventas: SaleRow[];
}

/** Who can be named as the salesperson, and the requests a sale may come from. */
export interface SaleOptions {
  vendedores: { id: number; nombre: string }[];
  solicitudes: { id: number; nombre: string; fecha: string }[];
}
