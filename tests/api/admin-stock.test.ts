import type { StockList, StockVehicleDetail } from '@contracts/admin-stock.ts';
import { ApiErrorSchema, type Vehicle, type VehicleSummary } from '@contracts/vehicle.ts';
import { auditLog, features, images, leads, vehicleFeatures, vehicleImages, vehicles } from '@db/schema.ts';
import { and, count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { multipartBody } from '../support/csrf-client.ts';
import { createLookups, type LookupIds, makeJpeg } from '../support/factories.ts';
import { sellAs } from '../support/sales.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: SignedInStaff;
let ventas: SignedInStaff;
let lookups: LookupIds;
let featureIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t.app, 'admin');
  ventas = await signedInStaff(t.app, 'ventas');
  lookups = await createLookups(t.database.db, { brand: 'Toyota', transmission: 'Transmisión Automática' });
  const rows = await t.database.db
    .insert(features)
    .values([{ nombre: 'Cámara de retroceso' }, { nombre: 'Apple CarPlay' }, { nombre: 'Sunroof' }])
    .returning();
  featureIds = rows.map((r) => r.id);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const call = (method: Method, url: string, staff: SignedInStaff | null, payload?: unknown) =>
  callAs(t.app, method, url, staff, payload);

const valid = (overrides: Record<string, unknown> = {}) => ({
  marca: lookups.brandId,
  modelo: 'Corolla Cross',
  año: 2022,
  precio: 18_990_000,
  kilometraje: 35_000,
  condicion: 'Usado',
  transmision: lookups.transmissionId,
  combustible: lookups.fuelId,
  tipo: lookups.bodyTypeId,
  motor: '1.8 Híbrido',
  color: 'Gris plata',
  caracteristicas: [featureIds[0], featureIds[1]],
  destacado: true,
  estado: 'publicado',
  // These tests are about the form's other rules; the photo rule has its own (vehicle-dealer-fields.test.ts).
  publicarSinFotos: true,
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}, staff = ventas) {
  const response = await call('POST', '/admin/api/vehiculos', staff, valid(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { vehiculo: StockVehicleDetail }).vehiculo;
}

const publicSummary = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/vehiculos-resumen/' })).json() as VehicleSummary[];
const publicDetail = (id: number) => t.app.inject({ method: 'GET', url: `/api/vehiculos/${id}/` });

async function rows(table: typeof vehicles | typeof vehicleImages | typeof images | typeof auditLog) {
  return (await t.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;
}
const counts = async () => ({
  vehicles: await rows(vehicles),
  photos: await rows(vehicleImages),
  images: await rows(images),
  audit: await rows(auditLog),
});

async function lastAudit(action: string, entityId: number) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

function upload(id: number, files: Parameters<typeof multipartBody>[1], staff = ventas) {
  const { payload, contentType } = multipartBody({}, files);
  return t.app.inject({
    method: 'POST',
    url: `/admin/api/vehiculos/${id}/fotos`,
    payload,
    headers: { ...staff.headers, 'content-type': contentType },
  });
}
const jpeg = (name: string, data: Buffer) => ({
  field: 'fotos',
  filename: name,
  contentType: 'image/jpeg',
  data,
});

// ------------------------------------------------------------------ authorization

describe('authorization', () => {
  // Anonymous calls get 401 on every route: tests/api/admin-authorization.test.ts, from the route table.
  it('lets both roles manage the stock', async () => {
    for (const staff of [admin, ventas]) {
      expect((await call('GET', '/admin/api/vehiculos', staff)).statusCode).toBe(200);
      const vehicle = await create({ modelo: `Yaris ${staff.email}` }, staff);
      expect(
        (await call('PATCH', `/admin/api/vehiculos/${vehicle.id}`, staff, { destacado: false })).statusCode,
      ).toBe(200);
      expect((await call('DELETE', `/admin/api/vehiculos/${vehicle.id}`, staff)).statusCode).toBe(204);
    }
  });

  it.each([
    ['POST', '/admin/api/vehiculos'],
    ['PUT', '/admin/api/vehiculos/1'],
    ['DELETE', '/admin/api/vehiculos/1'],
    ['POST', '/admin/api/vehiculos/1/fotos'],
  ] as [Method, string][])(
    '%s %s without the CSRF token is refused with 403 and stores nothing',
    async (method, url) => {
      const before = await counts();
      const { cookie, origin } = ventas.headers;
      const response = await t.app.inject({ method, url, payload: valid(), headers: { cookie, origin } });
      expect(response.statusCode).toBe(403);
      expect(ApiErrorSchema.parse(response.json()).error).toMatch(/token CSRF/);
      expect(await counts()).toEqual(before);
    },
  );
});

// ------------------------------------------------------------------ list and detail

describe('GET /admin/api/vehiculos', () => {
  it('searches brand, model and reference, filters by status and sorts', async () => {
    const [a, b, c] = [
      await create({ modelo: 'Hilux Buscable', precio: 25_000_000, estado: 'publicado' }),
      await create({ modelo: 'Hilux Buscable GR', precio: 31_000_000, estado: 'borrador' }),
      await create({ modelo: 'Raize Buscable', precio: 15_000_000, estado: 'publicado' }),
    ];
    expect((await sellAs(t.app, ventas, c.id)).statusCode).toBe(201);
    const list = async (query: string) =>
      (await call('GET', `/admin/api/vehiculos?${query}`, ventas)).json() as StockList;

    const hilux = await list('q=toyota%20hilux%20buscable&orden=precio-desc');
    expect(hilux.items.map((v) => v.id)).toEqual([b.id, a.id]);
    expect(hilux.porEstado).toEqual({ todos: 2, borrador: 1, publicado: 1, vendido: 0 });

    expect((await list('q=buscable&estado=vendido')).items.map((v) => v.id)).toEqual([c.id]);
    expect((await list('q=buscable&orden=precio-asc')).items.map((v) => v.id)).toEqual([c.id, a.id, b.id]);
    expect((await list(`q=REF-${String(b.id).padStart(4, '0')}`)).items.map((v) => v.id)).toContain(b.id);

    const [first] = (await list('q=raize%20buscable')).items;
    expect(first).toMatchObject({
      marca: 'Toyota',
      estado: 'vendido',
      precio: 15_000_000,
      fotos: 0,
      foto: null,
    });
  });

  it('treats % and _ in the search as plain characters, and ignores unknown filters', async () => {
    const response = await call('GET', '/admin/api/vehiculos?q=%25&estado=otro&orden=nada&pagina=-3', ventas);
    expect(response.statusCode).toBe(200);
    expect((response.json() as StockList).items).toEqual([]);
  });

  it('GET /:id gives every field with feature ids, and 404 in Spanish for an unknown id', async () => {
    const created = await create();
    const response = await call('GET', `/admin/api/vehiculos/${created.id}`, ventas);
    const { publicarSinFotos: _, ...fields } = valid();
    expect(response.json().vehiculo).toMatchObject({
      ...fields,
      id: created.id,
      caracteristicas: [featureIds[0], featureIds[1]],
      fotos: [],
      nombre: 'Toyota Corolla Cross',
    });
    for (const url of ['/admin/api/vehiculos/999999', '/admin/api/vehiculos/abc']) {
      const missing = await call('GET', url, ventas);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe('El vehículo no existe o fue eliminado.');
    }
  });
});

// ------------------------------------------------------------------ create

describe('POST /admin/api/vehiculos', () => {
  it('creates a published vehicle that the public API shows at once, with an audit entry', async () => {
    await publicSummary(); // the catalogue is cached before the change
    const created = await create({ modelo: 'Corolla Público' });
    const summary = (await publicSummary()).find((v) => v.id === created.id);
    expect(summary).toMatchObject({
      marca: 'Toyota',
      modelo: 'Corolla Público',
      año: 2022,
      precio: '18990000.00',
      kilometraje: 35_000,
      transmision: 'Transmisión Automática',
      destacado: true,
      imagen: null,
    });
    const detail = (await publicDetail(created.id)).json() as Vehicle;
    expect(detail.caracteristicas).toEqual([{ nombre: 'Cámara de retroceso' }, { nombre: 'Apple CarPlay' }]);
    expect(detail.motor).toBe('1.8 Híbrido');

    const audit = await lastAudit('vehiculo_creado', created.id);
    expect(audit).toMatchObject({ actorId: ventas.id, entity: 'vehiculo' });
    expect(audit?.details).toMatchObject({
      vehiculo: 'Toyota Corolla Público',
      marca: 'Toyota',
      estado: 'publicado',
    });
    expect(audit?.details).toMatchObject({ actorEmail: ventas.email });
  });

  it('makes a draft by default, which the public site does not show', async () => {
    const { estado: _ignored, ...withoutStatus } = valid({ modelo: 'Corolla Borrador' });
    const response = await call('POST', '/admin/api/vehiculos', ventas, withoutStatus);
    expect(response.statusCode).toBe(201);
    const { vehiculo } = response.json() as { vehiculo: StockVehicleDetail };
    expect(vehiculo.estado).toBe('borrador');
    expect(response.headers.location).toBe(`/admin/api/vehiculos/${vehiculo.id}`);
    expect((await publicSummary()).some((v) => v.id === vehiculo.id)).toBe(false);
    expect((await publicDetail(vehiculo.id)).statusCode).toBe(404);
  });

  it('accepts a new car with 0 km and a price typed with thousands separators', async () => {
    const created = await create({
      condicion: 'Nuevo',
      kilometraje: '0',
      precio: '$12.990.000',
      año: '2025',
    });
    expect(created).toMatchObject({ condicion: 'Nuevo', kilometraje: 0, precio: 12_990_000, año: 2025 });
  });

  const nextYear = new Date().getFullYear() + 1;
  it.each([
    ['no model', { modelo: '  ' }, 'modelo', 'Ingresa el modelo.'],
    ['a year before 1950', { año: 1949 }, 'año', `El año debe estar entre 1950 y ${nextYear}.`],
    ['a year after next year', { año: nextYear + 1 }, 'año', `El año debe estar entre 1950 y ${nextYear}.`],
    ['a zero price', { precio: 0 }, 'precio', 'El precio debe ser mayor que cero.'],
    ['a price with cents', { precio: 12_990_000.5 }, 'precio', 'El precio va en pesos, sin decimales.'],
    [
      'a price as words',
      { precio: 'doce millones' },
      'precio',
      'Ingresa el precio en pesos, solo números (por ejemplo 12990000).',
    ],
    ['negative mileage', { kilometraje: -1 }, 'kilometraje', 'El kilometraje no puede ser negativo.'],
    [
      'an unknown condition',
      { condicion: 'Seminuevo' },
      'condicion',
      'Selecciona la condición: Nuevo o Usado.',
    ],
    ['a brand that is not an id', { marca: 'toyota' }, 'marca', 'Selecciona una marca de la lista.'],
    [
      'an unknown status',
      { estado: 'reservado' },
      'estado',
      'Selecciona un estado: borrador, publicado o vendido.',
    ],
    ['a model on two lines', { modelo: 'Corolla\nCross' }, 'modelo', 'El modelo debe ser una sola línea.'],
  ])('refuses %s with a Spanish field error and stores nothing', async (_case, change, field, message) => {
    const before = await counts();
    const response = await call('POST', '/admin/api/vehiculos', ventas, valid(change));
    expect(response.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(response.json());
    expect(body.error).toBe('Revisa los datos del vehículo.');
    expect(body.campos?.[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['brand', { marca: 999_999 }, 'marca', /La marca elegida ya no existe/],
    ['transmission', { transmision: 999_999 }, 'transmision', /La transmisión elegida ya no existe/],
    ['feature', { caracteristicas: [999_999] }, 'caracteristicas', /características elegidas ya no existe/],
  ])(
    'refuses an unknown %s id as a field error and stores nothing',
    async (_case, change, field, message) => {
      const before = await counts();
      const response = await call('POST', '/admin/api/vehiculos', ventas, valid(change));
      expect(response.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(response.json()).campos?.[field]).toMatch(message);
      expect(await counts()).toEqual(before);
    },
  );

  it('refuses a body that is not a JSON object', async () => {
    const response = await call('POST', '/admin/api/vehiculos', ventas, [1, 2]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('El cuerpo de la solicitud debe ser un objeto JSON.');
  });
});

// ------------------------------------------------------------------ edit

describe('PUT and PATCH /admin/api/vehiculos/:id', () => {
  it('edits every field; the public API shows the change at once; the audit tells before and after', async () => {
    const created = await create({ modelo: 'RAV4 Editable' });
    const other = await createLookups(t.database.db, { brand: 'Kia' });
    await publicDetail(created.id); // cached
    const response = await call(
      'PUT',
      `/admin/api/vehiculos/${created.id}`,
      admin,
      valid({
        ...other,
        marca: other.brandId,
        transmision: other.transmissionId,
        combustible: other.fuelId,
        tipo: other.bodyTypeId,
        modelo: 'Sportage',
        año: 2021,
        precio: 16_490_000,
        kilometraje: 51_000,
        motor: '2.0',
        color: 'Azul',
        caracteristicas: [featureIds[2]],
        destacado: false,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { cambios } = response.json() as { cambios: string[] };
    expect(cambios.sort()).toEqual(
      [
        'año',
        'caracteristicas',
        'color',
        'combustible',
        'destacado',
        'kilometraje',
        'marca',
        'modelo',
        'motor',
        'precio',
        'tipo',
        'transmision',
      ].sort(),
    );
    const detail = (await publicDetail(created.id)).json() as Vehicle;
    expect(detail).toMatchObject({
      marca: { id: other.brandId, nombre: 'Kia' },
      modelo: 'Sportage',
      año: 2021,
      precio: '16490000.00',
      kilometraje: 51_000,
      motor: '2.0',
      color: 'Azul',
      destacado: false,
      caracteristicas: [{ nombre: 'Sunroof' }],
    });
    const audit = await lastAudit('vehiculo_editado', created.id);
    expect(audit?.actorId).toBe(admin.id);
    expect(audit?.details).toMatchObject({
      vehiculo: 'Kia Sportage',
      cambios: {
        precio: { antes: 18_990_000, despues: 16_490_000 },
        marca: { antes: 'Toyota', despues: 'Kia' },
        caracteristicas: { antes: ['Cámara de retroceso', 'Apple CarPlay'], despues: ['Sunroof'] },
      },
    });
  });

  it('takes a vehicle off the site when it goes back to borrador or is sold (PATCH)', async () => {
    const created = await create();
    expect((await publicDetail(created.id)).statusCode).toBe(200);
    const draft = await call(
      'PUT',
      `/admin/api/vehiculos/${created.id}`,
      ventas,
      valid({ estado: 'borrador' }),
    );
    expect(draft.json().cambios).toEqual(['estado']);
    expect((await publicDetail(created.id)).statusCode).toBe(404);

    await call('PATCH', `/admin/api/vehiculos/${created.id}`, ventas, {
      estado: 'publicado',
      publicarSinFotos: true,
    });
    expect((await publicSummary()).some((v) => v.id === created.id)).toBe(true);
    expect((await sellAs(t.app, ventas, created.id)).statusCode).toBe(201);
    const sold = await call('GET', `/admin/api/vehiculos/${created.id}`, ventas);
    expect(sold.json().vehiculo).toMatchObject({ estado: 'vendido', vendido: expect.any(String) });
    expect((await publicSummary()).some((v) => v.id === created.id)).toBe(false);
    const [row] = await t.database.db.select().from(vehicles).where(eq(vehicles.id, created.id));
    expect(row?.soldAt).toBeInstanceOf(Date);
    expect(row?.publishedAt).toBeInstanceOf(Date);
  });

  it('writes nothing, not even an audit entry, when nothing changed', async () => {
    const created = await create();
    const before = await counts();
    const response = await call('PUT', `/admin/api/vehiculos/${created.id}`, ventas, valid());
    expect(response.statusCode).toBe(200);
    expect(response.json().cambios).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('refuses invalid changes and keeps the vehicle as it was', async () => {
    const created = await create();
    const before = await counts();
    const put = await call(
      'PUT',
      `/admin/api/vehiculos/${created.id}`,
      ventas,
      valid({ precio: -5, marca: 999_999 }),
    );
    expect(put.statusCode).toBe(400);
    expect(put.json().campos.precio).toBe('El precio debe ser mayor que cero.');
    const unknownRef = await call(
      'PUT',
      `/admin/api/vehiculos/${created.id}`,
      ventas,
      valid({ tipo: 999_999 }),
    );
    expect(unknownRef.json().campos.tipo).toMatch(/El tipo de carrocería elegido ya no existe/);
    const patch = await call('PATCH', `/admin/api/vehiculos/${created.id}`, ventas, {});
    expect(patch.json().campos.estado).toBe('Indica el nuevo estado o si es destacado.');
    expect(await counts()).toEqual(before);
    const [row] = await t.database.db.select().from(vehicles).where(eq(vehicles.id, created.id));
    expect(row).toMatchObject({ price: 18_990_000, bodyTypeId: lookups.bodyTypeId });
  });

  it('answers 404 for a vehicle that does not exist', async () => {
    const response = await call('PUT', '/admin/api/vehiculos/999999', ventas, valid());
    expect(response.statusCode).toBe(404);
  });
});

// ------------------------------------------------------------------ delete

describe('DELETE /admin/api/vehiculos/:id', () => {
  it('deletes the vehicle, its features, photos and their unshared image bytes, with an audit entry', async () => {
    const created = await create({ modelo: 'Para borrar' });
    expect((await upload(created.id, [jpeg('a.jpg', await makeJpeg(640, 480, '#123456'))])).statusCode).toBe(
      201,
    );
    const imagesBefore = await rows(images);
    await publicSummary();
    const response = await call('DELETE', `/admin/api/vehiculos/${created.id}`, admin);
    expect(response.statusCode).toBe(204);
    expect((await publicDetail(created.id)).statusCode).toBe(404);
    expect((await publicSummary()).some((v) => v.id === created.id)).toBe(false);
    const db = t.database.db;
    expect(await db.select().from(vehicles).where(eq(vehicles.id, created.id))).toEqual([]);
    expect(await db.select().from(vehicleFeatures).where(eq(vehicleFeatures.vehicleId, created.id))).toEqual(
      [],
    );
    expect(await rows(images)).toBe(imagesBefore - 1);
    const audit = await lastAudit('vehiculo_eliminado', created.id);
    expect(audit).toMatchObject({
      actorId: admin.id,
      details: expect.objectContaining({ vehiculo: 'Toyota Para borrar', fotos: 1 }),
    });
    expect((await call('DELETE', `/admin/api/vehiculos/${created.id}`, admin)).statusCode).toBe(404);
  });

  it('refuses with 409 a vehicle that leads ask about, so no lead loses its vehicle', async () => {
    const created = await create();
    await t.database.db.insert(leads).values({
      kind: 'vehiculo',
      name: 'Carla Pérez',
      email: 'carla@example.cl',
      vehicleId: created.id,
      dueAt: new Date(Date.now() + 86_400_000),
    });
    const before = await counts();
    const response = await call('DELETE', `/admin/api/vehiculos/${created.id}`, ventas);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(
      'No se puede eliminar: 1 solicitud se refiere a este vehículo y perderían ese dato. Márcalo como vendido para retirarlo del sitio.',
    );
    expect(await counts()).toEqual(before);
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.vehicleId, created.id));
    expect(lead?.name).toBe('Carla Pérez');
  });
});

// ------------------------------------------------------------------ photos

describe('photos', () => {
  let vehicle: StockVehicleDetail;
  let red: Buffer;
  let green: Buffer;
  let shade = 0;
  beforeEach(async () => {
    vehicle = await create({ modelo: 'Con fotos' });
    // Pictures unique to each test: images are shared by content, and earlier tests keep theirs.
    shade += 8;
    red = await makeJpeg(1200, 800, `#${(0xa01010 + shade).toString(16)}`);
    green = await makeJpeg(1000, 700, `#${(0x10a010 + shade).toString(16)}`);
  });

  it('uploads several at once through the image pipeline (metadata removed); the first becomes the public main photo', async () => {
    const withGps = await sharp(red)
      .withExif({ IFD0: { Make: 'Telefono' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 26/1 0/1' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const response = await upload(vehicle.id, [jpeg('frente.jpg', withGps), jpeg('lado.jpg', green)]);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as { vehiculo: StockVehicleDetail; agregadas: number[] };
    expect(body.vehiculo.fotos.map((f) => f.id)).toEqual(body.agregadas);
    expect(body.vehiculo.fotos[0]?.url).toMatch(
      /^https:\/\/autos\.example\.cl\/media\/[0-9a-f]{32}\/\d+\.jpg$/,
    );

    const [stored] = await t.database.db
      .select()
      .from(images)
      .where(eq(images.id, body.agregadas[0] ?? 0));
    const metadata = await sharp(stored?.data).metadata();
    expect(metadata.exif).toBeUndefined();

    const summary = (await publicSummary()).find((v) => v.id === vehicle.id);
    expect(summary?.imagen).toBe(body.vehiculo.fotos[0]?.url);
    const audit = await lastAudit('fotos_agregadas', vehicle.id);
    expect(audit?.details).toMatchObject({ cantidad: 2, fotos: body.agregadas });
  });

  it('refuses a text file named .jpg and stores none of the upload (all or nothing)', async () => {
    const before = await counts();
    const response = await upload(vehicle.id, [
      jpeg('bien.jpg', red),
      jpeg('notas.jpg', Buffer.from('esto no es una foto, es texto')),
    ]);
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).campos?.fotos).toBe(
      'Foto 2 (notas.jpg): El archivo no es una imagen válida.',
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses the same picture twice, more files than allowed, an oversized file and a wrong field', async () => {
    const before = await counts();
    const twice = await upload(vehicle.id, [jpeg('a.jpg', red), jpeg('b.jpg', red)]);
    expect(twice.json().campos.fotos).toBe('Foto 2: es la misma imagen que la foto 1.');

    const tooMany = await upload(
      vehicle.id,
      Array.from({ length: 11 }, (_, i) => jpeg(`${i}.jpg`, red)),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().campos.fotos).toBe('Puedes subir hasta 10 fotos a la vez.');

    const huge = await upload(vehicle.id, [jpeg('grande.jpg', Buffer.alloc(5 * 1024 * 1024 + 1, 1))]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe('Cada foto puede pesar hasta 5 MB.');

    const wrongField = await upload(vehicle.id, [{ ...jpeg('a.jpg', red), field: 'images' }]);
    expect(wrongField.json().campos.fotos).toBe('Las fotos deben enviarse en el campo fotos.');

    const none = await upload(vehicle.id, []);
    expect(none.json().campos.fotos).toBe('Elige al menos una foto.');

    const json = await call('POST', `/admin/api/vehiculos/${vehicle.id}/fotos`, ventas, { fotos: [] });
    expect(json.statusCode).toBe(415);
    expect(await counts()).toEqual(before);
  });

  it('refuses a photo the vehicle already has, and an upload to a vehicle that does not exist', async () => {
    expect((await upload(vehicle.id, [jpeg('a.jpg', red)])).statusCode).toBe(201);
    const before = await counts();
    const again = await upload(vehicle.id, [jpeg('b.jpg', green), jpeg('a.jpg', red)]);
    expect(again.statusCode).toBe(400);
    expect(again.json().campos.fotos).toBe('Foto 2: el vehículo ya tiene esta foto.');
    expect((await upload(999_999, [jpeg('a.jpg', green)])).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('reorders with the full list: the new first photo is the public main image; audit written', async () => {
    const added = (await upload(vehicle.id, [jpeg('a.jpg', red), jpeg('b.jpg', green)])).json() as {
      vehiculo: StockVehicleDetail;
    };
    const [first, second] = added.vehiculo.fotos;
    if (!first || !second) throw new Error('two photos expected');
    await publicSummary();
    const response = await call('PUT', `/admin/api/vehiculos/${vehicle.id}/fotos/orden`, ventas, {
      fotos: [second.id, first.id],
    });
    expect(response.statusCode).toBe(200);
    expect((response.json().vehiculo as StockVehicleDetail).fotos.map((f) => f.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect((await publicSummary()).find((v) => v.id === vehicle.id)?.imagen).toBe(second.url);
    expect(((await publicDetail(vehicle.id)).json() as Vehicle).imagenes.map((i) => i.imagen)).toEqual([
      second.url,
      first.url,
    ]);
    expect((await lastAudit('fotos_reordenadas', vehicle.id))?.details).toMatchObject({
      antes: [first.id, second.id],
      despues: [second.id, first.id],
    });

    const before = await counts();
    for (const fotos of [[second.id], [second.id, second.id], [second.id, first.id, 999_999], []]) {
      const bad = await call('PUT', `/admin/api/vehiculos/${vehicle.id}/fotos/orden`, ventas, { fotos });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().campos.fotos).toBeTruthy();
    }
    // Ids that are not ids are refused in the same Spanish words, whichever rule they break.
    for (const fotos of [[-1], [1.5], ['x'], [2 ** 31]]) {
      const bad = await call('PUT', `/admin/api/vehiculos/${vehicle.id}/fotos/orden`, ventas, { fotos });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().campos).toEqual({ fotos: 'Envía la lista completa de fotos en el nuevo orden.' });
    }
    expect(await counts()).toEqual(before);
  });

  it('deletes one photo: the next becomes the main one, the unshared bytes go, audit written', async () => {
    const added = (await upload(vehicle.id, [jpeg('a.jpg', red), jpeg('b.jpg', green)])).json() as {
      vehiculo: StockVehicleDetail;
    };
    const [first, second] = added.vehiculo.fotos;
    if (!first || !second) throw new Error('two photos expected');
    const imagesBefore = await rows(images);
    const response = await call('DELETE', `/admin/api/vehiculos/${vehicle.id}/fotos/${first.id}`, ventas);
    expect(response.statusCode).toBe(204);
    expect((await publicSummary()).find((v) => v.id === vehicle.id)?.imagen).toBe(second.url);
    expect(await rows(images)).toBe(imagesBefore - 1);
    const [position] = await t.database.db
      .select({ position: vehicleImages.position })
      .from(vehicleImages)
      .where(eq(vehicleImages.vehicleId, vehicle.id));
    expect(position?.position).toBe(0);
    expect((await lastAudit('foto_eliminada', vehicle.id))?.details).toMatchObject({
      foto: first.id,
      principal: true,
    });
    const again = await call('DELETE', `/admin/api/vehiculos/${vehicle.id}/fotos/${first.id}`, ventas);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('La foto no existe o ya fue eliminada.');
  });

  it('keeps image bytes another vehicle still shows when one vehicle drops the photo', async () => {
    const other = await create({ modelo: 'Con la misma foto' });
    const [mine, theirs] = [
      await upload(vehicle.id, [jpeg('a.jpg', red)]),
      await upload(other.id, [jpeg('a.jpg', red)]),
    ];
    const shared = (mine.json() as { agregadas: number[] }).agregadas[0] ?? 0;
    expect(theirs.json().agregadas).toEqual([shared]);
    expect(
      (await call('DELETE', `/admin/api/vehiculos/${vehicle.id}/fotos/${shared}`, ventas)).statusCode,
    ).toBe(204);
    expect(
      await t.database.db.select({ id: images.id }).from(images).where(eq(images.id, shared)),
    ).toHaveLength(1);
    expect((await call('DELETE', `/admin/api/vehiculos/${other.id}`, ventas)).statusCode).toBe(204);
    expect(
      await t.database.db.select({ id: images.id }).from(images).where(eq(images.id, shared)),
    ).toHaveLength(0);
  });
});
