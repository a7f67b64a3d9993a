import type { VehicleInput } from '@contracts/admin-stock.ts';
import { csvSafe } from '@domain/csv-safe.ts';
import { planImport, type StockSnapshot } from '@domain/stock-import-plan.ts';
import {
  lookupMap,
  NEW_BRAND_ID,
  type ReadRow,
  readHeader,
  readRow,
  type SheetLookups,
} from '@domain/stock-sheet.ts';
import { decodeText, detectDelimiter } from '@server/services/admin/stock-sheet-read.ts';
import { describe, expect, it } from 'vitest';

const lookups: SheetLookups = {
  marcas: lookupMap([
    { id: 1, nombre: 'Toyota' },
    { id: 2, nombre: 'Mercedes-Benz' },
  ]),
  transmisiones: lookupMap([
    { id: 1, nombre: 'Transmisión Automática' },
    { id: 2, nombre: 'Transmisión Manual' },
  ]),
  combustibles: lookupMap([{ id: 1, nombre: 'Bencina' }]),
  tipos: lookupMap([{ id: 1, nombre: 'Sedán' }]),
  caracteristicas: lookupMap([
    { id: 1, nombre: 'Sunroof' },
    { id: 2, nombre: 'Cámara de retroceso' },
  ]),
};

const HEAD = [
  'REF',
  'Marca',
  'Modelo',
  'Año',
  'Precio',
  'Kilometraje',
  'Condición',
  'Transmisión',
  'Combustible',
  'Tipo',
  'Motor',
  'Color',
  'Características',
  'Destacado',
  'Estado',
  'VIN',
  'Referencia externa',
];
const header = readHeader(HEAD);
if (!header.ok) throw new Error(header.message);
const columns = header.columns;

const cells = (overrides: Record<string, string | number | boolean | null> = {}) => {
  const base: Record<string, string | number | boolean | null> = {
    REF: '',
    Marca: 'toyota',
    Modelo: 'Corolla',
    Año: '2020',
    Precio: '12.990.000',
    Kilometraje: 45000,
    Condición: 'usado',
    Transmisión: 'automática',
    Combustible: 'Bencina',
    Tipo: 'sedan',
    Motor: '1.8',
    Color: 'Rojo',
    Características: 'sunroof; Cámara de retroceso',
    Destacado: 'sí',
    Estado: 'Publicado',
    VIN: '',
    'Referencia externa': 'A-1',
    ...overrides,
  };
  return HEAD.map((h) => base[h] ?? null);
};

const read = (overrides = {}, options: Partial<Parameters<typeof readRow>[4]> = {}) =>
  readRow(2, cells(overrides), columns, lookups, { format: 'csv', crearMarcas: false, ...options });

describe('readHeader', () => {
  it('takes the headers in any order, case and accents', () => {
    const result = readHeader(['marca', 'MODELO', 'ano', 'precio', ...HEAD.slice(5).reverse(), null, '']);
    expect(result.ok).toBe(true);
  });
  it('names the missing, unknown and repeated columns', () => {
    const result = readHeader(['Marca', 'Marca', 'Colour']);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toMatch(/faltan las columnas «Modelo», «Año»/);
      expect(result.message).toMatch(/la columna «Colour» no son de la plantilla/);
      expect(result.message).toMatch(/se repite «Marca»/);
    }
  });
});

