// The safe import (issue 31 item 6, ADR 0040): rows older than their vehicle are said old → new and skipped unless
// kept, a file without «Revisión» is of unknown age, columns a file leaves out keep the stock's values, and a file
// never publishes a car without photos.
import type { StockVehicleDetail } from '@contracts/admin-stock.ts';
import type { ImportPreview, ImportResult } from '@contracts/admin-stock-sheet.ts';
import { vehiclePriceChanges, vehicleSales, vehicles } from '@db/schema.ts';
import { asc } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { multipartBody } from '../support/csrf-client.ts';
import { makeJpeg } from '../support/factories.ts';
import { sellAs } from '../support/sales.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import {
  csvFile,
  csvText,
  HEADERS,
  IMPORT,
  PREVIEW,
  type SheetRow,
  seedSheetLookups,
  sheetRow,
  stockCounts,
  upload,
  xlsxFile,
} from '../support/stock-sheet.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let ventas: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  ventas = await signedInStaff(t.app, 'ventas');
  await seedSheetLookups(t.database.db);
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.database.db.delete(vehicleSales);
  await t.database.db.delete(vehiclePriceChanges);
  await t.database.db.delete(vehicles);
});

const db = () => t.database.db;
const stockRows = () => db().select().from(vehicles).orderBy(asc(vehicles.id));

async function preview(bytes: Buffer, name = 'stock.csv') {
  const response = await upload(t.app, ventas, PREVIEW, { name, bytes });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ImportPreview;
}

async function commit(bytes: Buffer, huella: string, aplicar = '', name = 'stock.csv') {
  return upload(t.app, ventas, IMPORT, { name, bytes, fields: { huella, aplicar } });
}

async function importAll(bytes: Buffer, name = 'stock.csv') {
  const first = await preview(bytes, name);
  const keep = first.filas.filter((f) => f.antiguedad).map((f) => f.fila);
  const response = await commit(bytes, first.huella, keep.join(','), name);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { resultado: ImportResult }).resultado;
}

/** The stock as the export writes it (CSV, without its BOM). */
async function exportCsv(): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/admin/api/planilla-stock/stock.csv',
    headers: ventas.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload.subarray(3).toString('utf8');
}

