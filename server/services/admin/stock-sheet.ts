// The stock spreadsheet: the preview and the one-transaction import of a file, the export and the template
// (ADR 0024). Rows are judged by the stock form's schema (domain/stock-sheet.ts) and written by the stock form's own
// commands, so an imported vehicle is saved, checked and audited exactly as one saved in the form.
import { createHash } from 'node:crypto';
import type { LookupKind } from '@contracts/admin-lookups.ts';
import type { VehicleInput } from '@contracts/admin-stock.ts';
import {
  type ImportPreview,
  type ImportResult,
  type SheetColumn,
  type SheetField,
  STOCK_SHEET_COLUMNS,
} from '@contracts/admin-stock-sheet.ts';
import type { Db } from '@db/client.ts';
import { vehicleFeatures, vehicleImages, vehicles } from '@db/schema.ts';
import { csvSafe } from '@domain/csv-safe.ts';
import { type PlannedRow, planImport, type StockSnapshot } from '@domain/stock-import-plan.ts';
import {
  lookupMap,
  NEW_BRAND_ID,
  type ReadRow,
  readHeader,
  readRow,
  type SheetLookups,
  type SheetNames,
  sheetKey,
  vehicleToSheetRow,
} from '@domain/stock-sheet.ts';
import { stringify } from 'csv-stringify/sync';
import { asc, count, sql } from 'drizzle-orm';
import writeXlsxFile from 'write-excel-file/node';
import { recordAudit } from '../audit.ts';
import type { Actor } from '../auth/sessions.ts';
import { Refusal } from '../refusal.ts';
import { createLookup, listLookup } from './lookups.ts';
import { createStockVehicle, updateStockVehicle } from './stock-commands.ts';
import { toInput } from './stock-queries.ts';
import { readSpreadsheet } from './stock-sheet-read.ts';

export interface UploadedSheet {
  name: string;
  bytes: Buffer;
}

/** Imports wait for each other (a transaction-scoped advisory lock), so two at once never interleave. */
const IMPORT_LOCK = 240_024;

async function loadLookups(db: Db): Promise<Record<LookupKind, { id: number; nombre: string }[]>> {
  const kinds: LookupKind[] = ['marcas', 'transmisiones', 'combustibles', 'tipos', 'caracteristicas'];
  const lists: Record<string, { id: number; nombre: string }[]> = {};
  for (const kind of kinds) lists[kind] = await listLookup(db, kind);
  return lists as Record<LookupKind, { id: number; nombre: string }[]>;
}

interface StockRows {
  /** Every vehicle (any status) as its form input, in REF order. */
  byId: Map<number, VehicleInput>;
  revisions: Map<number, number>;
  photos: Map<number, number>;
}

async function loadStock(db: Db): Promise<StockRows> {
  const rows = await db.select().from(vehicles).orderBy(asc(vehicles.id));
  const featureRows = await db
    .select({ vehicleId: vehicleFeatures.vehicleId, featureId: vehicleFeatures.featureId })
    .from(vehicleFeatures)
    .orderBy(asc(vehicleFeatures.vehicleId), asc(vehicleFeatures.position));
  const featuresOf = new Map<number, number[]>();
  for (const f of featureRows) {
    const list = featuresOf.get(f.vehicleId) ?? [];
    list.push(f.featureId);
    featuresOf.set(f.vehicleId, list);
  }
  const photoRows = await db
    .select({ vehicleId: vehicleImages.vehicleId, n: count() })
    .from(vehicleImages)
    .groupBy(vehicleImages.vehicleId);
  return {
    byId: new Map(rows.map((row) => [row.id, toInput(row, featuresOf.get(row.id) ?? [])])),
    revisions: new Map(rows.map((row) => [row.id, row.revision])),
    photos: new Map(photoRows.map((row) => [row.vehicleId, row.n])),
  };
}

function snapshotOf(stock: StockRows, names: SheetNames): StockSnapshot {
  const byExternalRef = new Map<string, number>();
  const byVin = new Map<string, number>();
  const byPatente = new Map<string, number>();
  for (const [id, v] of stock.byId) {
    if (v.referencia) byExternalRef.set(v.referencia, id);
    if (v.vin) byVin.set(v.vin, id);
    if (v.patente) byPatente.set(v.patente, id);
  }
  return { ...stock, byExternalRef, byVin, byPatente, names };
}

interface Plan {
  rows: PlannedRow[];
  newBrands: string[];
  preview: ImportPreview;
}