describe('readRow', () => {
  it('reads names into the form input, judged by the form schema', () => {
    const row = read();
    expect(row.errores).toEqual({});
    expect(row.input).toMatchObject({
      marca: 1,
      año: 2020,
      precio: 12_990_000,
      condicion: 'Usado',
      transmision: 1,
      tipo: 1,
      caracteristicas: [1, 2],
      destacado: true,
      estado: 'publicado',
      vin: null,
      referencia: 'A-1',
    });
  });
  it('accepts a transmission with its prefix, a REF in several spellings, booleans and blank status', () => {
    expect(read({ Transmisión: 'Transmisión Manual' }).input?.transmision).toBe(2);
    expect(read({ REF: 'ref-0007' }).ref).toBe(7);
    expect(read({ REF: '12' }).ref).toBe(12);
    expect(read({ Destacado: false }).input?.destacado).toBe(false);
    expect(read({ Destacado: '' }).input?.destacado).toBe(false);
    expect(read({ Estado: '' }).input?.estado).toBe('borrador');
  });
  it('gives the form schema’s own messages, under the sheet’s headers', () => {
    const row = read({ Año: 1800, Kilometraje: '-3', Condición: 'seminuevo', Modelo: '', VIN: 'ABC' });
    expect(row.input).toBeNull();
    expect(row.errores).toMatchObject({
      Año: expect.stringMatching(/^El año debe estar entre 1950/),
      Kilometraje: 'Ingresa el kilometraje, solo números (0 para un auto nuevo).',
      Condición: 'Selecciona la condición: Nuevo o Usado.',
      Modelo: 'Ingresa el modelo.',
      VIN: 'El VIN debe tener 17 caracteres (tiene 3).',
    });
  });
  it('marks an unknown brand as new, valid only when brands are to be created', () => {
    expect(read({ Marca: 'Lada' })).toMatchObject({ nuevaMarca: 'Lada', input: null });
    const created = read({ Marca: 'Lada' }, { crearMarcas: true });
    expect(created.input?.marca).toBe(NEW_BRAND_ID);
    expect(read({ Características: 'Sunroof, Turbo' }).errores.Características).toMatch(/«Turbo»/);
  });
  it('reads the version from its own column, blank as none; a sheet of the older layout has none', () => {
    const withVersion = readHeader([...HEAD, 'Versión']);
    if (!withVersion.ok) throw new Error(withVersion.message);
    const readWith = (version: string) =>
      readRow(2, [...cells(), version], withVersion.columns, lookups, { format: 'csv', crearMarcas: false });
    expect(readWith(' XLT 4x4 ').input).toMatchObject({ modelo: 'Corolla', version: 'XLT 4x4' });
    expect(readWith(' XLT 4x4 ').vehiculo).toBe('toyota Corolla XLT 4x4 2020');
    expect(readWith('').input?.version).toBeNull();
    expect(readWith('x'.repeat(61)).errores.Versión).toMatch(/60 caracteres/);
    expect(read().input?.version).toBeNull();
  });

  it('refuses formula cells of an .xlsx and formula-like CSV text; the export apostrophe makes it text', () => {
    expect(read({}, { format: 'xlsx', formulaColumns: new Set([2]) }).errores.Modelo).toMatch(/fórmula/);
    expect(read({ Modelo: '=1+1' }).errores.Modelo).toMatch(/Empieza con «=»/);
    expect(read({ Modelo: "'=1+1" }).input?.modelo).toBe('=1+1');
    expect(read({ Modelo: '=1+1' }, { format: 'xlsx' }).input?.modelo).toBe('=1+1');
  });
});

const input = (overrides: Partial<VehicleInput> = {}): VehicleInput => ({
  marca: 1,
  modelo: 'Corolla',
  version: null,
  año: 2020,
  precio: 100,
  kilometraje: 0,
  condicion: 'Usado',
  transmision: 1,
  combustible: 1,
  tipo: 1,
  motor: '1.8',
  color: 'Rojo',
  caracteristicas: [1, 2],
  destacado: false,
  estado: 'borrador',
  vin: null,
  referencia: null,
  patente: null,
  puertas: null,
  duenosAnteriores: null,
  descripcion: null,
  ...overrides,
});
const rowOf = (
  fila: number,
  v: VehicleInput,
  ref: number | null = null,
  revision: number | null = null,
): ReadRow => ({
  fila,
  ref,
  revision,
  input: v,
  nuevaMarca: null,
  vehiculo: 'x',
  errores: {},
});