/** The CSV with one cell text replaced in the line of vehicle `id` only. */
function editLine(csv: string, id: number | undefined, from: string, to: string): Buffer {
  const lines = csv
    .split('\r\n')
    .map((line) => (line.startsWith(`${ref(id)};`) ? line.replace(from, to) : line));
  expect(lines.join('\r\n')).not.toBe(csv);
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

/** The vehicle as the form edits it, changed by `change`, saved with PUT like the edit page. */
async function saveForm(id: number, change: Record<string, unknown>) {
  const detail = (await callAs(t.app, 'GET', `/admin/api/vehiculos/${id}`, ventas)).json()
    .vehiculo as StockVehicleDetail;
  const {
    id: _id,
    fotos: _f,
    nombre: _n,
    creado: _c,
    actualizado: _a,
    publicado: _p,
    vendido: _v,
    historialPrecios: _h,
    rendimiento: _r,
    revision: _rev,
    ...form
  } = detail;
  const response = await callAs(t.app, 'PUT', `/admin/api/vehiculos/${id}`, ventas, { ...form, ...change });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().vehiculo as StockVehicleDetail;
}

async function addPhoto(id: number) {
  const { payload, contentType } = multipartBody({}, [
    { field: 'fotos', filename: 'frente.jpg', contentType: 'image/jpeg', data: await makeJpeg(900, 600) },
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/admin/api/vehiculos/${id}/fotos`,
    payload,
    headers: { ...ventas.headers, 'content-type': contentType },
  });
  expect(response.statusCode, response.body).toBe(201);
}

const ref = (id: number | undefined) => `REF-${String(id).padStart(4, '0')}`;

describe('a file exported before a change made in the site', () => {
  it('is said old → new per row, skipped unless kept, and applied when kept', async () => {
    await importAll(csvFile([sheetRow(1), sheetRow(2), sheetRow(3)]));
    const [first, second, third] = await stockRows();
    const exported = await exportCsv();

    // Someone lowers the price of the first car in the form after the export; the second gets a photo (not data).
    await saveForm(first?.id ?? 0, { precio: 8_500_000, kilometraje: 10_150 });
    await addPhoto(second?.id ?? 0);

    // The exported file, with the third car's colour changed in the spreadsheet: importing it as it is would put the
    // first car's old price back.
    const edited = editLine(exported, third?.id, ';Gris;', ';Grafito;');
    const result = await preview(edited);
    expect(result.conRevision).toBe(true);
    expect(result.resumen).toMatchObject({ actualiza: 2, antiguas: 1, sinFecha: 0, errores: 0 });
    const stale = result.filas.find((f) => f.ref === ref(first?.id));
    expect(stale).toMatchObject({
      tipo: 'actualiza',
      antiguedad: { tipo: 'antigua', revisionArchivo: 1, revisionActual: 2 },
      cambios: [
        { campo: 'Precio', antes: '$8.500.000', despues: '$9.010.000' },
        { campo: 'Kilometraje', antes: '10.150 km', despues: '10.100 km' },
      ],
    });
    // A photo added after the export does not make the second row older: photos are not in the file.
    expect(result.filas.find((f) => f.ref === ref(second?.id))?.antiguedad ?? null).toBeNull();

    // Not kept: skipped, the site's price stays; the other change is written.
    const skipped = await commit(edited, result.huella);
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().resultado).toMatchObject({ actualizados: 1, omitidos: 1 });
    const afterSkip = await stockRows();
    expect(afterSkip.find((v) => v.id === first?.id)?.price).toBe(8_500_000);
    expect(afterSkip.filter((v) => v.color === 'Grafito')).toHaveLength(1);

    // Kept: the file's values are applied, as the person chose.
    const again = await preview(edited);
    const staleRow = again.filas.find((f) => f.antiguedad?.tipo === 'antigua');
    expect(staleRow?.ref).toBe(ref(first?.id));
    const kept = await commit(edited, again.huella, String(staleRow?.fila));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().resultado).toMatchObject({ actualizados: 1, omitidos: 0 });
    expect((await stockRows()).find((v) => v.id === first?.id)?.price).toBe(9_010_000);
  });

  it('counts a sale and a quick status change as changes of the vehicle', async () => {
    await importAll(csvFile([sheetRow(1), sheetRow(2)]));
    const [one, two] = await stockRows();
    await addPhoto(one?.id ?? 0);
    await addPhoto(two?.id ?? 0);
    const exported = await exportCsv();
    const patch = await callAs(t.app, 'PATCH', `/admin/api/vehiculos/${one?.id}`, ventas, {
      estado: 'publicado',
    });
    expect(patch.statusCode, patch.body).toBe(200);
    await callAs(t.app, 'PATCH', `/admin/api/vehiculos/${two?.id}`, ventas, { estado: 'publicado' });
    expect((await sellAs(t.app, ventas, two?.id ?? 0)).statusCode).toBe(201);
    // The old file now says Borrador for both: a change of each, made before the site's.
    const result = await preview(Buffer.from(exported, 'utf8'));
    expect(result.filas[0]).toMatchObject({
      antiguedad: { tipo: 'antigua', revisionArchivo: 1, revisionActual: 2 },
      cambios: [{ campo: 'Estado', antes: 'Publicado', despues: 'Borrador' }],
    });
    // Leaving 'vendido' is the sale's dialog's, whatever the file's age.
    expect(result.filas[1]?.tipo).toBe('error');
    expect(result.filas[1]?.errores.Estado).toMatch(/Deshacer venta/);
  });

  it('is refused (409) when a vehicle it names changes between the preview and the import, even with the same rows', async () => {
    await importAll(csvFile([sheetRow(1)]));
    const [car] = await stockRows();
    const file = editLine(await exportCsv(), car?.id, ';Gris;', ';Blanco;');
    const first = await preview(file);
    expect(first.filas[0]).toMatchObject({ tipo: 'actualiza', antiguedad: null });
    await saveForm(car?.id ?? 0, { motor: '2.4' });
    const before = await stockCounts(db());
    const late = await commit(file, first.huella);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().error).toMatch(/cambiaron desde la vista previa/);
    expect(await stockCounts(db())).toEqual(before);
    expect((await stockRows())[0]?.color).toBe('Gris');
  });
});

describe('a file that does not say when it was exported', () => {
  it('is of unknown age: said so, its changing rows skipped unless kept, and the columns it lacks keep their values', async () => {
    const full = sheetRow(1, {
      Patente: 'BB·CD·12',
      Puertas: 5,
      'Dueños anteriores': 1,
      Descripción: 'Único dueño.',
      VIN: '9BWZZZ377VT004251',
    });
    await importAll(csvFile([full]));
    // The layout before this change: no Revisión, Patente, Puertas, Dueños anteriores, Descripción, Versión nor VIN.
    const older = HEADERS.filter(
      (h) =>
        !['Revisión', 'Patente', 'Puertas', 'Dueños anteriores', 'Descripción', 'Versión', 'VIN'].includes(h),
    );
    const bytes = Buffer.from(csvText([sheetRow(1, { Precio: 7_000_000 })], ';', older), 'utf8');
    const result = await preview(bytes);
    expect(result.conRevision).toBe(false);
    expect(result.resumen).toMatchObject({ actualiza: 1, sinFecha: 1, antiguas: 0 });
    expect(result.filas[0]).toMatchObject({
      antiguedad: { tipo: 'sin_fecha' },
      cambios: [{ campo: 'Precio', antes: '$9.010.000', despues: '$7.000.000' }],
    });
    expect((await commit(bytes, result.huella)).json().resultado).toMatchObject({
      actualizados: 0,
      omitidos: 1,
    });
    expect((await stockRows())[0]?.price).toBe(9_010_000);

    const kept = await commit(bytes, result.huella, String(result.filas[0]?.fila));
    expect(kept.json().resultado).toMatchObject({ actualizados: 1, omitidos: 0 });
    expect((await stockRows())[0]).toMatchObject({
      price: 7_000_000,
      plate: 'BBCD12',
      doors: 5,
      previousOwners: 1,
      description: 'Único dueño.',
      vin: '9BWZZZ377VT004251',
    });
  });

  it('refuses a list of rows to keep that is not row numbers, and stores nothing', async () => {
    const file = csvFile([sheetRow(1)]);
    const first = await preview(file);
    const before = await stockCounts(db());
    for (const aplicar of ['2;3', 'todas', '1,,2', '-1', '1'.repeat(7)]) {
      const response = await commit(file, first.huella, aplicar);
      expect(response.statusCode, aplicar).toBe(400);
      expect(response.json().error).toMatch(/Indica las filas que quieres aplicar/);
    }
    expect(await stockCounts(db())).toEqual(before);
  });
});

describe('a car without photos', () => {
  it('is never published by a file: a new row becomes a draft, a draft stays one, and the preview says so', async () => {
    const file = csvFile([sheetRow(1, { Estado: 'Publicado' }), sheetRow(2)]);
    const result = await preview(file);
    expect(result.filas[0]).toMatchObject({
      tipo: 'nuevo',
      avisos: [expect.stringMatching(/Se crea como borrador: no tiene fotos/)],
    });
    await importAll(file);
    expect((await stockRows()).map((v) => v.status)).toEqual(['draft', 'draft']);

    // The second gets a photo: the same file publishing it now publishes it; the first still has none.
    const [first, second] = await stockRows();
    await addPhoto(second?.id ?? 0);
    const both = csvFile([sheetRow(1, { Estado: 'Publicado' }), sheetRow(2, { Estado: 'Publicado' })]);
    const next = await preview(both);
    expect(next.filas[0]).toMatchObject({
      tipo: 'sin_cambios',
      avisos: [expect.stringMatching(/Sigue como borrador/)],
    });
    expect(next.filas[1]).toMatchObject({ tipo: 'actualiza', avisos: [] });
    await importAll(both);
    const after = await stockRows();
    expect(after.find((v) => v.id === first?.id)?.status).toBe('draft');
    expect(after.find((v) => v.id === second?.id)?.status).toBe('published');
  });
});

describe('the dealer columns', () => {
  it('round-trip through CSV and .xlsx: patente, doors, owners, a description with line breaks and a leading dash', async () => {
    const description = '- Único dueño\n- Mantenciones en la marca';
    await importAll(
      csvFile([
        sheetRow(1, {
          Patente: 'bbcd12',
          Puertas: 3,
          'Dueños anteriores': 0,
          Descripción: `'${description}`,
        }),
        sheetRow(2, { Patente: 'AB·1234' }),
      ]),
    );
    const [one, two] = await stockRows();
    expect(one).toMatchObject({ plate: 'BBCD12', doors: 3, previousOwners: 0, description, revision: 1 });
    expect(two).toMatchObject({ plate: 'AB1234', doors: null, previousOwners: null, description: null });

    const csv = await exportCsv();
    expect(csv.split('\r\n')[0]).toBe(HEADERS.join(';'));
    const unchanged = await preview(Buffer.from(csv, 'utf8'));
    expect(unchanged.resumen).toMatchObject({ sinCambios: 2, actualiza: 0, errores: 0 });

    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/admin/api/planilla-stock/stock.xlsx',
      headers: ventas.headers,
    });
    const sheet = (await readSheet(xlsx.rawPayload)) as (string | number | null)[][];
    const rows = sheet
      .slice(1)
      .map((cells) => Object.fromEntries(HEADERS.map((h, i) => [h, cells[i] ?? ''])) as SheetRow);
    expect(rows[0]).toMatchObject({ Patente: 'BBCD12', Puertas: 3, Descripción: description, Revisión: 1 });
    expect((await preview(await xlsxFile(rows), 'stock.xlsx')).resumen).toMatchObject({ sinCambios: 2 });
  });

  it('refuses a patente another vehicle has, or a bad one, as errors of the row', async () => {
    await importAll(csvFile([sheetRow(1, { Patente: 'BBCD12' }), sheetRow(2)]));
    const [holder] = await stockRows();
    const result = await preview(
      csvFile([
        sheetRow(2, { Patente: 'bb-cd-12' }),
        sheetRow(3, { Patente: 'ABC123' }),
        sheetRow(4, { Puertas: 9 }),
      ]),
    );
    expect(result.filas.map((f) => f.tipo)).toEqual(['error', 'error', 'error']);
    expect(result.filas[0]?.errores.Patente).toBe(
      `Esta patente ya está registrada en el vehículo ${ref(holder?.id)}.`,
    );
    expect(result.filas[1]?.errores.Patente).toMatch(/^Escribe la patente como BBCD·12/);
    expect(result.filas[2]?.errores.Puertas).toMatch(/entre 2 y 6/);
  });
});
