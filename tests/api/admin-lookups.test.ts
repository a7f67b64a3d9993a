import type { LookupKind } from '@contracts/admin-lookups.ts';
import type { LookupItem, StockLookups } from '@contracts/admin-stock.ts';
import { ApiErrorSchema, type Vehicle } from '@contracts/vehicle.ts';
import { auditLog, bodyTypes, brands, features, fuels, transmissions } from '@db/schema.ts';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookups, createVehicle, type LookupIds } from '../support/factories.ts';
import { callAs, type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: SignedInStaff;
let ventas: SignedInStaff;
let lookups: LookupIds;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t.app, 'admin');
  ventas = await signedInStaff(t.app, 'ventas');
  lookups = await createLookups(t.database.db, { brand: 'Toyota', transmission: 'Transmisión Automática' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, staff: SignedInStaff, payload?: unknown) =>
  callAs(t.app, method, url, staff, payload);

const TABLE = {
  marcas: brands,
  tipos: bodyTypes,
  combustibles: fuels,
  transmisiones: transmissions,
  caracteristicas: features,
};
async function rowCount(kind: LookupKind) {
  return (await t.database.db.select({ n: count() }).from(TABLE[kind]))[0]?.n ?? 0;
}
async function auditCount() {
  return (await t.database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;
}
async function lastAudit(action: string) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}
async function list(kind: LookupKind): Promise<LookupItem[]> {
  return ((await call('GET', `/admin/api/listas/${kind}`, ventas)).json() as { items: LookupItem[] }).items;
}

/** The public lookup endpoints of docs/api.md (features have none: they show on the vehicle). */
const PUBLIC: Partial<Record<LookupKind, { url: string; key: 'nombre' | 'tipo' }>> = {
  marcas: { url: '/api/marcas/', key: 'nombre' },
  tipos: { url: '/api/tipovehiculo/', key: 'nombre' },
  combustibles: { url: '/api/combustibles/', key: 'tipo' },
  transmisiones: { url: '/api/transmision/', key: 'tipo' },
};
async function publicNames(kind: LookupKind): Promise<string[]> {
  const target = PUBLIC[kind];
  if (!target) return [];
  const body = (await t.app.inject({ method: 'GET', url: target.url })).json() as Record<string, string>[];
  return body.map((entry) => entry[target.key] ?? '');
}

describe('authorization', () => {
  // Anonymous calls get 401 on every route: tests/api/admin-authorization.test.ts, from the route table.
  it('lets both roles edit the lists', async () => {
    for (const [staff, name] of [
      [admin, 'Subaru'],
      [ventas, 'Suzuki'],
    ] as const) {
      const response = await call('POST', '/admin/api/listas/marcas', staff, { nombre: name });
      expect(response.statusCode).toBe(201);
    }
  });

  it('refuses a change without the CSRF token (403) and stores nothing', async () => {
    const before = await rowCount('marcas');
    const { cookie, origin } = ventas.headers;
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin/api/listas/marcas',
      payload: { nombre: 'Lada' },
      headers: { cookie, origin },
    });
    expect(response.statusCode).toBe(403);
    expect(await rowCount('marcas')).toBe(before);
  });

  it('answers 404 in Spanish for a list that does not exist', async () => {
    const response = await call('POST', '/admin/api/listas/colores', ventas, { nombre: 'Rojo' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/^Esa lista no existe/);
  });
});

describe('create', () => {
  it.each([
    ['marcas', 'Peugeot', 'Peugeot'],
    ['tipos', 'Furgón', 'Furgón'],
    ['combustibles', 'Hidrógeno', 'Hidrógeno'],
    ['transmisiones', 'CVT', 'Transmisión CVT'],
    ['caracteristicas', 'Techo   panorámico', 'Techo panorámico'],
  ] as [LookupKind, string, string][])(
    'adds to %s, shown at once on the public API, with an audit entry',
    async (kind, typed, stored) => {
      await publicNames(kind); // cached before the change
      const response = await call('POST', `/admin/api/listas/${kind}`, ventas, { nombre: typed });
      expect(response.statusCode).toBe(201);
      const { item } = response.json() as { item: LookupItem };
      expect(item).toEqual({ id: expect.any(Number), nombre: stored, vehiculos: 0 });
      expect(await list(kind)).toContainEqual(item);
      if (PUBLIC[kind]) expect(await publicNames(kind)).toContain(stored);
      expect(await lastAudit('lista_creada')).toMatchObject({
        actorId: ventas.id,
        entity: 'lista',
        entityId: `${kind}:${item.id}`,
        details: expect.objectContaining({ lista: kind, nombre: stored }),
      });
    },
  );

  it.each([
    ['marcas', 'toyota', 'Ya existe la marca «Toyota».'],
    ['transmisiones', 'automática', 'Ya existe la transmisión «Transmisión Automática».'],
    ['transmisiones', 'transmisión  Automática', 'Ya existe la transmisión «Transmisión Automática».'],
  ] as [LookupKind, string, string][])(
    'refuses a duplicate in %s regardless of case or prefix (%s), storing nothing',
    async (kind, typed, message) => {
      const [before, audits] = [await rowCount(kind), await auditCount()];
      const response = await call('POST', `/admin/api/listas/${kind}`, ventas, { nombre: typed });
      expect(response.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(response.json()).campos?.nombre).toBe(message);
      expect([await rowCount(kind), await auditCount()]).toEqual([before, audits]);
    },
  );

  it.each([
    [{ nombre: '   ' }, 'Ingresa el nombre.'],
    [{ nombre: 'x'.repeat(61) }, 'El nombre admite hasta 60 caracteres.'],
    [{}, 'Ingresa el nombre.'],
  ])('refuses an invalid name %j with a Spanish field error', async (payload, message) => {
    const before = await rowCount('marcas');
    const response = await call('POST', '/admin/api/listas/marcas', ventas, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().campos.nombre).toBe(message);
    expect(await rowCount('marcas')).toBe(before);
  });
});