/** Reads the file and plans the import against the stock as `db` sees it (a transaction, at commit). */
async function plan(db: Db, file: UploadedSheet, crearMarcas: boolean): Promise<Plan> {
  const sheet = await readSpreadsheet(file.bytes, file.name);
  // The header is the first row with anything in it (a sheet may start with blank rows); row numbers stay the sheet's.
  const blank = (cells: readonly unknown[]) =>
    cells.every((c) => c === null || c === undefined || (typeof c === 'string' && c.trim() === ''));
  const headerIndex = sheet.rows.findIndex((cells) => !blank(cells));
  const headerCells = sheet.rows[headerIndex];
  if (headerIndex < 0 || !headerCells) {
    throw new Refusal(
      'invalid',
      'La planilla está vacía: la primera fila debe tener los encabezados de la plantilla.',
    );
  }
  const header = readHeader(headerCells);
  if (!header.ok) throw new Refusal('invalid', header.message);

  const lists = await loadLookups(db);
  const lookups: SheetLookups = {
    marcas: lookupMap(lists.marcas),
    transmisiones: lookupMap(lists.transmisiones),
    combustibles: lookupMap(lists.combustibles),
    tipos: lookupMap(lists.tipos),
    caracteristicas: lookupMap(lists.caracteristicas),
  };
  const read: ReadRow[] = [];
  for (let r = headerIndex + 1; r < sheet.rows.length; r++) {
    const cells = sheet.rows[r] ?? [];
    if (blank(cells)) continue;
    const formulaColumns = new Set(
      header.columns.map((_, c) => c).filter((c) => sheet.formulas.has(`${r}:${c}`)),
    );
    read.push(
      readRow(r + 1, cells, header.columns, lookups, { format: sheet.format, formulaColumns, crearMarcas }),
    );
  }
  if (read.length === 0) throw new Refusal('invalid', 'La planilla no tiene vehículos bajo los encabezados.');

  // The optional columns the file leaves out: each matched vehicle keeps its value for them (ADR 0040).
  const present = new Set(header.columns);
  const absent = new Set(
    STOCK_SHEET_COLUMNS.filter(
      (c): c is SheetColumn & { field: keyof VehicleInput } =>
        !c.required && c.field !== 'ref' && c.field !== 'revision' && !present.has(c.field),
    ).map((c) => c.field),
  );
  const rows = planImport(read, snapshotOf(await loadStock(db), namesOf(lists)), { absent });
  const newBrandKeys = new Map<string, string>();
  for (const row of read) {
    if (row.nuevaMarca && !newBrandKeys.has(sheetKey(row.nuevaMarca)))
      newBrandKeys.set(sheetKey(row.nuevaMarca), row.nuevaMarca);
  }
  const newBrands = [...newBrandKeys.values()];
  const count = (tipo: PlannedRow['tipo']) => rows.filter((r) => r.tipo === tipo).length;
  // What the commit would write, and nothing else: the same file against a changed stock gives another print, and
  // so does any change to a vehicle it names (its revision).
  const huella = createHash('sha256')
    .update(
      JSON.stringify({
        rows: rows.map((r) => [r.fila, r.tipo, r.target, r.targetRevision, r.antiguedad, r.input]),
        brands: crearMarcas ? newBrands : [],
      }),
    )
    .digest('base64url');
  const actualiza = rows.filter((r) => r.tipo === 'actualiza');
  return {
    rows,
    newBrands,
    preview: {
      archivo: file.name.slice(0, 200),
      filas: rows.map(({ target: _t, input: _i, nuevaMarca: _m, targetRevision: _r, ...row }) => row),
      resumen: {
        nuevos: count('nuevo'),
        actualiza: count('actualiza'),
        sinCambios: count('sin_cambios'),
        errores: count('error'),
        antiguas: actualiza.filter((r) => r.antiguedad?.tipo === 'antigua').length,
        sinFecha: actualiza.filter((r) => r.antiguedad?.tipo === 'sin_fecha').length,
      },
      conRevision: present.has('revision'),
      marcasNuevas: newBrands,
      huella,
    },
  };
}

/** What importing the file would do; nothing is written. */
export async function previewStockImport(
  db: Db,
  file: UploadedSheet,
  crearMarcas: boolean,
): Promise<ImportPreview> {
  return (await plan(db, file, crearMarcas)).preview;
}

/**
 * Imports the file in one transaction: refused whole if any row has an error or if the plan is no longer the one the
 * person previewed (`huella`: the stock or the file changed meanwhile). New brands are created first, then every
 * new and changed vehicle through the form's commands (each keeps its own audit entry and price history), then one
 * audit entry counts the import. A row the preview marked as older than its vehicle, or of unknown age, is written
 * only if its number is in `aplicar` (the person kept it); the others are skipped (ADR 0040).
 */
