import type { ImportPreview, ImportResult } from '@contracts/admin-stock-sheet.ts';
import { auditLog, brands, vehiclePriceChanges, vehicles } from '@db/schema.ts';
import { formatPrice } from '@domain/format.ts';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { type SignedInStaff, signedInStaff } from '../support/staff.ts';
import {
  csvFile,
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
let admin: SignedInStaff;
let ventas: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t.app, 'admin');
  ventas = await signedInStaff(t.app, 'ventas');
  await seedSheetLookups(t.database.db);
});
afterAll(() => t.close());

// Each test starts from an empty stock (the lists stay).
beforeEach(async () => {
  await t.database.db.delete(vehiclePriceChanges);
  await t.database.db.delete(vehicles);
});

const db = () => t.database.db;

async function preview(
  bytes: Buffer,
  name = 'stock.csv',
  fields: Record<string, string> = {},
  staff = ventas,
) {
  const response = await upload(t.app, staff, PREVIEW, { name, bytes, fields });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ImportPreview;
}

/** Previews and imports; the rows marked older or of unknown age are kept unless `skip` (ADR 0040). */
async function importFile(
  bytes: Buffer,
  name = 'stock.csv',
  fields: Record<string, string> = {},
  skip = false,
) {
  const first = await preview(bytes, name, fields);
  const aplicar = skip
    ? ''
    : first.filas
        .filter((f) => f.antiguedad)
        .map((f) => f.fila)
        .join(',');
  const response = await upload(t.app, ventas, IMPORT, {
    name,
    bytes,
    fields: { ...fields, huella: first.huella, aplicar },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { resultado: ImportResult }).resultado;
}

const stockRows = () => db().select().from(vehicles).orderBy(asc(vehicles.id));

describe('the template', () => {
  it('downloads as .csv (UTF-8 with BOM, ;) and as .xlsx, with the headers and an example row that imports', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/admin/api/planilla-stock/plantilla.csv',
      headers: ventas.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('plantilla-stock.csv');
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe(HEADERS.join(';'));
    expect(lines).toHaveLength(2);

    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/admin/api/planilla-stock/plantilla.xlsx',
      headers: ventas.headers,
    });
    expect(xlsx.statusCode).toBe(200);
    const sheet = await readSheet(xlsx.rawPayload);
    expect(sheet[0]).toEqual(HEADERS);
    expect(sheet).toHaveLength(2);

    for (const [bytes, name] of [
      [csv.rawPayload, 'plantilla.csv'],
      [xlsx.rawPayload, 'plantilla.xlsx'],
    ] as const) {
      const result = await preview(bytes, name);
      expect(
        result.filas.map((f) => f.tipo),
        JSON.stringify(result.filas),
      ).toEqual(['nuevo']);
    }
  });

  it('is for staff only: anonymous 401, unknown format 404', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/api/planilla-stock/plantilla.csv' })).statusCode,
    ).toBe(401);
    const odd = await t.app.inject({
      method: 'GET',
      url: '/admin/api/planilla-stock/plantilla.ods',
      headers: ventas.headers,
    });
    expect(odd.statusCode).toBe(404);
    expect(odd.json().error).toMatch(/Formato desconocido/);
  });
});