const names = {
  marcas: new Map([[1, 'Toyota']]),
  transmisiones: new Map([[1, 'Transmisión Automática']]),
  combustibles: new Map([[1, 'Bencina']]),
  tipos: new Map([[1, 'Sedán']]),
  caracteristicas: new Map([
    [1, 'Sunroof'],
    [2, 'Cámara de retroceso'],
  ]),
};

describe('planImport', () => {
  const stock: StockSnapshot = {
    byId: new Map([
      [7, input({ referencia: 'A-7' })],
      [8, input({ vin: '9BWZZZ377VT004251' })],
    ]),
    byExternalRef: new Map([['A-7', 7]]),
    byVin: new Map([['9BWZZZ377VT004251', 8]]),
    byPatente: new Map(),
    revisions: new Map([
      [7, 1],
      [8, 3],
    ]),
    photos: new Map([[8, 2]]),
    names,
  };
  it('matches by REF, then external reference, then VIN; features in another order are no change', () => {
    const plan = planImport(
      [
        rowOf(2, input({ referencia: 'A-7', caracteristicas: [2, 1] })),
        rowOf(3, input({ vin: '9BWZZZ377VT004251', precio: 200 })),
        rowOf(4, input({ referencia: 'N-1' })),
      ],
      stock,
    );
    expect(plan.map((r) => [r.tipo, r.ref, r.cambios])).toEqual([
      ['sin_cambios', 'REF-0007', []],
      ['actualiza', 'REF-0008', [{ campo: 'Precio', antes: '$100', despues: '$200' }]],
      ['nuevo', null, []],
    ]);
  });
  it('refuses duplicates, another vehicle’s identifiers and rows without any identifier', () => {
    const plan = planImport(
      [
        rowOf(2, input({ referencia: 'N-1' })),
        rowOf(3, input({ referencia: 'N-1' })),
        rowOf(4, input({ referencia: 'A-7' }), 8),
        rowOf(5, input()),
        rowOf(6, input({ referencia: 'X' }), 7),
      ],
      stock,
    );
    expect(plan.map((r) => r.tipo)).toEqual(['nuevo', 'error', 'error', 'error', 'actualiza']);
    expect(plan[1]?.errores['Referencia externa']).toMatch(/Fila duplicada: la fila 2/);
    expect(plan[2]?.errores['Referencia externa']).toBe(
      'Esta referencia externa ya la usa el vehículo REF-0007.',
    );
    expect(plan[3]?.errores['Referencia externa']).toMatch(/Escribe una referencia externa/);
  });
});

