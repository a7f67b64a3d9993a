import type { ImportPreview } from '@contracts/admin-stock-sheet.ts';
import { vehicles } from '@db/schema.ts';
import { strFromU8, strToU8, unzipSync, Zip, ZipDeflate, zipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { expectSpanishRefusal, UNPRINTABLE } from '../support/hostile-checks.ts';
import { type SignedInStaff, signedInStaff } from '../support/staff.ts';
import {
  csvFile,
  csvText,
  HEADERS,
  IMPORT,
  PREVIEW,
  seedSheetLookups,
  sheetRow,
  stockCounts,
  upload,
  xlsxFile,
} from '../support/stock-sheet.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Spreadsheets built to hurt: formulas, a million rows, a zip bomb, NUL bytes and broken UTF-16, a 10 MB cell, files
// that are not spreadsheets. Each is refused with a Spanish sentence (or its cell neutralised), never a 5xx, nothing
// is stored, and the server answers normally afterwards.

let t: TestApp;
let staff: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInStaff(t.app, 'ventas');
  await seedSheetLookups(t.database.db);
}, 60_000);
afterAll(() => t.close());

async function expectRefused(name: string, bytes: Buffer, pattern: RegExp, status = 400) {
  const before = await stockCounts(t.database.db);
  const response = await upload(t.app, staff, PREVIEW, { name, bytes });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
  const body = expectSpanishRefusal(response);
  expect(body.error).toMatch(pattern);
  const commit = await upload(t.app, staff, IMPORT, { name, bytes, fields: { huella: 'x'.repeat(43) } });
  expect(commit.statusCode).toBe(status);
  expectSpanishRefusal(commit);
  expect(await stockCounts(t.database.db)).toEqual(before);
  return body;
}

async function preview(name: string, bytes: Buffer) {
  const response = await upload(t.app, staff, PREVIEW, { name, bytes });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json() as ImportPreview;
}

/** A zip holding the parts that make a workbook, with `sheet` streamed in as the first sheet. */
function workbookZip(sheet: (part: ZipDeflate) => void): Buffer {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    chunks.push(data);
  });
  const add = (name: string, text: string) => {
    const part = new ZipDeflate(name, { level: 6 });
    zip.add(part);
    part.push(strToU8(text), true);
  };
  add(
    'xl/workbook.xml',
    '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
  );
  add(
    'xl/_rels/workbook.xml.rels',
    '<Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  );
  const part = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(part);
  sheet(part);
  zip.end();
  return Buffer.concat(chunks);
}

describe('formulas are never evaluated', () => {
  it('refuses the cell of an .xlsx formula (=HYPERLINK) as an error of its row, and the import', async () => {
    const row = sheetRow(1);
    const data = [
      HEADERS.map((value) => ({ value, type: String })),
      HEADERS.map((h) =>
        h === 'Modelo'
          ? { value: 'HYPERLINK("http://x.example","y")', type: 'Formula' }
          : { value: String(row[h] ?? ''), type: String },
      ),
    ];
    const bytes = await writeXlsxFile(data as never).toBuffer();
    const result = await preview('f.xlsx', bytes);
    expect(result.filas[0]?.tipo).toBe('error');
    expect(result.filas[0]?.errores.Modelo).toBe(
      'Es una fórmula: escribe el valor. Las fórmulas no se importan.',
    );
    const before = await stockCounts(t.database.db);
    const commit = await upload(t.app, staff, IMPORT, {
      name: 'f.xlsx',
      bytes,
      fields: { huella: result.huella },
    });
    expect(commit.statusCode).toBe(400);
    expectSpanishRefusal(commit);
    expect(await stockCounts(t.database.db)).toEqual(before);
  });

  it('in a CSV, refuses a text starting with = + - @ unless it carries an apostrophe, which makes it plain text', async () => {
    const result = await preview(
      'f.csv',
      csvFile([
        sheetRow(1, { Modelo: '=HYPERLINK("http://x.example","y")' }),
        sheetRow(2, { Color: '+56 9 1234 5678' }),
        sheetRow(3, { Motor: '@SUM(A1)' }),
        sheetRow(4, { Modelo: '-cmd|calc' }),
        sheetRow(5, { Precio: '-5' }),
        sheetRow(6, { Modelo: '\'=HYPERLINK("http://x.example","y")' }),
      ]),
    );
    const errors = result.filas.map((f) => f.errores);
    expect(errors[0]?.Modelo).toMatch(/^Empieza con «=» y una planilla la tomaría como fórmula/);
    expect(errors[1]?.Color).toMatch(/^Empieza con «\+»/);
    expect(errors[2]?.Motor).toMatch(/^Empieza con «@»/);
    expect(errors[3]?.Modelo).toMatch(/^Empieza con «-»/);
    // A negative number is judged by the form's rule, not as a formula.
    expect(errors[4]?.Precio).toBe('Ingresa el precio en pesos, solo números (por ejemplo 12990000).');
    expect(result.filas[5]?.tipo).toBe('nuevo');
  });

  it('stores such text as typed and exports it neutralised: an apostrophe in the CSV, a string cell in the .xlsx', async () => {
    const formula = '=HYPERLINK("http://x.example","y")';
    const file = csvFile([sheetRow(41, { Modelo: `'${formula}` })]);
    const first = await preview('f.csv', file);
    const done = await upload(t.app, staff, IMPORT, {
      name: 'f.csv',
      bytes: file,
      fields: { huella: first.huella },
    });
    expect(done.statusCode, done.body).toBe(200);
    const stored = await t.database.db.select().from(vehicles);
    expect(stored.map((v) => v.model)).toContain(formula);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/admin/api/planilla-stock/stock.csv',
      headers: staff.headers,
    });
    expect(csv.rawPayload.toString('utf8')).toContain(`;"'=HYPERLINK(""http://x.example"",""y"")";`);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/admin/api/planilla-stock/stock.xlsx',
      headers: staff.headers,
    });
    const sheetXml = strFromU8(unzipSync(xlsx.rawPayload)['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect(sheetXml).not.toMatch(/<f[\s>]/);
    expect((await readSheet(xlsx.rawPayload)).flat()).toContain(formula);
    // Both exports re-import as "no change".
    for (const [name, bytes] of [
      ['s.csv', csv.rawPayload],
      ['s.xlsx', xlsx.rawPayload],
    ] as const) {
      expect((await preview(name, bytes)).resumen).toMatchObject({ nuevos: 0, actualiza: 0, errores: 0 });
    }
    await t.database.db.delete(vehicles);
  });
});