describe('preview', () => {
  it('says what each row would do, with Spanish errors per cell, and stores nothing', async () => {
    const before = await stockCounts(db());
    const rows: SheetRow[] = [
      sheetRow(1),
      sheetRow(2, { Marca: 'Lada' }),
      sheetRow(3, { Precio: 'doce millones' }),
      sheetRow(4, { Año: 1890 }),
      sheetRow(5, { 'Referencia externa': 'INV-00001' }),
      sheetRow(6, { Transmisión: 'CVT', Destacado: 'quizás' }),
      sheetRow(7, { 'Referencia externa': '' }),
    ];
    const result = await preview(csvFile(rows));
    expect(result.filas.map((f) => [f.fila, f.tipo])).toEqual([
      [2, 'nuevo'],
      [3, 'error'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
      [8, 'error'],
    ]);
    const errors = Object.fromEntries(result.filas.map((f) => [f.fila, f.errores]));
    expect(errors[3]).toEqual({ Marca: expect.stringMatching(/La marca «Lada» no existe/) });
    // The form's own sentences (contracts/admin-stock.ts).
    expect(errors[4]).toEqual({ Precio: 'Ingresa el precio en pesos, solo números (por ejemplo 12990000).' });
    expect(errors[5]?.Año).toMatch(/^El año debe estar entre 1950 y \d{4}\.$/);
    expect(errors[6]).toEqual({
      'Referencia externa': 'Fila duplicada: la fila 2 tiene la misma referencia externa.',
    });
    expect(errors[7]?.Transmisión).toMatch(/«CVT» no está en la lista/);
    expect(errors[7]?.Destacado).toBe('Escribe Sí o No.');
    expect(errors[8]?.['Referencia externa']).toMatch(/Escribe una referencia externa/);
    expect(result.resumen).toMatchObject({ nuevos: 1, actualiza: 0, sinCambios: 0, errores: 6 });
    expect(result.marcasNuevas).toEqual(['Lada']);
    expect(await stockCounts(db())).toEqual(before);
  });

  it('offers to create an unknown brand: with crearMarcas the row is new, and the import creates the brand', async () => {
    const file = csvFile([sheetRow(1, { Marca: 'Lada' }), sheetRow(2, { Marca: 'lada' })]);
    const asked = await preview(file, 'stock.csv', { crearMarcas: '1' });
    expect(asked.filas.map((f) => f.tipo)).toEqual(['nuevo', 'nuevo']);
    expect(asked.marcasNuevas).toEqual(['Lada']);
    const result = await importFile(file, 'stock.csv', { crearMarcas: '1' });
    expect(result).toEqual({
      nuevos: 2,
      actualizados: 0,
      sinCambios: 0,
      omitidos: 0,
      marcasCreadas: ['Lada'],
    });
    const [lada] = await db().select().from(brands).where(eq(brands.nombre, 'Lada'));
    expect(lada).toBeDefined();
    expect((await stockRows()).every((v) => v.brandId === lada?.id)).toBe(true);
    await db().delete(vehicles);
    await db().delete(brands).where(eq(brands.nombre, 'Lada'));
  });

  it('flags a VIN or an external reference another vehicle holds, and a REF that does not exist', async () => {
    await importFile(csvFile([sheetRow(1, { VIN: '9BWZZZ377VT004251' }), sheetRow(2)]));
    const [held, other] = await stockRows();
    const result = await preview(
      csvFile([
        sheetRow(2, { VIN: '9bwzzz377vt004251' }),
        sheetRow(3, { REF: 'REF-9999' }),
        sheetRow(4, { REF: 'siete' }),
        sheetRow(5, { VIN: '9BWZZZ377VT004252' }),
        sheetRow(6, { VIN: '9BWZZZ377VT004252' }),
      ]),
    );
    const ref = (id?: number) => `REF-${String(id).padStart(4, '0')}`;
    expect(result.filas[0]).toMatchObject({ tipo: 'error', ref: ref(other?.id) });
    expect(result.filas[0]?.errores).toEqual({
      VIN: `Este VIN ya está registrado en el vehículo ${ref(held?.id)}.`,
    });
    expect(result.filas[1]?.errores).toEqual({
      REF: 'No existe el vehículo REF-9999. Deja la REF vacía para crearlo.',
    });
    expect(result.filas[2]?.errores.REF).toMatch(/Escribe la REF como REF-0007/);
    expect(result.filas[3]?.tipo).toBe('nuevo');
    expect(result.filas[4]?.errores).toEqual({ VIN: 'Fila duplicada: la fila 5 tiene el mismo VIN.' });
  });

  it('reads Windows-1252 with commas as well as UTF-8 with ;', async () => {
    const text = csvFile([sheetRow(1, { Color: 'Café' })], ',').toString('utf8');
    const bytes = Buffer.from([...text].map((ch) => ch.charCodeAt(0)));
    expect(bytes.includes(0xf1)).toBe(true); // ñ of Año in one byte
    const result = await preview(bytes);
    expect(result.filas.map((f) => f.tipo)).toEqual(['nuevo']);
    await importFile(bytes);
    expect((await stockRows())[0]?.color).toBe('Café');
  });

  it('numbers rows as the spreadsheet shows them, blank rows included', async () => {
    const csv = csvFile([sheetRow(1), sheetRow(2, { Precio: 'x' })]).toString('utf8');
    const [head, first, second] = csv.split('\r\n');
    const spaced = Buffer.from(`\r\n${head}\r\n${first}\r\n;;;\r\n\r\n${second}\r\n`);
    const result = await preview(spaced);
    expect(result.filas.map((f) => [f.fila, f.tipo])).toEqual([
      [3, 'nuevo'],
      [6, 'error'],
    ]);
    const xlsx = await preview(
      await xlsxFile([sheetRow(1), { Marca: '' }, sheetRow(2, { Precio: 'x' })]),
      's.xlsx',
    );
    expect(xlsx.filas.map((f) => [f.fila, f.tipo])).toEqual([
      [2, 'nuevo'],
      [4, 'error'],
    ]);
  });

  it('refuses a wrong header row, naming the columns', async () => {
    const bytes = Buffer.from('Marca;Modelo;Preci\r\nToyota;Yaris;1\r\n');
    const response = await upload(t.app, ventas, PREVIEW, { name: 'x.csv', bytes });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/faltan las columnas «Año», «Precio»/);
    expect(response.json().error).toMatch(/«Preci» no son de la plantilla/);
  });
});