describe('planImport: old → new, older rows and photos (ADR 0040)', () => {
  const stock: StockSnapshot = {
    byId: new Map([
      [7, input({ referencia: 'A-7', precio: 12_990_000, kilometraje: 45_000, estado: 'publicado' })],
      [8, input({ referencia: 'A-8', patente: 'BBCD12', duenosAnteriores: 2 })],
    ]),
    byExternalRef: new Map([
      ['A-7', 7],
      ['A-8', 8],
    ]),
    byVin: new Map(),
    byPatente: new Map([['BBCD12', 8]]),
    revisions: new Map([
      [7, 4],
      [8, 1],
    ]),
    photos: new Map([[7, 3]]),
    names,
  };
  const seven = (o: Partial<VehicleInput> = {}) =>
    input({ referencia: 'A-7', precio: 12_990_000, kilometraje: 45_000, estado: 'publicado', ...o });

  it('says each change as a person reads it: pesos, km, names, Sí/No, vacío', () => {
    const [row] = planImport(
      [
        rowOf(
          2,
          seven({
            precio: 11_500_000,
            kilometraje: 46_100,
            caracteristicas: [2],
            destacado: true,
            version: 'XEI',
          }),
          null,
          4,
        ),
      ],
      stock,
    );
    expect(row?.tipo).toBe('actualiza');
    expect(row?.antiguedad).toBeNull();
    expect(row?.cambios).toEqual([
      { campo: 'Versión', antes: 'vacío', despues: 'XEI' },
      { campo: 'Precio', antes: '$12.990.000', despues: '$11.500.000' },
      { campo: 'Kilometraje', antes: '45.000 km', despues: '46.100 km' },
      { campo: 'Características', antes: 'Sunroof, Cámara de retroceso', despues: 'Cámara de retroceso' },
      { campo: 'Destacado', antes: 'No', despues: 'Sí' },
    ]);
  });

  it('marks a row exported before the vehicle last changed, and one that does not say when it was exported', () => {
    const plan = planImport(
      [
        rowOf(2, seven({ precio: 1_000_000 }), null, 2),
        rowOf(3, input({ referencia: 'A-8', patente: 'BBCD12', duenosAnteriores: 2, color: 'Azul' })),
      ],
      stock,
    );
    expect(plan[0]?.antiguedad).toEqual({ tipo: 'antigua', revisionArchivo: 2, revisionActual: 4 });
    expect(plan[1]?.antiguedad).toEqual({ tipo: 'sin_fecha' });
    // An unchanged row needs no choice, whatever its age.
    expect(planImport([rowOf(2, seven(), null, 1)], stock)[0]).toMatchObject({
      tipo: 'sin_cambios',
      antiguedad: null,
    });
  });

  it('refuses a revision the vehicle never had', () => {
    const [row] = planImport([rowOf(2, seven({ precio: 1 }), null, 9)], stock);
    expect(row?.tipo).toBe('error');
    expect(row?.errores.Revisión).toMatch(/va en la revisión 4/);
  });

  it('never publishes a car without photos: a new one is created as a draft, a draft stays one, and the row says so', () => {
    const plan = planImport(
      [
        rowOf(2, input({ referencia: 'N-1', estado: 'publicado' })),
        rowOf(3, input({ referencia: 'A-8', patente: 'BBCD12', duenosAnteriores: 2, estado: 'publicado' })),
        rowOf(4, seven({ estado: 'publicado', color: 'Negro' }), null, 4),
      ],
      stock,
    );
    expect(plan[0]).toMatchObject({
      tipo: 'nuevo',
      avisos: [expect.stringMatching(/Se crea como borrador/)],
    });
    expect(plan[0]?.input?.estado).toBe('borrador');
    expect(plan[1]).toMatchObject({
      tipo: 'sin_cambios',
      avisos: [expect.stringMatching(/Sigue como borrador/)],
    });
    // Already published, with photos: nothing to say.
    expect(plan[2]).toMatchObject({ tipo: 'actualiza', avisos: [] });
  });

  it('matches by patente, refuses it twice or held by another vehicle', () => {
    const plan = planImport(
      [
        rowOf(2, input({ patente: 'BBCD12', duenosAnteriores: 2 })),
        rowOf(3, input({ referencia: 'N-2', patente: 'ZZZZ99' })),
        rowOf(4, input({ referencia: 'N-3', patente: 'ZZZZ99' })),
        rowOf(5, seven({ patente: 'BBCD12' }), null, 4),
      ],
      stock,
    );
    expect(plan.map((r) => [r.tipo, r.ref])).toEqual([
      ['actualiza', 'REF-0008'],
      ['nuevo', null],
      ['error', null],
      ['error', 'REF-0007'],
    ]);
    // Found by its patente alone, the row clears the external reference the file leaves blank.
    expect(plan[0]?.cambios).toEqual([{ campo: 'Referencia externa', antes: 'A-8', despues: 'vacío' }]);
    expect(plan[2]?.errores.Patente).toBe('Fila duplicada: la fila 3 tiene la misma patente.');
    expect(plan[3]?.errores.Patente).toBe('Esta patente ya está registrada en el vehículo REF-0008.');
  });

  it('keeps the vehicle’s value for a column the file does not have, and judges the whole again', () => {
    const absent = new Set<keyof VehicleInput>([
      'patente',
      'duenosAnteriores',
      'descripcion',
      'puertas',
      'version',
      'vin',
    ]);
    const [kept] = planImport([rowOf(2, input({ referencia: 'A-8', color: 'Azul' }))], stock, { absent });
    expect(kept?.input).toMatchObject({ patente: 'BBCD12', duenosAnteriores: 2, color: 'Azul' });
    expect(kept?.cambios.map((c) => c.campo)).toEqual(['Color']);
    // Made new in the file while the stock says it had two owners: the form's own rule refuses it.
    const [nuevo] = planImport([rowOf(2, input({ referencia: 'A-8', condicion: 'Nuevo' }))], stock, {
      absent,
    });
    expect(nuevo?.errores['Dueños anteriores']).toMatch(/Un vehículo nuevo no tiene dueños anteriores/);
  });
});

