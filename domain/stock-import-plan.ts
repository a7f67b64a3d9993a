// What importing the stock spreadsheet would do, row by row (ADR 0024, 0040), pure: which vehicle a row is, what it
// changes (old → new, as a person reads it), whether the row is older than the vehicle, and what the import does
// otherwise than the file says (a car without photos is not published).
import {
  STOCK_STATUS_LABEL,
  VEHICLE_FIELD_LABEL,
  type VehicleInput,
  VehicleInputSchema,
} from '@contracts/admin-stock.ts';
import type {
  FieldChange,
  ImportRow,
  ImportRowKind,
  RowAge,
  SheetField,
} from '@contracts/admin-stock-sheet.ts';
import { formatPatente } from '@contracts/patente.ts';
import { displayTransmission, formatMileage, formatPrice, stockReference } from './format.ts';
import { saleStatusRule } from './sales.ts';
import { headerOf, NEW_BRAND_ID, type ReadRow, type SheetNames } from './stock-sheet.ts';

/** The stock as the plan needs it: each vehicle's form input, who holds each identifier, revisions and photos. */
export interface StockSnapshot {
  byId: Map<number, VehicleInput>;
  byExternalRef: Map<string, number>;
  byVin: Map<string, number>;
  byPatente: Map<string, number>;
  /** Each vehicle's revision (ADR 0040). */
  revisions: Map<number, number>;
  /** How many photos each vehicle has; a vehicle not here has none. */
  photos: Map<number, number>;
  /** The lists' names, to say a change as a person reads it. */
  names: SheetNames;
}

export interface PlannedRow extends ImportRow {
  /** What the commit writes: the vehicle to update (null: a new one) and its input. */
  target: number | null;
  input: VehicleInput | null;
  /** The brand the commit creates for this row (input.marca is NEW_BRAND_ID meanwhile). */
  nuevaMarca: string | null;
  /** The target's revision as planned: part of the fingerprint, so a change meanwhile is a 409. */
  targetRevision: number | null;
}