describe('size and count limits, checked before parsing', () => {
  it('refuses a CSV of one million rows by its size (413)', async () => {
    const line = `${csvText([sheetRow(1)]).split('\r\n')[1]}\r\n`;
    const bytes = Buffer.from(`${HEADERS.join(';')}\r\n${line.repeat(1_000_000)}`);
    expect(bytes.length).toBeGreaterThan(50 * 1024 * 1024);
    await expectRefused('millon.csv', bytes, /pesa más de 5 MB/, 413);
  }, 60_000);

  it('refuses one million short rows under the size limit by their count', async () => {
    const bytes = Buffer.from(`${HEADERS.join(';')}\n${'a\n'.repeat(1_000_000)}`);
    expect(bytes.length).toBeLessThan(5 * 1024 * 1024);
    await expectRefused('millon.csv', bytes, /más de 2\.000 vehículos/);
  }, 60_000);

  it('refuses an .xlsx of 2,001 vehicles by its row count', async () => {
    const rows = Array.from({ length: 2_001 }, (_, i) => sheetRow(i + 1));
    await expectRefused('largo.xlsx', await xlsxFile(rows), /más de 2\.000 vehículos/);
  }, 60_000);

  // 40 MB is past the 25 MB limit as surely as 300 MB, and deflating it in the test costs an eighth of the CPU.
  it('refuses a zip bomb named .xlsx: a small file whose sheet inflates to 40 MB', async () => {
    const spaces = new Uint8Array(1024 * 1024).fill(0x20);
    const bytes = workbookZip((part) => {
      for (let i = 0; i < 40; i++) part.push(spaces, i === 39);
    });
    expect(bytes.length).toBeLessThan(1024 * 1024);
    await expectRefused('bomba.xlsx', bytes, /se descomprime en más de 25 MB/);
  }, 60_000);

  it('refuses a zip whose parts declare more than the limit', async () => {
    const bytes = Buffer.from(
      zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(30 * 1024 * 1024) }, { level: 6 }),
    );
    await expectRefused('bomba.xlsx', bytes, /se descomprime en más de 25 MB/);
  }, 60_000);

  it('refuses a sheet of too many cells before parsing it', async () => {
    const bytes = workbookZip((part) => {
      part.push(strToU8('<worksheet><sheetData><row r="1">'));
      part.push(strToU8('<c><v>1</v></c>'.repeat(90_000)));
      part.push(strToU8('</row></sheetData></worksheet>'), true);
    });
    await expectRefused('ancho.xlsx', bytes, /demasiadas celdas/);
  });

  it('refuses 10 MB in one cell: over the file size in a CSV, by the cell limit in an .xlsx', async () => {
    const huge = 'a'.repeat(10 * 1024 * 1024);
    await expectRefused('celda.csv', csvFile([sheetRow(1, { Modelo: huge })]), /pesa más de 5 MB/, 413);
    const xlsx = await xlsxFile([sheetRow(1, { Modelo: huge })]);
    expect(xlsx.length).toBeLessThan(5 * 1024 * 1024);
    await expectRefused(
      'celda.xlsx',
      xlsx,
      /La celda C2 tiene 10\.485\.760 caracteres; cada celda admite hasta 2\.000/,
    );
    await expectRefused(
      'celda.csv',
      csvFile([sheetRow(1, { Modelo: 'b'.repeat(3_000_000) })]),
      /celda admite hasta 2\.000/,
    );
    await expectRefused(
      'celda.csv',
      csvFile([sheetRow(1, { Modelo: 'b'.repeat(2_001) })]),
      /La celda C2 tiene 2\.001 caracteres/,
    );
  }, 60_000);
});

