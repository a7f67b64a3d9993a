import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  ApiErrorSchema,
  BodyTypeSchema,
  BrandSchema,
  FuelSchema,
  TransmissionSchema,
  VehicleSchema,
  VehicleSummarySchema,
} from '@contracts/vehicle.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookups, createVehicle, type LookupIds } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let lookups: LookupIds;
let published: Awaited<ReturnType<typeof createVehicle>>;
let featured: Awaited<ReturnType<typeof createVehicle>>;
let draft: Awaited<ReturnType<typeof createVehicle>>;
let sold: Awaited<ReturnType<typeof createVehicle>>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  lookups = await createLookups(db, {
    brand: 'Toyota',
    bodyType: 'SUV',
    fuel: 'Híbrido',
    transmission: 'Transmisión Automática',
  });
  published = await createVehicle(db, {
    lookups,
    model: 'Corolla Cross',
    year: 2022,
    price: 24_990_000,
    mileage: 31_500,
    features: ['Bluetooth', 'Cámara de retroceso'],
    photos: 2,
  });
  featured = await createVehicle(db, {
    lookups,
    model: 'RAV4',
    featured: true,
    condition: 'Nuevo',
    mileage: 0,
  });
  draft = await createVehicle(db, { lookups, model: 'Borrador', status: 'draft' });
  sold = await createVehicle(db, { lookups, model: 'Vendido', status: 'sold', featured: true });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /api/vehiculos/', () => {
  it('lists only published vehicles in the exact shape of docs/api.md', async () => {
    const response = await get('/api/vehiculos/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const body = response.json() as unknown[];
    const vehicles = body.map((v) => VehicleSchema.strict().parse(v));
    expect(vehicles.map((v) => v.id).sort()).toEqual([published.id, featured.id].sort());
    expect(vehicles.map((v) => v.id)).not.toContain(draft.id);
    expect(vehicles.map((v) => v.id)).not.toContain(sold.id);
  });

  it('sends every field with the values stored', async () => {
    const body = (await get('/api/vehiculos/')).json() as Array<Record<string, unknown>>;
    const vehicle = body.find((v) => v.id === published.id);
    expect(vehicle).toMatchObject({
      marca: { id: lookups.brandId, nombre: 'Toyota' },
      modelo: 'Corolla Cross',
      año: 2022,
      precio: '24990000.00',
      kilometraje: 31_500,
      condicion: 'Usado',
      combustible: { id: lookups.fuelId, tipo: 'Híbrido' },
      transmision: { id: lookups.transmissionId, tipo: 'Transmisión Automática' },
      tipo: { id: lookups.bodyTypeId, nombre: 'SUV' },
      motor: '1.6',
      color: 'Rojo',
      caracteristicas: [{ nombre: 'Bluetooth' }, { nombre: 'Cámara de retroceso' }],
      destacado: false,
    });
    const images = vehicle?.imagenes as Array<{ imagen: string }>;
    expect(images).toHaveLength(2);
    expect(images[0]?.imagen).toBe(`https://autos.example.cl/media/${published.images[0]?.hash}/1200.jpg`);
  });

  it('filters the featured vehicles with ?destacado=true', async () => {
    const body = (await get('/api/vehiculos/?destacado=true')).json() as Array<{ id: number }>;
    expect(body.map((v) => v.id)).toEqual([featured.id]);
  });

  it('refuses a destacado value that is not a boolean, in Spanish', async () => {
    const response = await get('/api/vehiculos/?destacado=quizas');
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).error).toMatch(/destacado/);
  });

  it('answers a repeated request with 304 while nothing changed, and a new ETag after a write', async () => {
    const first = await get('/api/vehiculos/');
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect((await get('/api/vehiculos/', { 'if-none-match': etag })).statusCode).toBe(304);

    const extra = await createVehicle(t.database.db, { lookups, model: 'Hilux' });
    t.app.services.catalogue.invalidate();
    const after = await get('/api/vehiculos/', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect((after.json() as Array<{ id: number }>).map((v) => v.id)).toContain(extra.id);
  });
});

