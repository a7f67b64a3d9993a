// The stock spreadsheet (import and export, ADR 0024): its columns in order, its limits, and what the preview answers.
// The values of a row are judged by the stock form's own schema (VehicleInputSchema in admin-stock.ts).
import type { VehicleInput } from './admin-stock.ts';

/**
 * Where a column's value goes in the vehicle form; `ref` is the vehicle's public reference (REF-0007), `revision`
 * the vehicle's revision when the file was exported (ADR 0040).
 */
export type SheetField = keyof VehicleInput | 'ref' | 'revision';

export interface SheetColumn {
  field: SheetField;
  header: string;
  /**
   * A file without this column is refused. An optional one left out keeps each matched vehicle's value (a new row
   * has none); a file without «Revisión» is of unknown age (ADR 0040).
   */
  required: boolean;
}

/** The layout, in the order the template and the export write it. */
export const STOCK_SHEET_COLUMNS: readonly SheetColumn[] = [
  { field: 'ref', header: 'REF', required: false },
  { field: 'marca', header: 'Marca', required: true },
  { field: 'modelo', header: 'Modelo', required: true },
  { field: 'version', header: 'Versión', required: false },
  { field: 'año', header: 'Año', required: true },
  { field: 'precio', header: 'Precio', required: true },
  { field: 'kilometraje', header: 'Kilometraje', required: true },
  { field: 'condicion', header: 'Condición', required: true },
  { field: 'transmision', header: 'Transmisión', required: true },
  { field: 'combustible', header: 'Combustible', required: true },
  { field: 'tipo', header: 'Tipo', required: true },
  { field: 'motor', header: 'Motor', required: true },
  { field: 'color', header: 'Color', required: true },
  { field: 'puertas', header: 'Puertas', required: false },
  { field: 'duenosAnteriores', header: 'Dueños anteriores', required: false },
  { field: 'caracteristicas', header: 'Características', required: true },
  { field: 'destacado', header: 'Destacado', required: true },
  { field: 'estado', header: 'Estado', required: true },
  { field: 'patente', header: 'Patente', required: false },
  { field: 'vin', header: 'VIN', required: false },
  { field: 'referencia', header: 'Referencia externa', required: true },
  { field: 'descripcion', header: 'Descripción', required: false },
  { field: 'revision', header: 'Revisión', required: false },
];

export const STOCK_SHEET_LIMITS = {
  /** Bytes of the uploaded file. */
  maxBytes: 5 * 1024 * 1024,
  /** Vehicles (rows under the header). */
  maxRows: 2_000,
  /** Characters in one cell. */
  maxCellChars: 2_000,
  /** Bytes a .xlsx may inflate to, all its parts together (declared and actual). */
  maxInflatedBytes: 25 * 1024 * 1024,
  /** Cells in the first sheet (a row of the layout has 23; extra columns are allowed up to this). */
  maxCells: 2_001 * 40,
  /** Parts inside a .xlsx. */
  maxZipEntries: 200,
  /** Multipart field of the file. */
  field: 'archivo',
  /** Multipart field of the import: the rows, among those the preview marks as older, to apply anyway. */
  applyField: 'aplicar',
} as const;

/** How the features of a vehicle are written in one cell. */
export const FEATURE_SEPARATOR = ', ';

export type ImportRowKind = 'nuevo' | 'actualiza' | 'sin_cambios' | 'error';

/** One column a row changes: the vehicle's value now and the file's, as a person reads them ("$12.990.000"). */
export interface FieldChange {
  /** The column's header. */
  campo: string;
  antes: string;
  despues: string;
}

/**
 * Why a row that changes a vehicle may undo someone's work (ADR 0040): the vehicle changed after the file was
 * exported ('antigua': its revision then and now), or the row does not say when it was exported ('sin_fecha').
 * Such a row is written only when the person keeps it.
 */
export type RowAge =
  | { tipo: 'antigua'; revisionArchivo: number; revisionActual: number }
  | { tipo: 'sin_fecha' };

export interface ImportRow {
  /** Row number as the spreadsheet shows it (the header is row 1). */
  fila: number;
  tipo: ImportRowKind;
  /** For 'actualiza' and 'sin_cambios': the vehicle's REF-0007. */
  ref: string | null;
  /** "Toyota Corolla 2020", as read (may be partial on an error row). */
  vehiculo: string;
  /** For 'actualiza': each column that changes, old → new. */
  cambios: FieldChange[];
  /** Spanish sentence per column header (an error row has at least one). */
  errores: Record<string, string>;
  /** For 'actualiza': set when the row may be older than the vehicle; null when the file is known to be current. */
  antiguedad: RowAge | null;
  /** What the import does otherwise than the file says, and why ("Queda como borrador: no tiene fotos."). */
  avisos: string[];
}

export interface ImportPreview {
  archivo: string;
  filas: ImportRow[];
  resumen: {
    nuevos: number;
    actualiza: number;
    sinCambios: number;
    errores: number;
    /** Rows among 'actualiza' whose vehicle changed after the file was exported. */
    antiguas: number;
    /** Rows among 'actualiza' that do not say when they were exported. */
    sinFecha: number;
  };
  /** The file has the «Revisión» column (an export of this back office); without it, its age is unknown. */
  conRevision: boolean;
  /** Brands the file names that do not exist: created on import when asked (crearMarcas). */
  marcasNuevas: string[];
  /** Fingerprint of what the import would do; the commit is refused if it no longer matches (ADR 0024). */
  huella: string;
}

export interface ImportResult {
  nuevos: number;
  actualizados: number;
  sinCambios: number;
  /** Rows marked older (or of unknown age) that the person did not keep: nothing of them was written. */
  omitidos: number;
  marcasCreadas: string[];
}
