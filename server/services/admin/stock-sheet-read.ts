// Reads an uploaded stock spreadsheet (.xlsx or .csv) into rows of cells, within limits checked before the
// expensive part (ADR 0024): the .xlsx's zip is inflated once in a counting pass that stops at the size limit before
// the spreadsheet library sees it, rows are counted before they are parsed, formulas are found and never computed.
import { STOCK_SHEET_LIMITS } from '@contracts/admin-stock-sheet.ts';
import type { SheetCell } from '@domain/stock-sheet.ts';
import { parse as parseCsv } from 'csv-parse/sync';
import { strFromU8, Unzip, UnzipInflate } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { Refusal } from '../refusal.ts';

export interface ReadSheet {
  format: 'csv' | 'xlsx';
  /** Every row, the header first; row i is the spreadsheet's row i + 1. */
  rows: SheetCell[][];
  /** .xlsx only: "row:col" (both 0-based) of each formula cell. */
  formulas: Set<string>;
}

const L = STOCK_SHEET_LIMITS;
const n = (value: number) => value.toLocaleString('es-CL');
const refuse = (message: string): never => {
  throw new Refusal('invalid', message);
};

const TOO_MANY_ROWS = `El archivo tiene más de ${n(L.maxRows)} vehículos. Divídelo en archivos de hasta ${n(L.maxRows)} filas.`;
const NOT_XLSX = 'El archivo no es un Excel (.xlsx) válido. Guárdalo de nuevo como .xlsx o como .csv.';
const tooLongCell = (where: string, length: number) =>
  `La celda ${where} tiene ${n(length)} caracteres; cada celda admite hasta ${n(L.maxCellChars)}.`;

/** "C12" for row 11, column 2 (0-based). */
export function cellName(row: number, col: number): string {
  let name = '';
  let c = col + 1;
  while (c > 0) {
    const rest = (c - 1) % 26;
    name = String.fromCharCode(65 + rest) + name;
    c = Math.floor((c - 1) / 26);
  }
  return `${name}${row + 1}`;
}

export async function readSpreadsheet(bytes: Buffer, filename: string): Promise<ReadSheet> {
  if (bytes.length === 0) refuse('El archivo está vacío.');
  if (bytes.length > L.maxBytes) refuse(`El archivo pesa más de ${n(L.maxBytes / (1024 * 1024))} MB.`);
  const name = filename.toLowerCase();
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (isZip) return readXlsx(bytes);
  if (name.endsWith('.xlsx')) refuse(NOT_XLSX);
  if (name.endsWith('.xls') || (bytes[0] === 0xd0 && bytes[1] === 0xcf))
    refuse('El formato .xls antiguo no se admite: guarda el archivo como .xlsx o como .csv.');
  if (!name.endsWith('.csv') && !name.endsWith('.txt')) refuse('Sube un archivo .xlsx o .csv.');
  return readCsv(bytes);
}

// ---------------------------------------------------------------- CSV

/** UTF-8 (with or without BOM) when the bytes are valid UTF-8, else Windows-1252 (Excel's "CSV" on Windows). */
export function decodeText(bytes: Uint8Array): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    // Node decodes "windows-1252" as Latin-1, leaving 0x80–0x9F as control characters; those bytes are Windows'
    // own letters (€, curly quotes, dashes…), put back here.
    return new TextDecoder('windows-1252')
      .decode(body)
      .replace(/[\u0080-\u009f]/g, (ch) => WINDOWS_1252_HIGH[ch.charCodeAt(0) - 0x80] ?? ch);
  }
}

/** Windows-1252 0x80–0x9F; the five unassigned bytes stay as they are (and are then refused as control characters). */
const WINDOWS_1252_HIGH = [
  '€',
  '\u0081',
  '‚',
  'ƒ',
  '„',
  '…',
  '†',
  '‡',
  'ˆ',
  '‰',
  'Š',
  '‹',
  'Œ',
  '\u008d',
  'Ž',
  '\u008f',
  '\u0090',
  '‘',
  '’',
  '“',
  '”',
  '•',
  '–',
  '—',
  '˜',
  '™',
  'š',
  '›',
  'œ',
  '\u009d',
  'ž',
  'Ÿ',
];