describe('rename', () => {
  it('renames, and the vehicles that use it show the new name at once', async () => {
    const ids = await createLookups(t.database.db, { brand: 'Chevrolet' });
    const vehicle = await createVehicle(t.database.db, { lookups: ids, status: 'published' });
    await t.app.inject({ method: 'GET', url: `/api/vehiculos/${vehicle.id}/` }); // cached
    const response = await call('PUT', `/admin/api/listas/marcas/${ids.brandId}`, admin, {
      nombre: 'Chevrolet Motors',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().item).toEqual({ id: ids.brandId, nombre: 'Chevrolet Motors', vehiculos: 1 });
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/vehiculos/${vehicle.id}/` })
    ).json() as Vehicle;
    expect(detail.marca.nombre).toBe('Chevrolet Motors');
    expect((await lastAudit('lista_editada'))?.details).toMatchObject({
      lista: 'marcas',
      antes: 'Chevrolet',
      despues: 'Chevrolet Motors',
    });
  });

  it('refuses a name another entry has, and an entry that does not exist', async () => {
    const ids = await createLookups(t.database.db, { brand: 'Nissan' });
    const clash = await call('PUT', `/admin/api/listas/marcas/${ids.brandId}`, ventas, { nombre: 'TOYOTA' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().campos.nombre).toBe('Ya existe la marca «Toyota».');
    const [row] = await t.database.db.select().from(brands).where(eq(brands.id, ids.brandId));
    expect(row?.nombre).toBe('Nissan');
    const missing = await call('PUT', '/admin/api/listas/tipos/999999', ventas, { nombre: 'Cupé' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('El tipo de carrocería no existe o fue eliminado.');
  });

  it('may change only the case of a name', async () => {
    const ids = await createLookups(t.database.db, { brand: 'mazda' });
    const response = await call('PUT', `/admin/api/listas/marcas/${ids.brandId}`, ventas, {
      nombre: 'Mazda',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().item.nombre).toBe('Mazda');
  });
});

describe('delete', () => {
  it('refuses with 409 an entry vehicles use (drafts too), saying how many', async () => {
    const ids = await createLookups(t.database.db, { brand: 'Hyundai' });
    await createVehicle(t.database.db, {
      lookups: ids,
      status: 'published',
      features: ['Llantas de aleación'],
    });
    await createVehicle(t.database.db, { lookups: ids, status: 'draft' });
    const [before, audits] = [await rowCount('marcas'), await auditCount()];
    const response = await call('DELETE', `/admin/api/listas/marcas/${ids.brandId}`, ventas);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(
      'No se puede eliminar «Hyundai»: está en uso en 2 vehículos. Cambia esos vehículos a otra marca primero.',
    );
    expect([await rowCount('marcas'), await auditCount()]).toEqual([before, audits]);
    expect((await list('marcas')).find((b) => b.id === ids.brandId)?.vehiculos).toBe(2);

    const feature = (await list('caracteristicas')).find((f) => f.nombre === 'Llantas de aleación');
    const featureResponse = await call('DELETE', `/admin/api/listas/caracteristicas/${feature?.id}`, ventas);
    expect(featureResponse.statusCode).toBe(409);
    expect(featureResponse.json().error).toBe(
      'No se puede eliminar «Llantas de aleación»: está en uso en 1 vehículo. Quítala de ese vehículo primero.',
    );
  });

  it('deletes an unused entry: gone from the public API at once, with an audit entry', async () => {
    const created = (
      await call('POST', '/admin/api/listas/combustibles', ventas, { nombre: 'Etanol' })
    ).json() as {
      item: LookupItem;
    };
    expect(await publicNames('combustibles')).toContain('Etanol');
    const response = await call('DELETE', `/admin/api/listas/combustibles/${created.item.id}`, admin);
    expect(response.statusCode).toBe(204);
    expect(await publicNames('combustibles')).not.toContain('Etanol');
    expect(await lastAudit('lista_eliminada')).toMatchObject({
      actorId: admin.id,
      entityId: `combustibles:${created.item.id}`,
      details: expect.objectContaining({ nombre: 'Etanol' }),
    });
    const again = await call('DELETE', `/admin/api/listas/combustibles/${created.item.id}`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('El combustible no existe o fue eliminado.');
  });
});

describe('GET /admin/api/listas', () => {
  it('gives the five lists, alphabetical, with how many vehicles use each entry', async () => {
    const { listas } = (await call('GET', '/admin/api/listas', ventas)).json() as { listas: StockLookups };
    expect(Object.keys(listas).sort()).toEqual([
      'caracteristicas',
      'combustibles',
      'marcas',
      'tipos',
      'transmisiones',
    ]);
    const names = listas.marcas.map((b) => b.nombre);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es-CL', { sensitivity: 'base' })));
    expect(listas.marcas.find((b) => b.id === lookups.brandId)).toEqual({
      id: lookups.brandId,
      nombre: 'Toyota',
      vehiculos: 0,
    });
  });
});