export interface PlanOptions {
  /** Fields of optional columns the file does not have: a matched vehicle keeps its value for them. */
  absent?: ReadonlySet<keyof VehicleInput>;
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

const EMPTY = 'vacío';
const LONG_TEXT = 80;

/** A field's value as the preview says it: names for ids, pesos and km in Chilean format, «vacío» for none. */
export function displayValue(
  field: keyof VehicleInput,
  v: VehicleInput,
  names: SheetNames,
  newBrand: string | null = null,
): string {
  const name = (map: Map<number, string>, id: number) => map.get(id) ?? `#${id}`;
  switch (field) {
    case 'marca':
      return v.marca === NEW_BRAND_ID && newBrand ? `${newBrand} (nueva)` : name(names.marcas, v.marca);
    case 'transmision':
      return displayTransmission(name(names.transmisiones, v.transmision));
    case 'combustible':
      return name(names.combustibles, v.combustible);
    case 'tipo':
      return name(names.tipos, v.tipo);
    case 'caracteristicas':
      return v.caracteristicas.length === 0
        ? EMPTY
        : v.caracteristicas.map((id) => name(names.caracteristicas, id)).join(', ');
    case 'precio':
      return formatPrice(v.precio);
    case 'kilometraje':
      return formatMileage(v.kilometraje);
    case 'destacado':
      return v.destacado ? 'Sí' : 'No';
    case 'estado':
      return STOCK_STATUS_LABEL[v.estado];
    case 'patente':
      return v.patente ? formatPatente(v.patente) : EMPTY;
    default: {
      const value = v[field];
      if (value === null || value === '') return EMPTY;
      const text = String(value).replace(/\s+/g, ' ');
      return text.length > LONG_TEXT ? `${text.slice(0, LONG_TEXT - 1)}…` : text;
    }
  }
}

/** Each changed field, old → new. */
export function describeChanges(
  before: VehicleInput,
  after: VehicleInput,
  names: SheetNames,
  newBrand: string | null = null,
): FieldChange[] {
  return changedFields(before, after).map((field) => ({
    campo: headerOf(field),
    antes: displayValue(field, before, names),
    despues: displayValue(field, after, names, newBrand),
  }));
}

export const NO_PHOTOS_NEW =
  'Se crea como borrador: no tiene fotos. Agrégalas en su ficha y publícalo desde ahí.';
export const NO_PHOTOS_KEPT =
  'Sigue como borrador: no tiene fotos. Agrégalas en su ficha y publícalo desde ahí.';

/**
 * What an import would do, row by row: a row is matched with a vehicle by its REF, else its external reference, its
 * VIN or its patente; a row matching nothing is a new vehicle and must carry one of those three, so that importing
 * the same file again finds it instead of adding it twice. The same vehicle or identifier twice in the file, or an
 * identifier another vehicle holds, is an error of that row. A row that changes a vehicle says old → new, and whether
 * the vehicle changed after the row was exported (ADR 0040). A row never publishes a car without photos: it stays a
 * draft, and the row says so.
 */
export function planImport(
  rows: readonly ReadRow[],
  stock: StockSnapshot,
  options: PlanOptions = {},
): PlannedRow[] {
  const absent = options.absent ?? new Set<keyof VehicleInput>();
  const targetRow = new Map<number, number>();
  const seen = {
    referencia: new Map<string, number>(),
    vin: new Map<string, number>(),
    patente: new Map<string, number>(),
  };
  const holders = { referencia: stock.byExternalRef, vin: stock.byVin, patente: stock.byPatente };
  const takenBy: Record<keyof typeof holders, (ref: string) => string> = {
    referencia: (ref) => `Esta referencia externa ya la usa el vehículo ${ref}.`,
    vin: (ref) => `Este VIN ya está registrado en el vehículo ${ref}.`,
    patente: (ref) => `Esta patente ya está registrada en el vehículo ${ref}.`,
  };
  const repeated: Record<keyof typeof holders, (fila: number) => string> = {
    referencia: (fila) => `Fila duplicada: la fila ${fila} tiene la misma referencia externa.`,
    vin: (fila) => `Fila duplicada: la fila ${fila} tiene el mismo VIN.`,
    patente: (fila) => `Fila duplicada: la fila ${fila} tiene la misma patente.`,
  };

  return rows.map((row) => {
    const errores = { ...row.errores };
    const avisos: string[] = [];
    const fail = (field: SheetField, message: string) => {
      errores[headerOf(field)] ??= message;
    };
    let input = row.input;
    let target: number | null = null;
    if (row.ref !== null) {
      if (stock.byId.has(row.ref)) target = row.ref;
      else fail('ref', `No existe el vehículo ${stockReference(row.ref)}. Deja la REF vacía para crearlo.`);
    } else if (input) {
      for (const key of ['referencia', 'vin', 'patente'] as const) {
        const value = input[key];
        const holder = value ? holders[key].get(value) : undefined;
        if (holder !== undefined) {
          target = holder;
          break;
        }
      }
    }
    if (input && target === null && row.ref === null && !input.referencia && !input.vin && !input.patente) {
      fail(
        'referencia',
        'Escribe una referencia externa (o el VIN o la patente): así, al importar de nuevo el archivo, este vehículo no se duplica.',
      );
    }
    const before = target === null ? undefined : stock.byId.get(target);

    // A column the file leaves out keeps the vehicle's value; the whole is judged again (a rule may span fields).
    if (input && before && absent.size > 0) {
      const kept = Object.fromEntries([...absent].map((field) => [field, before[field]]));
      const merged = VehicleInputSchema.safeParse({ ...input, ...kept });
      if (merged.success) input = merged.data;
      else {
        for (const issue of merged.error.issues) {
          const field = issue.path[0];
          if (typeof field === 'string' && field in VEHICLE_FIELD_LABEL)
            fail(field as keyof VehicleInput, issue.message);
        }
      }
    }

    if (input) {
      for (const key of ['referencia', 'vin', 'patente'] as const) {
        const value = input[key];
        if (!value) continue;
        const holder = holders[key].get(value);
        if (holder !== undefined && holder !== target) fail(key, takenBy[key](stockReference(holder)));
        const earlier = seen[key].get(value);
        if (earlier !== undefined) fail(key, repeated[key](earlier));
        else seen[key].set(value, row.fila);
      }
    }
    if (target !== null) {
      const earlier = targetRow.get(target);
      if (earlier !== undefined)
        fail('ref', `Fila duplicada: la fila ${earlier} ya es el vehículo ${stockReference(target)}.`);
      else targetRow.set(target, row.fila);
    }

    const targetRevision = target === null ? null : (stock.revisions.get(target) ?? 1);
    if (targetRevision !== null && row.revision !== null && row.revision > targetRevision) {
      fail(
        'revision',
        `El vehículo ${stockReference(target ?? 0)} va en la revisión ${targetRevision}: esta fila no es de una exportación de este stock. Déjala vacía o exporta de nuevo.`,
      );
    }

    if (input) {
      const rule = saleStatusRule(before?.estado ?? null, input.estado);
      if (rule) fail('estado', rule);
      // Never published without photos by a file (ADR 0040): it stays a draft, and the row says so.
      const entering = input.estado === 'publicado' && before?.estado !== 'publicado';
      if (entering && (target === null || (stock.photos.get(target) ?? 0) === 0)) {
        input = { ...input, estado: before?.estado ?? 'borrador' };
        avisos.push(before ? NO_PHOTOS_KEPT : NO_PHOTOS_NEW);
      }
    }

    const ref = target === null ? null : stockReference(target);
    const base = {
      fila: row.fila,
      ref,
      vehiculo: row.vehiculo,
      nuevaMarca: row.nuevaMarca,
      target,
      targetRevision,
      avisos,
    };
    if (!input || Object.keys(errores).length > 0) {
      return {
        ...base,
        tipo: 'error' as ImportRowKind,
        cambios: [],
        errores,
        antiguedad: null,
        avisos: [],
        input: null,
      };
    }
    if (!before) return { ...base, tipo: 'nuevo', cambios: [], errores, antiguedad: null, input };
    const cambios = describeChanges(before, input, stock.names, row.nuevaMarca);
    if (cambios.length === 0)
      return { ...base, tipo: 'sin_cambios', cambios, errores, antiguedad: null, input };
    return { ...base, tipo: 'actualiza', cambios, errores, antiguedad: rowAge(row, targetRevision), input };
  });
}

/** Null when the row is of the vehicle's current revision; else how it may be older (ADR 0040). */
function rowAge(row: ReadRow, current: number | null): RowAge | null {
  if (row.revision === null) return { tipo: 'sin_fecha' };
  if (current !== null && row.revision < current)
    return { tipo: 'antigua', revisionArchivo: row.revision, revisionActual: current };
  return null;
}