describe('import', () => {
  it('commits every row in one transaction, audits the counts, and a re-import of the same file changes nothing', async () => {
    const file = csvFile(Array.from({ length: 30 }, (_, i) => sheetRow(i + 1)));
    const auditBefore = (await db().select().from(auditLog)).length;
    expect(await importFile(file)).toEqual({
      nuevos: 30,
      actualizados: 0,
      sinCambios: 0,
      omitidos: 0,
      marcasCreadas: [],
    });
    const stock = await stockRows();
    expect(stock).toHaveLength(30);
    expect(stock[0]).toMatchObject({ model: 'Modelo 1', externalRef: 'INV-00001', status: 'draft' });
    const [summary] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'stock_importado'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(summary?.details).toMatchObject({ archivo: 'stock.csv', filas: 30, nuevos: 30, actualizados: 0 });
    expect(summary?.actorId).toBe(ventas.id);
    // One entry per vehicle (as the form writes) and one for the import.
    expect((await db().select().from(auditLog)).length).toBe(auditBefore + 31);

    const again = await preview(file);
    expect(again.resumen).toEqual({
      nuevos: 0,
      actualiza: 0,
      sinCambios: 30,
      errores: 0,
      antiguas: 0,
      sinFecha: 0,
    });
    const auditAfter = (await db().select().from(auditLog)).length;
    expect(await importFile(file)).toEqual({
      nuevos: 0,
      actualizados: 0,
      sinCambios: 30,
      omitidos: 0,
      marcasCreadas: [],
    });
    expect(await stockRows()).toEqual(stock);
    expect((await db().select().from(auditLog)).length).toBe(auditAfter);
  });

  it('refuses a file with any faulty row (400) and stores nothing', async () => {
    const file = csvFile([sheetRow(1), sheetRow(2, { Precio: '-5' })]);
    const first = await preview(file);
    const before = await stockCounts(db());
    const response = await upload(t.app, admin, IMPORT, {
      name: 'stock.csv',
      bytes: file,
      fields: { huella: first.huella },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'El archivo tiene 1 fila con errores: corrígelas y vuelve a subirlo. No se importó nada.',
    );
    expect(await stockCounts(db())).toEqual(before);
  });

  it('rolls back every row when one fails while committing (a database refusal the preview could not foresee)', async () => {
    await importFile(csvFile([sheetRow(90)]));
    // A rule only the database knows: no two vehicles share a model. Row 4 of the file breaks it at commit time.
    await db().execute(sql`create unique index test_one_model on vehicles (model)`);
    try {
      const file = csvFile([sheetRow(1), sheetRow(2), sheetRow(3, { Modelo: 'Modelo 90' }), sheetRow(4)]);
      const first = await preview(file);
      expect(first.resumen).toMatchObject({ nuevos: 4, actualiza: 0, sinCambios: 0, errores: 0 });
      const before = await stockCounts(db());
      const response = await upload(t.app, ventas, IMPORT, {
        name: 'stock.csv',
        bytes: file,
        fields: { huella: first.huella },
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().error).toMatch(/^Fila 4: .* No se importó nada\.$/);
      expect(await stockCounts(db())).toEqual(before);
      expect((await stockRows()).map((v) => v.model)).toEqual(['Modelo 90']);
    } finally {
      await db().execute(sql`drop index test_one_model`);
    }
  });

  it('refuses (409) when the stock changed since the preview, and without a preview (400)', async () => {
    const file = csvFile([sheetRow(1), sheetRow(2)]);
    const first = await preview(file);
    await importFile(csvFile([sheetRow(2, { Precio: 1_000_000 })]));
    const before = await stockCounts(db());
    const late = await upload(t.app, ventas, IMPORT, {
      name: 'stock.csv',
      bytes: file,
      fields: { huella: first.huella },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(/cambiaron desde la vista previa/);
    const blind = await upload(t.app, ventas, IMPORT, { name: 'stock.csv', bytes: file });
    expect(blind.statusCode).toBe(400);
    expect(blind.json().error).toMatch(/Revisa la vista previa/);
    expect(await stockCounts(db())).toEqual(before);
  });

  it('two staff importing the same new rows at once: one imports, the other is told the stock changed', async () => {
    const file = csvFile([sheetRow(1), sheetRow(2)]);
    const first = await preview(file);
    const [a, b] = await Promise.all(
      [ventas, admin].map((staff) =>
        upload(t.app, staff, IMPORT, { name: 'stock.csv', bytes: file, fields: { huella: first.huella } }),
      ),
    );
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 409]);
    expect(await stockRows()).toHaveLength(2);
  });

  it('needs the CSRF token and a signed-in member', async () => {
    const file = csvFile([sheetRow(1)]);
    const anonymous = {
      id: 0,
      email: '',
      headers: { ...(await csrfHeaders(t.app)) },
    } as unknown as SignedInStaff;
    expect((await upload(t.app, anonymous, PREVIEW, { name: 's.csv', bytes: file })).statusCode).toBe(401);
    const noToken = { ...ventas, headers: { ...ventas.headers, 'x-csrftoken': 'x' } };
    expect((await upload(t.app, noToken, PREVIEW, { name: 's.csv', bytes: file })).statusCode).toBe(403);
  });
});

describe('export and round trip', () => {
  async function download(format: 'csv' | 'xlsx') {
    const response = await t.app.inject({
      method: 'GET',
      url: `/admin/api/planilla-stock/stock.${format}`,
      headers: ventas.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="stock-\\d{4}-\\d{2}-\\d{2}\\.${format}"`),
    );
    return response.rawPayload;
  }

  it('exports every status in the layout, and a CSV edited in one price re-imports as exactly one change', async () => {
    await importFile(
      csvFile(
        Array.from({ length: 12 }, (_, i) =>
          sheetRow(i + 1, { Estado: ['Borrador', 'Publicado', 'Publicado'][i % 3] as string }),
        ),
      ),
    );
    // Every third sold, as sales recorded in the back office leave them (a sale is not a spreadsheet cell, ADR 0038).
    const imported = await stockRows();
    for (const [i, vehicle] of imported.entries()) {
      if (i % 3 === 2)
        await db()
          .update(vehicles)
          .set({ status: 'sold', soldAt: new Date() })
          .where(eq(vehicles.id, vehicle.id));
    }
    const before = await stockRows();
    const csv = (await download('csv')).subarray(3).toString('utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(HEADERS.join(';'));
    expect(lines).toHaveLength(13);
    expect(lines.filter((l) => l.includes(';Vendido;'))).toHaveLength(4);
    const target = before[4];
    const edited = lines
      .map((line) =>
        line.startsWith(`REF-${String(target?.id).padStart(4, '0')};`)
          ? line.replace(`;${target?.price};`, ';7777777;')
          : line,
      )
      .join('\r\n');
    expect(edited).not.toBe(lines.join('\r\n'));
    const bytes = Buffer.from(edited, 'utf8');
    const result = await preview(bytes, 'stock.csv');
    expect(result.resumen).toEqual({
      nuevos: 0,
      actualiza: 1,
      sinCambios: 11,
      errores: 0,
      antiguas: 0,
      sinFecha: 0,
    });
    // The export carries each row's revision: the file is as new as the stock, so the change needs no choice.
    expect(result.conRevision).toBe(true);
    expect(result.filas.find((f) => f.tipo === 'actualiza')).toMatchObject({
      cambios: [{ campo: 'Precio', antes: formatPrice(target?.price ?? 0), despues: '$7.777.777' }],
      antiguedad: null,
    });
    await importFile(bytes);
    const after = await stockRows();
    for (const [i, vehicle] of after.entries()) {
      if (vehicle.id === target?.id) {
        expect(vehicle.price).toBe(7_777_777);
        expect(vehicle.updatedAt.getTime()).toBeGreaterThan(target.updatedAt.getTime());
      } else expect(vehicle).toEqual(before[i]);
    }
    const history = await db().select().from(vehiclePriceChanges);
    expect(history).toMatchObject([
      { vehicleId: target?.id, previousPrice: target?.price, price: 7_777_777, changedBy: ventas.id },
    ]);
  });

  it('never sells nor puts back on sale: "Vendido" entered or left is an error of the Estado cell', async () => {
    await importFile(csvFile([sheetRow(1), sheetRow(2)]));
    const [first, second] = await stockRows();
    await db()
      .update(vehicles)
      .set({ status: 'published', publishedAt: new Date() })
      .where(eq(vehicles.id, first?.id ?? 0));
    await db()
      .update(vehicles)
      .set({ status: 'sold', soldAt: new Date() })
      .where(eq(vehicles.id, second?.id ?? 0));
    const result = await preview(
      csvFile([
        sheetRow(1, { Estado: 'Vendido' }),
        sheetRow(2, { Estado: 'Publicado' }),
        sheetRow(3, { Estado: 'Vendido' }),
      ]),
    );
    expect(result.resumen.errores).toBe(3);
    expect(result.filas[0]?.errores.Estado).toMatch(/Registrar venta/);
    expect(result.filas[1]?.errores.Estado).toMatch(/Deshacer venta/);
    expect(result.filas[2]?.errores.Estado).toMatch(/Registrar venta/);
    expect((await stockRows()).map((v) => v.status)).toEqual(['published', 'sold']);
  });

  it('round-trips through .xlsx too', async () => {
    await importFile(csvFile(Array.from({ length: 5 }, (_, i) => sheetRow(i + 1))));
    const before = await stockRows();
    const sheet = (await readSheet(await download('xlsx'))) as (string | number | null)[][];
    expect(sheet[0]).toEqual(HEADERS);
    expect(sheet).toHaveLength(6);
    const rows: SheetRow[] = sheet
      .slice(1)
      .map((cells) => Object.fromEntries(HEADERS.map((h, i) => [h, cells[i] ?? ''])) as SheetRow);
    const unchanged = await preview(await xlsxFile(rows), 'stock.xlsx');
    expect(unchanged.resumen).toMatchObject({ nuevos: 0, actualiza: 0, sinCambios: 5, errores: 0 });
    rows[2] = { ...rows[2], Color: 'Azul marino' } as SheetRow;
    const file = await xlsxFile(rows);
    const once = await preview(file, 'stock.xlsx');
    expect(once.resumen).toMatchObject({ nuevos: 0, actualiza: 1, sinCambios: 4, errores: 0, antiguas: 0 });
    await importFile(file, 'stock.xlsx');
    const after = await stockRows();
    expect(
      after.filter((v, i) => JSON.stringify(v) !== JSON.stringify(before[i])).map((v) => v.color),
    ).toEqual(['Azul marino']);
  });
});
