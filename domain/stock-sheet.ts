// The stock spreadsheet's rules, pure (ADR 0024, 0040): the header row, one row read into the stock form's input and
// judged by the form's own schema, and how a vehicle is written back. What an import would do with the rows is
// stock-import-plan.ts.
import { TRANSMISSION_PREFIX } from '@contracts/admin-lookups.ts';
import {
  STOCK_STATUSES,
  VEHICLE_FIELD_LABEL,
  type VehicleInput,
  VehicleInputSchema,
} from '@contracts/admin-stock.ts';
import { FEATURE_SEPARATOR, type SheetField, STOCK_SHEET_COLUMNS } from '@contracts/admin-stock-sheet.ts';
import { MAX_DB_ID } from '@contracts/db-id.ts';
import { FORMULA_START } from './csv-safe.ts';
import { displayTransmission, stockReference } from './format.ts';
import { plainLower } from './plain-text.ts';

/** A cell as the readers give it: text, number, boolean (xlsx) or empty. */
export type SheetCell = string | number | boolean | null;

/** Case, accents and spacing do not matter in a header or a list name: "año" is "Año", "condicion" is "Condición". */
export function sheetKey(value: string): string {
  return plainLower(value).replace(/\s+/g, ' ').trim();
}

const HEADER_BY_KEY = new Map(STOCK_SHEET_COLUMNS.map((c) => [sheetKey(c.header), c]));
const HEADER_OF = Object.fromEntries(STOCK_SHEET_COLUMNS.map((c) => [c.field, c.header])) as Record<
  SheetField,
  string
>;
/** The column header a field's message is shown under. */
export const headerOf = (field: SheetField): string => HEADER_OF[field];

export type HeaderResult = { ok: true; columns: (SheetField | null)[] } | { ok: false; message: string };

/** The first row must name the template's columns (in any order); a missing, unknown or repeated one is refused. */
export function readHeader(cells: readonly SheetCell[]): HeaderResult {
  const columns: (SheetField | null)[] = [];
  const seen = new Set<SheetField>();
  const unknown: string[] = [];
  const repeated: string[] = [];
  for (const cell of cells) {
    const text = cell === null ? '' : String(cell).trim();
    if (text === '') {
      columns.push(null);
      continue;
    }
    const column = HEADER_BY_KEY.get(sheetKey(text));
    if (!column) unknown.push(text.slice(0, 40));
    else if (seen.has(column.field)) repeated.push(column.header);
    else seen.add(column.field);
    columns.push(column && !repeated.includes(column.header) ? column.field : null);
  }
  const missing = STOCK_SHEET_COLUMNS.filter((c) => c.required && !seen.has(c.field)).map((c) => c.header);
  const problems: string[] = [];
  if (missing.length > 0) problems.push(`faltan las columnas ${list(missing)}`);
  if (unknown.length > 0)
    problems.push(
      `${unknown.length === 1 ? 'la columna' : 'las columnas'} ${list(unknown)} no son de la plantilla`,
    );
  if (repeated.length > 0) problems.push(`se repite ${list(repeated)}`);
  if (problems.length > 0) {
    return {
      ok: false,
      message: `La primera fila debe tener los encabezados de la plantilla: ${problems.join('; ')}. Descarga la plantilla y copia tus datos en ella.`,
    };
  }
  return { ok: true, columns };
}

const list = (names: string[]) => names.map((n) => `«${n}»`).join(', ');

/** What the import knows of the lists: key (sheetKey of the name) → id, and the names to suggest. */
export interface SheetLookups {
  marcas: Map<string, { id: number; nombre: string }>;
  transmisiones: Map<string, { id: number; nombre: string }>;
  combustibles: Map<string, { id: number; nombre: string }>;
  tipos: Map<string, { id: number; nombre: string }>;
  caracteristicas: Map<string, { id: number; nombre: string }>;
}

export function lookupMap(
  rows: { id: number; nombre: string }[],
): Map<string, { id: number; nombre: string }> {
  return new Map(rows.map((r) => [sheetKey(r.nombre), r]));
}

/** A brand that does not exist yet stands in the input as this id until the commit creates it. */
export const NEW_BRAND_ID = MAX_DB_ID;

/** One row read and judged, before it is matched with the stock. */
export interface ReadRow {
  fila: number;
  /** The vehicle's id from the REF column, or null. */
  ref: number | null;
  /** The vehicle's revision when the row was exported (the «Revisión» column), or null when the row has none. */
  revision: number | null;
  input: VehicleInput | null;
  /** A brand the row names that is not in the list (created on import when asked). */
  nuevaMarca: string | null;
  vehiculo: string;
  errores: Record<string, string>;
}

const NUMBER_LIKE = /^-\s*[\d.,]+$/;
/** The export writes text a spreadsheet would run as a formula behind an apostrophe (csvSafe); an import takes it away. */
const quotedFormula = (cell: string) => cell.startsWith("'") && FORMULA_START.test(cell.slice(1));