/** The delimiter the header line uses most, outside quotes: ';' (Excel in Spanish) or ','. */
export function detectDelimiter(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  // The header line is the first one with something in it.
  let seen = false;
  for (const char of text) {
    if (char === '"') {
      quoted = !quoted;
      seen = true;
      continue;
    }
    if (quoted) continue;
    if (char === '\n' || char === '\r') {
      if (seen) break;
      continue;
    }
    if (char === ';') semicolons++;
    else if (char === ',') commas++;
    if (char.trim() !== '') seen = true;
  }
  return semicolons > commas ? ';' : ',';
}

function readCsv(bytes: Buffer): ReadSheet {
  if (bytes.includes(0)) {
    refuse(
      'El archivo tiene caracteres nulos: no es un CSV de texto. Guárdalo de nuevo como CSV desde tu planilla.',
    );
  }
  const text = decodeText(bytes);
  let records: string[][];
  try {
    records = parseCsv(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      // Blank lines stay (as blank rows, skipped later), so row numbers are the ones a spreadsheet shows.
      skip_empty_lines: false,
      // Stops reading one row past the limit: enough to know the file is too long.
      to: L.maxRows + 2,
      max_record_size: L.maxCellChars * 40,
    }) as string[][];
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'CSV_MAX_RECORD_SIZE')
      refuse(`Una fila es demasiado larga: cada celda admite hasta ${n(L.maxCellChars)} caracteres.`);
    const line = (error as { lines?: number }).lines;
    return refuse(
      `No se pudo leer el CSV${line ? ` (cerca de la línea ${line})` : ''}: revisa que las comillas estén cerradas. Guárdalo de nuevo como CSV desde tu planilla.`,
    );
  }
  if (records.length > L.maxRows + 1) refuse(TOO_MANY_ROWS);
  for (const [r, record] of records.entries()) {
    for (const [c, cell] of record.entries()) {
      if (cell.length > L.maxCellChars) refuse(tooLongCell(cellName(r, c), cell.length));
    }
  }
  return { format: 'csv', rows: records, formulas: new Set() };
}

// ---------------------------------------------------------------- .xlsx

/**
 * Inflates every part of the zip once, counting: refuses a part whose declared size, or whose actual inflated bytes,
 * pass the limit (a zip bomb declares little and inflates a lot), and keeps only the parts needed to find the first
 * sheet and its formulas.
 */
function inflateParts(bytes: Buffer): Map<string, Uint8Array> {
  const keep = (name: string) =>
    name === 'xl/workbook.xml' || name === 'xl/_rels/workbook.xml.rels' || name.startsWith('xl/worksheets/');
  const kept = new Map<string, Uint8Array[]>();
  let entries = 0;
  let declared = 0;
  let inflated = 0;
  let tooBig = false;
  let broken = false;
  const unzip = new Unzip((file) => {
    entries++;
    if (entries > L.maxZipEntries) {
      tooBig = true;
      return;
    }
    declared += file.originalSize ?? 0;
    if (declared > L.maxInflatedBytes) {
      tooBig = true;
      return;
    }
    const chunks: Uint8Array[] = [];
    if (keep(file.name)) kept.set(file.name, chunks);
    file.ondata = (error, chunk) => {
      if (error) {
        broken = true;
        return;
      }
      inflated += chunk.length;
      if (inflated > L.maxInflatedBytes) {
        tooBig = true;
        file.terminate();
        return;
      }
      if (keep(file.name)) chunks.push(chunk);
    };
    if (!tooBig) file.start();
  });
  unzip.register(UnzipInflate);
  try {
    // In slices, so a runaway part is stopped between two of them.
    for (let offset = 0; offset < bytes.length && !tooBig; offset += 64 * 1024) {
      const end = Math.min(bytes.length, offset + 64 * 1024);
      unzip.push(bytes.subarray(offset, end), end === bytes.length);
    }
  } catch {
    broken = true;
  }
  if (tooBig)
    refuse(
      `El archivo .xlsx se descomprime en más de ${n(L.maxInflatedBytes / (1024 * 1024))} MB: no parece una planilla de stock.`,
    );
  if (broken) refuse(NOT_XLSX);
  const parts = new Map<string, Uint8Array>();
  for (const [name, chunks] of kept) {
    const whole = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      whole.set(chunk, at);
      at += chunk.length;
    }
    parts.set(name, whole);
  }
  return parts;
}

