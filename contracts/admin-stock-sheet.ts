// The stock spreadsheet (import and export, ADR 0024): its columns in order, its limits, and what the preview answers.
// The values of a row are judged by the stock form's own schema (VehicleInputSchema in admin-stock.ts).
import type { VehicleInput } from './admin-stock.ts';

/** Where a column's value goes in the vehicle form; `ref` is the vehicle's public reference (REF-0007). */
export type SheetField = keyof VehicleInput | 'ref';

export interface SheetColumn {
  field: SheetField;
  header: string;
  /** A file without this column is refused; REF, the version and VIN may be left out. */
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
  { field: 'caracteristicas', header: 'Características', required: true },
  { field: 'destacado', header: 'Destacado', required: true },
  { field: 'estado', header: 'Estado', required: true },
  { field: 'vin', header: 'VIN', required: false },
  { field: 'referencia', header: 'Referencia externa', required: true },
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
  /** Cells in the first sheet (a row of the layout has 18; extra columns are allowed up to this). */
  maxCells: 2_001 * 40,
  /** Parts inside a .xlsx. */
  maxZipEntries: 200,
  /** Multipart field of the file. */
  field: 'archivo',
} as const;

/** How the features of a vehicle are written in one cell. */
export const FEATURE_SEPARATOR = ', ';

export type ImportRowKind = 'nuevo' | 'actualiza' | 'sin_cambios' | 'error';

export interface ImportRow {
  /** Row number as the spreadsheet shows it (the header is row 1). */
  fila: number;
  tipo: ImportRowKind;
  /** For 'actualiza' and 'sin_cambios': the vehicle's REF-0007. */
  ref: string | null;
  /** "Toyota Corolla 2020", as read (may be partial on an error row). */
  vehiculo: string;
  /** For 'actualiza': the headers of the columns that change. */
  cambios: string[];
  /** Spanish sentence per column header (an error row has at least one). */
  errores: Record<string, string>;
}

export interface ImportPreview {
  archivo: string;
  filas: ImportRow[];
  resumen: { nuevos: number; actualiza: number; sinCambios: number; errores: number };
  /** Brands the file names that do not exist: created on import when asked (crearMarcas). */
  marcasNuevas: string[];
  /** Fingerprint of what the import would do; the commit is refused if it no longer matches (ADR 0024). */
  huella: string;
}

export interface ImportResult {
  nuevos: number;
  actualizados: number;
  sinCambios: number;
  marcasCreadas: string[];
}