export interface RowOptions {
  format: 'csv' | 'xlsx';
  /** Columns (0-based) of this row whose cell is a formula in the .xlsx. */
  formulaColumns?: ReadonlySet<number>;
  /** Unknown brands become new brands (the preview's checkbox). */
  crearMarcas: boolean;
}

const YES = new Set(['si', 'sí', 'yes', 'true', 'verdadero', 'x', '1']);
const NO = new Set(['no', 'false', 'falso', '0', '']);

/**
 * One row of the sheet into the stock form's input, judged by the form's schema. Cells are checked for formulas
 * first: a .xlsx formula cell is refused (its value is never computed here), and a CSV text starting with = + - @
 * is refused unless it carries the export's apostrophe (then it is plain text).
 */
export function readRow(
  fila: number,
  cells: readonly SheetCell[],
  columns: readonly (SheetField | null)[],
  lookups: SheetLookups,
  options: RowOptions,
): ReadRow {
  const errores: Record<string, string> = {};
  const raw: Partial<Record<SheetField, SheetCell>> = {};
  columns.forEach((field, index) => {
    if (field === null) return;
    let cell = cells[index] ?? null;
    if (options.formulaColumns?.has(index)) {
      errores[headerOf(field)] = 'Es una fórmula: escribe el valor. Las fórmulas no se importan.';
      cell = null;
    } else if (typeof cell === 'string') {
      cell = cell.trim();
      if (options.format === 'csv' && quotedFormula(cell)) cell = cell.slice(1);
      else if (options.format === 'csv' && FORMULA_START.test(cell) && !NUMBER_LIKE.test(cell)) {
        errores[headerOf(field)] =
          `Empieza con «${cell[0]}» y una planilla la tomaría como fórmula. Si es texto, escribe un apóstrofo (') delante.`;
        cell = null;
      }
    }
    raw[field] = cell;
  });

  const text = (field: SheetField): string => {
    const value = raw[field];
    if (value === null || value === undefined) return '';
    return typeof value === 'string' ? value : String(value);
  };
  const fail = (field: SheetField, message: string) => {
    errores[headerOf(field)] ??= message;
  };

  // REF: the vehicle this row updates.
  let ref: number | null = null;
  const refText = text('ref');
  if (refText !== '') {
    const id = /^(?:ref-?\s*)?0*(\d{1,9})$/i.exec(refText)?.[1];
    if (id && Number(id) > 0) ref = Number(id);
    else fail('ref', 'Escribe la REF como REF-0007, o déjala vacía para un vehículo nuevo.');
  }

  // Revisión: written by the export, read back to know whether the row is older than the vehicle (ADR 0040).
  let revision: number | null = null;
  const revisionText = text('revision');
  if (revisionText !== '') {
    if (/^\d{1,9}$/.test(revisionText) && Number(revisionText) > 0) revision = Number(revisionText);
    else
      fail(
        'revision',
        'La revisión la escribe la exportación: déjala como vino, o vacía si no sabes de cuándo es la fila.',
      );
  }

  // The lists: names to ids.
  let nuevaMarca: string | null = null;
  const marcaText = text('marca').replace(/\s+/g, ' ');
  let marca: number | undefined;
  if (marcaText === '') fail('marca', 'Escribe la marca.');
  else {
    const found = lookups.marcas.get(sheetKey(marcaText));
    if (found) marca = found.id;
    else if (marcaText.length > 60) fail('marca', 'La marca admite hasta 60 caracteres.');
    else {
      nuevaMarca = marcaText;
      if (options.crearMarcas) marca = NEW_BRAND_ID;
      else
        fail(
          'marca',
          `La marca «${marcaText}» no existe. Marca «Crear las marcas nuevas» para crearla al importar.`,
        );
    }
  }
  const fromList = (
    field: 'transmision' | 'combustible' | 'tipo',
    map: SheetLookups['transmisiones'],
    what: string,
    key = (v: string) => sheetKey(v),
  ): number | undefined => {
    const value = text(field);
    if (value === '') {
      fail(field, `Escribe ${what}.`);
      return undefined;
    }
    const found = map.get(key(value));
    if (found) return found.id;
    const options = [...map.values()].map((v) => displayTransmission(v.nombre)).slice(0, 12);
    fail(
      field,
      `«${value.slice(0, 60)}» no está en la lista de ${what.replace(/^(la|el) /, '')}s${options.length > 0 ? `; usa ${options.join(', ')}` : ''}.`,
    );
    return undefined;
  };
  const transmision = fromList('transmision', lookups.transmisiones, 'la transmisión', (v) =>
    sheetKey(TRANSMISSION_PREFIX + v.replace(/^transmisi[oó]n\s+/i, '')),
  );
  const combustible = fromList('combustible', lookups.combustibles, 'el combustible');
  const tipo = fromList('tipo', lookups.tipos, 'el tipo');

  const caracteristicas: number[] = [];
  const unknownFeatures: string[] = [];
  for (const name of text('caracteristicas').split(/[,;]/)) {
    const trimmed = name.trim();
    if (trimmed === '') continue;
    const found = lookups.caracteristicas.get(sheetKey(trimmed));
    if (found) caracteristicas.push(found.id);
    else unknownFeatures.push(trimmed.slice(0, 60));
  }
  if (unknownFeatures.length > 0)
    fail(
      'caracteristicas',
      `${unknownFeatures.length === 1 ? 'No existe la característica' : 'No existen las características'} ${list(unknownFeatures.slice(0, 5))}; créalas en Listas o quítalas.`,
    );

  // Words the sheet uses for the form's choices.
  const condicionText = text('condicion');
  const condicion = /^nuevo$/i.test(condicionText)
    ? 'Nuevo'
    : /^usado$/i.test(condicionText)
      ? 'Usado'
      : condicionText;
  let destacado: unknown = raw.destacado;
  if (typeof destacado !== 'boolean') {
    const key = sheetKey(text('destacado'));
    if (YES.has(key)) destacado = true;
    else if (NO.has(key)) destacado = false;
    else fail('destacado', 'Escribe Sí o No.');
  }
  const estadoKey = sheetKey(text('estado'));
  const estado =
    estadoKey === '' ? 'borrador' : (STOCK_STATUSES.find((s) => s === estadoKey) ?? text('estado'));

  const candidate = {
    marca: marca ?? 1,
    modelo: text('modelo'),
    version: text('version'),
    año: raw.año ?? '',
    precio: raw.precio ?? '',
    kilometraje: raw.kilometraje ?? '',
    condicion,
    transmision: transmision ?? 1,
    combustible: combustible ?? 1,
    tipo: tipo ?? 1,
    motor: text('motor'),
    color: text('color'),
    caracteristicas,
    destacado: typeof destacado === 'boolean' ? destacado : false,
    estado,
    vin: text('vin'),
    referencia: text('referencia'),
    patente: text('patente'),
    puertas: raw.puertas ?? '',
    duenosAnteriores: raw.duenosAnteriores ?? '',
    descripcion: text('descripcion'),
  };
  const parsed = VehicleInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in VEHICLE_FIELD_LABEL) fail(field as SheetField, issue.message);
    }
  }
  const vehiculo = [marcaText, text('modelo'), text('version'), text('año')]
    .filter(Boolean)
    .join(' ')
    .slice(0, 120);
  const ok = parsed.success && Object.keys(errores).length === 0;
  return { fila, ref, revision, input: ok ? parsed.data : null, nuevaMarca, vehiculo, errores };
}