/** The XML of the workbook's first sheet (the one read-excel-file reads), found through the workbook's relations. */
function firstSheetXml(parts: Map<string, Uint8Array>): string {
  const workbook = parts.get('xl/workbook.xml');
  if (!workbook) return refuse(NOT_XLSX);
  const relId = /<(?:\w+:)?sheet\b[^>]*?\br:id="([^"]+)"/.exec(strFromU8(workbook))?.[1];
  if (!relId) return refuse('El archivo Excel no tiene hojas.');
  const rels = strFromU8(parts.get('xl/_rels/workbook.xml.rels') ?? new Uint8Array());
  const relation = [...rels.matchAll(/<Relationship\b[^>]*>/g)]
    .map((m) => m[0])
    .find((tag) => tag.includes(`Id="${relId}"`));
  const target = relation ? /Target="([^"]+)"/.exec(relation)?.[1] : undefined;
  if (!target) return refuse('El archivo Excel no tiene hojas.');
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  const sheet = parts.get(path);
  if (!sheet) return refuse('El archivo Excel no tiene hojas.');
  return strFromU8(sheet);
}

const columnIndex = (letters: string) =>
  [...letters].reduce((sum, ch) => sum * 26 + ch.charCodeAt(0) - 64, 0) - 1;

async function readXlsx(bytes: Buffer): Promise<ReadSheet> {
  const xml = firstSheetXml(inflateParts(bytes));
  const rowTags = xml.match(/<(?:\w+:)?row\b/g)?.length ?? 0;
  if (rowTags > L.maxRows + 1) refuse(TOO_MANY_ROWS);
  const cellTags = xml.match(/<(?:\w+:)?c\b/g)?.length ?? 0;
  if (cellTags > L.maxCells)
    refuse('La hoja tiene demasiadas celdas: deja solo las columnas de la plantilla y vuelve a subirla.');

  // Formula cells (<f>): marked so their row is refused; their cached value is never used.
  const formulas = new Set<string>();
  for (const match of xml.matchAll(/<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g)) {
    if (!match[2] || !/<(?:\w+:)?f[\s>/]/.test(match[2])) continue;
    const ref = /\br="([A-Z]{1,3})(\d{1,7})"/.exec(match[1] ?? '');
    if (!ref)
      refuse('El archivo tiene fórmulas: copia y pega los valores (sin fórmulas) y vuelve a subirlo.');
    else formulas.add(`${Number(ref[2]) - 1}:${columnIndex(ref[1] ?? 'A')}`);
  }

  let data: unknown[][];
  try {
    data = (await readSheet(bytes, { trim: false })) as unknown[][];
  } catch {
    return refuse(NOT_XLSX);
  }
  const rows = data.map((row, r) =>
    row.map((value, c): SheetCell => {
      if (value === null || value === undefined) return null;
      if (typeof value === 'number' || typeof value === 'boolean') return value;
      const textValue = value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
      if (textValue.length > L.maxCellChars) refuse(tooLongCell(cellName(r, c), textValue.length));
      return textValue;
    }),
  );
  if (rows.length > L.maxRows + 1) refuse(TOO_MANY_ROWS);
  return { format: 'xlsx', rows, formulas };
}