export async function commitStockImport(
  db: Db,
  actor: Actor,
  file: UploadedSheet,
  crearMarcas: boolean,
  huella: string,
  aplicar: ReadonlySet<number> = new Set(),
): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const { rows, newBrands, preview } = await plan(tx, file, crearMarcas);
    if (preview.resumen.errores > 0) {
      throw new Refusal(
        'invalid',
        `El archivo tiene ${preview.resumen.errores === 1 ? '1 fila con errores' : `${preview.resumen.errores} filas con errores`}: corrígelas y vuelve a subirlo. No se importó nada.`,
      );
    }
    if (preview.huella !== huella) {
      throw new Refusal(
        'conflict',
        'El stock o el archivo cambiaron desde la vista previa (otra persona pudo importar o editar vehículos). Revisa la nueva vista previa antes de importar. No se importó nada.',
      );
    }
    const brandIds = new Map<string, number>();
    if (crearMarcas) {
      for (const name of newBrands)
        brandIds.set(sheetKey(name), (await createLookup(tx, actor, 'marcas', name)).id);
    }
    let nuevos = 0;
    let actualizados = 0;
    let omitidos = 0;
    for (const row of rows) {
      if (!row.input || row.tipo === 'sin_cambios') continue;
      if (row.antiguedad && !aplicar.has(row.fila)) {
        omitidos++;
        continue;
      }
      const input =
        row.input.marca === NEW_BRAND_ID
          ? { ...row.input, marca: brandIds.get(sheetKey(row.nuevaMarca ?? '')) ?? 0 }
          : row.input;
      try {
        if (row.target === null) {
          await createStockVehicle(tx, actor, input);
          nuevos++;
        } else {
          await updateStockVehicle(tx, actor, row.target, input);
          actualizados++;
        }
      } catch (error) {
        if (error instanceof Refusal) {
          const detail = Object.values(error.campos ?? {})[0] ?? error.message;
          throw new Refusal(error.kind, `Fila ${row.fila}: ${detail} No se importó nada.`);
        }
        throw error;
      }
    }
    const result: ImportResult = {
      nuevos,
      actualizados,
      sinCambios: preview.resumen.sinCambios,
      omitidos,
      marcasCreadas: crearMarcas ? newBrands : [],
    };
    // Like a form saved unchanged, an import that changes nothing leaves no trace.
    if (nuevos + actualizados + result.marcasCreadas.length === 0) return result;
    await recordAudit(tx, {
      actor,
      action: 'stock_importado',
      entity: 'vehiculo',
      entityId: null,
      details: { archivo: preview.archivo, filas: rows.length, ...result },
    });
    return result;
  });
}

// ---------------------------------------------------------------- export and template

const HEADERS = STOCK_SHEET_COLUMNS.map((c) => c.header);

function namesOf(lists: Record<LookupKind, { id: number; nombre: string }[]>): SheetNames {
  const byId = (kind: LookupKind) => new Map(lists[kind].map((l) => [l.id, l.nombre]));
  return {
    marcas: byId('marcas'),
    transmisiones: byId('transmisiones'),
    combustibles: byId('combustibles'),
    tipos: byId('tipos'),
    caracteristicas: byId('caracteristicas'),
  };
}

/** The whole stock, every status, in REF order, as rows of the layout, each with its vehicle's revision. */
export async function stockSheetRows(db: Db): Promise<(string | number)[][]> {
  const [stock, names] = [await loadStock(db), namesOf(await loadLookups(db))];
  return [...stock.byId].map(([id, input]) =>
    vehicleToSheetRow(id, input, names, stock.revisions.get(id) ?? 1),
  );
}

/** The template's example row: a plausible used car, with a reference so a second import finds it. */
const EXAMPLE: Record<SheetField, string | number> = {
  ref: '',
  marca: 'Toyota',
  modelo: 'Corolla',
  version: 'XEI',
  año: 2021,
  precio: 14990000,
  kilometraje: 42000,
  condicion: 'Usado',
  transmision: 'Automática',
  combustible: 'Bencina',
  tipo: 'Sedán',
  motor: '2.0',
  color: 'Blanco perla',
  caracteristicas: 'Cámara de retroceso, Control crucero',
  destacado: 'No',
  estado: 'Borrador',
  vin: '',
  referencia: 'INV-2021-001',
  patente: '',
  puertas: 4,
  duenosAnteriores: 1,
  descripcion: 'Único dueño, mantenciones en la marca.',
  revision: '',
};
/** The example in the layout's order. */
export const TEMPLATE_EXAMPLE: (string | number)[] = STOCK_SHEET_COLUMNS.map((c) => EXAMPLE[c.field]);

export type SheetFormat = 'csv' | 'xlsx';

/**
 * The CSV as Excel in Chile opens it: UTF-8 with BOM, ';', CRLF. A text a spreadsheet would run as a formula is
 * written behind an apostrophe (csvSafe).
 */
export function toCsv(rows: (string | number)[][]): Buffer {
  const body = stringify([HEADERS, ...rows.map((row) => row.map(csvSafe))], {
    delimiter: ';',
    record_delimiter: '\r\n',
  });
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body, 'utf8')]);
}

/** The .xlsx: every text is a string cell (never a formula), numbers are numbers; the header in bold. */
export async function toXlsx(rows: (string | number)[][]): Promise<Buffer> {
  const data = [
    HEADERS.map((value) => ({ value, type: String, fontWeight: 'bold' as const })),
    ...rows.map((row) =>
      row.map((value) => (typeof value === 'number' ? { value, type: Number } : { value, type: String })),
    ),
  ];
  return writeXlsxFile(data as never, {
    sheet: 'Stock',
    columns: HEADERS.map((h) => ({ width: Math.max(10, h.length + 4) })),
  }).toBuffer();
}

export async function sheetFile(rows: (string | number)[][], format: SheetFormat): Promise<Buffer> {
  return format === 'csv' ? toCsv(rows) : toXlsx(rows);
}