/** Names of the lists by id, to write a vehicle back as the sheet says it. */
export interface SheetNames {
  marcas: Map<number, string>;
  transmisiones: Map<number, string>;
  combustibles: Map<number, string>;
  tipos: Map<number, string>;
  caracteristicas: Map<number, string>;
}

/**
 * One vehicle as a row of the layout (numbers stay numbers; an .xlsx writes them as numbers), with its revision, so
 * importing the row later knows whether the vehicle changed since (ADR 0040).
 */
export function vehicleToSheetRow(
  id: number,
  v: VehicleInput,
  names: SheetNames,
  revision: number,
): (string | number)[] {
  const value: Record<SheetField, string | number> = {
    ref: stockReference(id),
    marca: names.marcas.get(v.marca) ?? '',
    modelo: v.modelo,
    version: v.version ?? '',
    año: v.año,
    precio: v.precio,
    kilometraje: v.kilometraje,
    condicion: v.condicion,
    transmision: displayTransmission(names.transmisiones.get(v.transmision) ?? ''),
    combustible: names.combustibles.get(v.combustible) ?? '',
    tipo: names.tipos.get(v.tipo) ?? '',
    motor: v.motor,
    color: v.color,
    caracteristicas: v.caracteristicas.map((f) => names.caracteristicas.get(f) ?? '').join(FEATURE_SEPARATOR),
    destacado: v.destacado ? 'Sí' : 'No',
    estado: STATUS_FROM_DB_LABEL[v.estado],
    vin: v.vin ?? '',
    referencia: v.referencia ?? '',
    patente: v.patente ?? '',
    puertas: v.puertas ?? '',
    duenosAnteriores: v.duenosAnteriores ?? '',
    descripcion: v.descripcion ?? '',
    revision,
  };
  return STOCK_SHEET_COLUMNS.map((c) => value[c.field]);
}

export const STATUS_FROM_DB_LABEL: Record<VehicleInput['estado'], string> = {
  borrador: 'Borrador',
  publicado: 'Publicado',
  vendido: 'Vendido',
};