describe('readRow: the dealer fields (ADR 0040)', () => {
  const withAll = readHeader([...HEAD, 'Patente', 'Puertas', 'Dueños anteriores', 'Descripción', 'Revisión']);
  if (!withAll.ok) throw new Error(withAll.message);
  const readAll = (extra: (string | number)[]) =>
    readRow(2, [...cells(), ...extra], withAll.columns, lookups, { format: 'csv', crearMarcas: false });

  it('reads the patente normalised, doors, owners, a description with its line breaks, and the revision', () => {
    const row = readAll(['bb·cd-12', '5', 1, 'Único dueño.\nMantenciones al día.', '3']);
    expect(row.errores).toEqual({});
    expect(row.input).toMatchObject({
      patente: 'BBCD12',
      puertas: 5,
      duenosAnteriores: 1,
      descripcion: 'Único dueño.\nMantenciones al día.',
    });
    expect(row.revision).toBe(3);
    expect(readAll(['', '', '', '', '']).input).toMatchObject({
      patente: null,
      puertas: null,
      descripcion: null,
    });
    expect(readAll(['', '', '', '', '']).revision).toBeNull();
  });

  it('gives the form’s Spanish sentences for a bad patente, doors, owners and revision', () => {
    const row = readAll(['ABC123', '9', 'muchos', 'x', 'tres']);
    expect(row.errores).toMatchObject({
      Patente: expect.stringMatching(/^Escribe la patente como BBCD·12/),
      Puertas: expect.stringMatching(/entre 2 y 6/),
      'Dueños anteriores': expect.stringMatching(/entre 0 y 15/),
      Revisión: expect.stringMatching(/la escribe la exportación/),
    });
  });
});

describe('CSV helpers', () => {
  it('neutralises formula-like text on export, not numbers', () => {
    expect(csvSafe('=cmd')).toBe("'=cmd");
    expect(csvSafe('@x')).toBe("'@x");
    expect(csvSafe('+56')).toBe("'+56");
    expect(csvSafe('-x')).toBe("'-x");
    expect(csvSafe('\tx')).toBe("'\tx");
    expect(csvSafe('\r=1')).toBe("'\r=1");
    expect(csvSafe('Corolla')).toBe('Corolla');
    expect(csvSafe(' =1')).toBe(' =1');
    expect(csvSafe(-5)).toBe('-5');
  });
  it('decodes UTF-8 (with or without BOM), else Windows-1252', () => {
    expect(decodeText(Buffer.from('\uFEFFAño', 'utf8'))).toBe('Año');
    expect(decodeText(Buffer.from('Año', 'utf8'))).toBe('Año');
    expect(decodeText(Buffer.from([0x41, 0xf1, 0x6f, 0x80, 0x93, 0x94, 0x96]))).toBe('Año€“”–');
  });
  it('detects the delimiter from the header line', () => {
    expect(detectDelimiter('Marca;Modelo;Año\n1,2,3,4,5')).toBe(';');
    expect(detectDelimiter('"a;b",Modelo,Año\n')).toBe(',');
    expect(detectDelimiter('\r\n\r\nMarca;Modelo,x;Año\n')).toBe(';');
  });
});
