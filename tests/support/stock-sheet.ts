// What the stock spreadsheet tests share: the lists a sheet names, files built in memory, and the upload calls.
import { STOCK_SHEET_COLUMNS } from '@contracts/admin-stock-sheet.ts';
import type { Db } from '@db/client.ts';
import { auditLog, bodyTypes, brands, features, fuels, transmissions, vehicles } from '@db/schema.ts';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import writeXlsxFile from 'write-excel-file/node';
import { multipartBody } from './csrf-client.ts';
import type { SignedInStaff } from './staff.ts';

export const HEADERS = STOCK_SHEET_COLUMNS.map((c) => c.header);

/** The lists the sheets of these tests name. */
export async function seedSheetLookups(db: Db): Promise<void> {
  await db.insert(brands).values([{ nombre: 'Toyota' }, { nombre: 'Mazda' }]);
  await db.insert(transmissions).values([{ tipo: 'Transmisión Automática' }, { tipo: 'Transmisión Manual' }]);
  await db.insert(fuels).values([{ tipo: 'Bencina' }, { tipo: 'Diésel' }]);
  await db.insert(bodyTypes).values([{ nombre: 'Sedán' }, { nombre: 'SUV' }]);
  await db
    .insert(features)
    .values([{ nombre: 'Cámara de retroceso' }, { nombre: 'Control crucero' }, { nombre: 'Sunroof' }]);
}

export type SheetRow = Record<string, string | number>;

/** A valid row of the layout; `n` makes its external reference, model and VIN its own. */
export function sheetRow(n: number, overrides: SheetRow = {}): SheetRow {
  return {
    REF: '',
    Marca: n % 2 === 0 ? 'Toyota' : 'Mazda',
    Modelo: `Modelo ${n}`,
    Año: 2015 + (n % 10),
    Precio: 9_000_000 + n * 10_000,
    Kilometraje: 10_000 + n * 100,
    Condición: 'Usado',
    Transmisión: n % 3 === 0 ? 'Manual' : 'Automática',
    Combustible: 'Bencina',
    Tipo: n % 2 === 0 ? 'Sedán' : 'SUV',
    Motor: '2.0',
    Color: 'Gris',
    Características: n % 4 === 0 ? 'Cámara de retroceso, Sunroof' : '',
    Destacado: n % 5 === 0 ? 'Sí' : 'No',
    // A file never publishes a car without photos (ADR 0040): the rows are drafts unless a test says otherwise.
    Estado: 'Borrador',
    VIN: '',
    'Referencia externa': `INV-${String(n).padStart(5, '0')}`,
    ...overrides,
  };
}

const quote = (value: string, delimiter: string) =>
  /["\r\n]/.test(value) || value.includes(delimiter) ? `"${value.replaceAll('"', '""')}"` : value;

/** A CSV of the layout (or of `headers`), as text. */
export function csvText(rows: SheetRow[], delimiter = ';', headers = HEADERS): string {
  const lines = [headers, ...rows.map((row) => headers.map((h) => String(row[h] ?? '')))];
  return `${lines.map((cells) => cells.map((c) => quote(c, delimiter)).join(delimiter)).join('\r\n')}\r\n`;
}

export const csvFile = (rows: SheetRow[], delimiter = ';') => Buffer.from(csvText(rows, delimiter), 'utf8');

/** An .xlsx of the layout; numbers as number cells. */
export async function xlsxFile(rows: SheetRow[], headers = HEADERS): Promise<Buffer> {
  const data = [
    headers.map((value) => ({ value, type: String })),
    ...rows.map((row) =>
      headers.map((h) => {
        const value = row[h] ?? '';
        return typeof value === 'number' ? { value, type: Number } : { value, type: String };
      }),
    ),
  ];
  return writeXlsxFile(data as never).toBuffer();
}

export interface UploadOptions {
  name: string;
  bytes: Buffer;
  fields?: Record<string, string>;
  contentType?: string;
}

export function upload(app: FastifyInstance, staff: SignedInStaff | null, url: string, file: UploadOptions) {
  const { payload, contentType } = multipartBody(file.fields ?? {}, [
    {
      field: 'archivo',
      filename: file.name,
      contentType: file.contentType ?? 'application/octet-stream',
      data: file.bytes,
    },
  ]);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...(staff?.headers ?? {}), 'content-type': contentType },
  });
}

export const PREVIEW = '/admin/api/planilla-stock/vista-previa';
export const IMPORT = '/admin/api/planilla-stock/importar';

/** Rows of the tables an import may write, to prove a refusal wrote nothing. */
export async function stockCounts(db: Db) {
  const n = async (table: typeof vehicles | typeof brands | typeof auditLog) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return { vehicles: await n(vehicles), brands: await n(brands), audit: await n(auditLog) };
}