describe('GET /api/vehiculos/{id}/', () => {
  it('returns one published vehicle', async () => {
    const response = await get(`/api/vehiculos/${published.id}/`);
    expect(response.statusCode).toBe(200);
    expect(VehicleSchema.strict().parse(response.json()).modelo).toBe('Corolla Cross');
  });

  it.each([
    ['an unknown id', '987654'],
    ['a draft', 'DRAFT'],
    ['a sold vehicle', 'SOLD'],
  ])('answers 404 with a Spanish error for %s', async (_case, id) => {
    const real = id === 'DRAFT' ? draft.id : id === 'SOLD' ? sold.id : id;
    const response = await get(`/api/vehiculos/${real}/`);
    expect(response.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(response.json()).error).toBe('Vehículo no encontrado.');
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '1e3', '%20'])('answers 400 for the id %j', async (id) => {
    const response = await get(`/api/vehiculos/${id}/`);
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).error).toMatch(/número entero positivo/);
  });
});

describe('GET /api/vehiculos-resumen/', () => {
  it('carries marca, modelo, imagen, combustible, transmision and tipo as plain values', async () => {
    const response = await get('/api/vehiculos-resumen/');
    expect(response.statusCode).toBe(200);
    const summaries = (response.json() as unknown[]).map((s) => VehicleSummarySchema.strict().parse(s));
    const summary = summaries.find((s) => s.id === published.id);
    expect(summary).toMatchObject({
      marca: 'Toyota',
      modelo: 'Corolla Cross',
      combustible: 'Híbrido',
      transmision: 'Transmisión Automática',
      tipo: 'SUV',
      precio: '24990000.00',
    });
    expect(summary?.imagen).toMatch(/^https:\/\/autos\.example\.cl\/media\/[0-9a-f]{32}\/1200\.jpg$/);
    expect(summaries.find((s) => s.id === featured.id)?.imagen).toBeNull();
    expect(summaries.map((s) => s.id)).not.toContain(draft.id);
  });
});

describe('lookup lists', () => {
  it.each([
    ['/api/marcas/', BrandSchema, 'nombre', 'Toyota'],
    ['/api/tipovehiculo/', BodyTypeSchema, 'nombre', 'SUV'],
    ['/api/combustibles/', FuelSchema, 'tipo', 'Híbrido'],
    ['/api/transmision/', TransmissionSchema, 'tipo', 'Transmisión Automática'],
  ] as const)('%s lists its rows with the field name of the contract', async (url, schema, field, value) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    const rows = (response.json() as unknown[]).map((row) => schema.strict().parse(row));
    expect(rows.map((row) => (row as Record<string, unknown>)[field])).toContain(value);
  });

  it('also answers without the trailing slash', async () => {
    expect((await get('/api/marcas')).statusCode).toBe(200);
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON with a Spanish error, never a page', async () => {
    const response = await get('/api/no-existe/');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(ApiErrorSchema.parse(response.json()).error).toBe('Recurso no encontrado.');
  });
});

describe('GET /healthz', () => {
  it('reports the database as reachable', async () => {
    const response = await get('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('request ids', () => {
  it('answers every request with a server-chosen X-Request-Id', async () => {
    const response = await get('/api/marcas/', { 'x-request-id': 'elegido-por-el-cliente' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('compression', () => {
  it('compresses JSON for clients that accept it and keeps the ETag', async () => {
    const response = await get('/api/vehiculos/', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.etag).toBeDefined();
    const plain = await get('/api/vehiculos/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(plain.body);
  });

  it("honours the client's choice: gzip only, br refused with q=0, nothing", async () => {
    const plain = (await get('/api/vehiculos/')).body;
    for (const [accept, expected] of [
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await get('/api/vehiculos/', { 'accept-encoding': accept });
      expect(response.headers['content-encoding'], accept).toBe(expected);
      expect(response.headers.vary, accept).toContain('Accept-Encoding');
      const body = expected === 'gzip' ? gunzipSync(response.rawPayload).toString() : response.body;
      expect(body, accept).toBe(plain);
    }
  });
});
