// The stock spreadsheet's rules, pure (ADR 0024): the header row, one row read into the stock form's input and
// judged by the form's own schema, what an import would do to the stock, and how a vehicle is written back.
import { TRANSMISSION_PREFIX } from '@contracts/admin-lookups.ts';
import {
  STOCK_STATUSES,
  VEHICLE_FIELD_LABEL,
  type VehicleInput,
  VehicleInputSchema,
} from '@contracts/admin-stock.ts';
import {
  FEATURE_SEPARATOR,
  type ImportRow,
  type ImportRowKind,
  type SheetField,
  STOCK_SHEET_COLUMNS,
} from '@contracts/admin-stock-sheet.ts';
import { MAX_DB_ID } from '@contracts/db-id.ts';
import { FORMULA_START } from './csv-safe.ts';
import { displayTransmission, stockReference } from './format.ts';
import { plainLower } from './plain-text.ts';
import { saleStatusRule } from './sales.ts';

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
  return { fila, ref, input: ok ? parsed.data : null, nuevaMarca, vehiculo, errores };
}

/** The stock as the plan needs it: each vehicle's form input, and who holds each identifier. */
export interface StockSnapshot {
  byId: Map<number, VehicleInput>;
  byExternalRef: Map<string, number>;
  byVin: Map<string, number>;
}

export interface PlannedRow extends ImportRow {
  /** What the commit writes: the vehicle to update (null: a new one) and its input. */
  target: number | null;
  input: VehicleInput | null;
  /** The brand the commit creates for this row (input.marca is NEW_BRAND_ID meanwhile). */
  nuevaMarca: string | null;
}

const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && [...a].sort().join() === [...b].sort().join()
    : a === b;

/** The fields of the form that differ between the stock and the row. */
export function changedFields(before: VehicleInput, after: VehicleInput): (keyof VehicleInput)[] {
  return (Object.keys(VEHICLE_FIELD_LABEL) as (keyof VehicleInput)[]).filter(
    (field) => !sameValue(before[field], after[field]),
  );
}

/**
 * What an import would do, row by row: a row is matched with a vehicle by its REF, else its external reference,
 * else its VIN; a row matching nothing is a new vehicle and must carry an external reference or a VIN, so that
 * importing the same file again finds it instead of adding it twice. The same vehicle, reference or VIN twice in
 * the file, or an identifier another vehicle holds, is an error of that row.
 */
export function planImport(rows: readonly ReadRow[], stock: StockSnapshot): PlannedRow[] {
  const targetRow = new Map<number, number>();
  const refRow = new Map<string, number>();
  const vinRow = new Map<string, number>();
  return rows.map((row) => {
    const errores = { ...row.errores };
    const fail = (field: SheetField, message: string) => {
      errores[headerOf(field)] ??= message;
    };
    const input = row.input;
    let target: number | null = null;
    if (row.ref !== null) {
      if (stock.byId.has(row.ref)) target = row.ref;
      else fail('ref', `No existe el vehículo ${stockReference(row.ref)}. Deja la REF vacía para crearlo.`);
    } else if (input?.referencia && stock.byExternalRef.has(input.referencia)) {
      target = stock.byExternalRef.get(input.referencia) ?? null;
    } else if (input?.vin && stock.byVin.has(input.vin)) {
      target = stock.byVin.get(input.vin) ?? null;
    }
    if (input && target === null && row.ref === null && !input.referencia && !input.vin) {
      fail(
        'referencia',
        'Escribe una referencia externa (o el VIN): así, al importar de nuevo el archivo, este vehículo no se duplica.',
      );
    }
    if (input) {
      const refHolder = input.referencia ? stock.byExternalRef.get(input.referencia) : undefined;
      if (refHolder !== undefined && refHolder !== target)
        fail('referencia', `Esta referencia externa ya la usa el vehículo ${stockReference(refHolder)}.`);
      const vinHolder = input.vin ? stock.byVin.get(input.vin) : undefined;
      if (vinHolder !== undefined && vinHolder !== target)
        fail('vin', `Este VIN ya está registrado en el vehículo ${stockReference(vinHolder)}.`);
      if (input.referencia) {
        const earlier = refRow.get(input.referencia);
        if (earlier !== undefined)
          fail('referencia', `Fila duplicada: la fila ${earlier} tiene la misma referencia externa.`);
        else refRow.set(input.referencia, row.fila);
      }
      if (input.vin) {
        const earlier = vinRow.get(input.vin);
        if (earlier !== undefined) fail('vin', `Fila duplicada: la fila ${earlier} tiene el mismo VIN.`);
        else vinRow.set(input.vin, row.fila);
      }
    }
    if (target !== null) {
      const earlier = targetRow.get(target);
      if (earlier !== undefined)
        fail('ref', `Fila duplicada: la fila ${earlier} ya es el vehículo ${stockReference(target)}.`);
      else targetRow.set(target, row.fila);
    }

    if (input) {
      const rule = saleStatusRule(
        target === null ? null : (stock.byId.get(target)?.estado ?? null),
        input.estado,
      );
      if (rule) fail('estado', rule);
    }

    const ref = target === null ? null : stockReference(target);
    const base = { fila: row.fila, ref, vehiculo: row.vehiculo, nuevaMarca: row.nuevaMarca };
    if (!input || Object.keys(errores).length > 0) {
      return { ...base, tipo: 'error' as ImportRowKind, cambios: [], errores, target, input: null };
    }
    if (target === null) return { ...base, tipo: 'nuevo', cambios: [], errores, target, input };
    const before = stock.byId.get(target);
    const fields = before ? changedFields(before, input) : [];
    const tipo: ImportRowKind = fields.length === 0 ? 'sin_cambios' : 'actualiza';
    return { ...base, tipo, cambios: fields.map((f) => headerOf(f)), errores, target, input };
  });
}

/** Names of the lists by id, to write a vehicle back as the sheet says it. */
export interface SheetNames {
  marcas: Map<number, string>;
  transmisiones: Map<number, string>;
  combustibles: Map<number, string>;
  tipos: Map<number, string>;
  caracteristicas: Map<number, string>;
}

/** One vehicle as a row of the layout (numbers stay numbers; an .xlsx writes them as numbers). */
export function vehicleToSheetRow(id: number, v: VehicleInput, names: SheetNames): (string | number)[] {
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
  };
  return STOCK_SHEET_COLUMNS.map((c) => value[c.field]);
}

const STATUS_FROM_DB_LABEL: Record<VehicleInput['estado'], string> = {
  borrador: 'Borrador',
  publicado: 'Publicado',
  vendido: 'Vendido',
};