describe('broken text and files that are not spreadsheets', () => {
  it('refuses a CSV with NUL bytes', async () => {
    const bytes = Buffer.concat([csvFile([sheetRow(1)]), Buffer.from([0x00, 0x41])]);
    await expectRefused('nul.csv', bytes, /caracteres nulos/);
  });

  it('neutralises lone surrogates: raw ones are not UTF-8, and one written by a program becomes U+FFFD', async () => {
    const raw = Buffer.concat([
      csvFile([sheetRow(1)]).subarray(0, -2),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('\r\n'),
    ]);
    // Not valid UTF-8, so read as Windows-1252: the accented headers no longer match.
    await expectRefused('sur.csv', raw, /encabezados de la plantilla/);

    const encoded = csvFile([sheetRow(51, { Modelo: 'Yaris \uD800 \uDFFF' })]);
    const result = await preview('sur.csv', encoded);
    expect(result.filas[0]?.tipo).toBe('nuevo');
    expect(result.filas[0]?.vehiculo).not.toMatch(UNPRINTABLE);
    // Control characters inside a cell are the form's field error.
    const controls = await preview('ctl.csv', csvFile([sheetRow(52, { Color: 'Rojo\u0007' })]));
    expect(controls.filas[0]?.errores.Color).toBe('El color contiene caracteres de control.');
    const xlsx = await preview('sur.xlsx', await xlsxFile([sheetRow(53, { Modelo: 'Yaris \uD800' })]));
    expect(xlsx.filas[0]?.vehiculo).not.toMatch(UNPRINTABLE);
  });

  it('refuses a file that is not a spreadsheet, whatever its name', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
    await expectRefused('foto.xlsx', jpeg, /no es un Excel \(\.xlsx\) válido/);
    await expectRefused('foto.csv', jpeg, /caracteres nulos/);
    await expectRefused('foto.jpg', Buffer.from('hola'), /Sube un archivo \.xlsx o \.csv/);
    await expectRefused(
      'viejo.xls',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      /\.xls antiguo/,
    );
    await expectRefused('otro.xlsx', Buffer.from(zipSync({ 'hola.txt': strToU8('hola') })), /no es un Excel/);
    const truncated = (await xlsxFile([sheetRow(1)])).subarray(0, 300);
    await expectRefused('cortado.xlsx', truncated, /no es un Excel|no tiene hojas/);
    await expectRefused('vacio.csv', Buffer.alloc(0), /está vacío/);
    await expectRefused('comillas.csv', Buffer.from(`${HEADERS.join(';')}\r\n"Toyota;Yaris\r\n`), /comillas/);
  });

  it('refuses a workbook without sheets, with wrong headers, or with no vehicles', async () => {
    const parts = unzipSync(await xlsxFile([sheetRow(1)]));
    parts['xl/workbook.xml'] = strToU8(
      strFromU8(parts['xl/workbook.xml'] ?? new Uint8Array()).replace(
        /<sheets>[\s\S]*<\/sheets>/,
        '<sheets/>',
      ),
    );
    await expectRefused('sin-hojas.xlsx', Buffer.from(zipSync(parts)), /no tiene hojas/);
    await expectRefused(
      'encabezados.xlsx',
      await xlsxFile([{ Nombre: 'x', Valor: 1 }], ['Nombre', 'Valor']),
      /faltan las columnas «Marca»/,
    );
    await expectRefused(
      'solo-encabezados.csv',
      Buffer.from(`${HEADERS.join(';')}\r\n`),
      /no tiene vehículos/,
    );
  });

  it('still answers normally after all of it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const result = await preview('ok.csv', csvFile([sheetRow(99)]));
    expect(result.filas[0]?.tipo).toBe('nuevo');
  });
});
