import type { AuditEntryView, AuditPage } from '@contracts/admin-staff.ts';
import { auditLog, vehicles } from '@db/schema.ts';
import { chileDayStart } from '@domain/chile-time.ts';
import { recordAudit } from '@server/services/audit.ts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../support/csrf-client.ts';
import { createLookups, createVehicle } from '../support/factories.ts';
import { type SignedInStaff, signedInStaff } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: SignedInStaff;
let ventas: SignedInStaff;
let keptVehicleId: number;
let deletedVehicleId: number;
let formerId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // The server's own entry at start (the privacy policy's first version, ADR 0031) is not part of the history below.
  await db.delete(auditLog).where(eq(auditLog.action, 'politica_publicada'));
  admin = await signedInStaff(t.app, 'admin');
  ventas = await signedInStaff(t.app, 'ventas');
  const lookups = await createLookups(db);
  keptVehicleId = (await createVehicle(db, { lookups })).id;
  deletedVehicleId = (await createVehicle(db, { lookups })).id;

  // Older history, written the way the other parts of the back office write it, at known instants.
  const at = async (iso: string, entry: Parameters<typeof recordAudit>[1]) => {
    await recordAudit(db, entry);
    const [newest] = await db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    await db
      .update(auditLog)
      .set({ createdAt: new Date(iso) })
      .where(eq(auditLog.id, newest?.id ?? 0));
  };
  const actor = { id: ventas.id, email: ventas.email };
  // 23:30 of 9 March in Chile (UTC-3 in summer) is already 10 March in UTC.
  await at('2026-03-10T02:30:00Z', {
    actor,
    action: 'vehiculo_editado',
    entity: 'vehiculo',
    entityId: keptVehicleId,
    details: { cambios: { precio: { antes: 12_990_000, despues: 11_990_000 } } },
  });
  await at('2026-03-10T12:00:00Z', {
    actor,
    action: 'vehiculo_eliminado',
    entity: 'vehiculo',
    entityId: deletedVehicleId,
    details: { modelo: 'Yaris' },
  });
  // 23:30 of 14 July in Chile (UTC-4 in winter).
  await at('2026-07-15T03:30:00Z', {
    actor: null,
    action: 'accion_desconocida',
    entity: 'sistema',
    details: { nota: 'tarea nocturna' },
  });
  await db.delete(vehicles).where(eq(vehicles.id, deletedVehicleId));

  // Recent history, through the real API: an account created, renamed and deactivated after acting.
  const created = await t.app.inject({
    method: 'POST',
    url: '/admin/api/usuarios',
    headers: admin.headers,
    payload: { name: 'Ex Vendedor', email: 'ex@automotora.cl', role: 'ventas', password: 'clave-del-ex-123' },
  });
  formerId = created.json().usuario.id;
  await recordAudit(db, {
    actor: { id: formerId, email: 'ex@automotora.cl' },
    action: 'estado_solicitud',
    entity: 'solicitud',
    entityId: 424242,
    details: { cambios: { estado: { antes: 'nuevo', despues: 'contactado' } } },
  });
  await t.app.inject({
    method: 'PATCH',
    url: `/admin/api/usuarios/${formerId}`,
    headers: admin.headers,
    payload: { active: false },
  });
});
afterAll(() => t.close());

const get = (query: string, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'GET', url: `/admin/api/auditoria${query}`, headers });
const list = async (query = '') => {
  const response = await get(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AuditPage;
};
const find = (page: AuditPage, action: string) => page.entradas.find((e) => e.accion === action);

describe('GET /admin/api/auditoria', () => {
  it('is for admins only: anonymous 401, ventas 403', async () => {
    expect((await get('', await csrfHeaders(t.app))).statusCode).toBe(401);
    const denied = await get('', ventas.headers);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe('No tienes permiso para esta acción.');
  });

  it('lists newest first, with who, when and what', async () => {
    const page = await list();
    expect(page.total).toBe(6);
    const dates = page.entradas.map((e) => e.fecha);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(page.entradas[0]?.accion).toBe('usuario_desactivado');
    expect(page.entradas[0]?.actor).toMatchObject({ id: admin.id, email: admin.email, activo: true });
    expect(page.entradas[0]?.detalles).toMatchObject({ usuario: 'ex@automotora.cl' });
    // The actor's e-mail is shown as the actor, not repeated among the details.
    expect(page.entradas.every((e) => !('actorEmail' in e.detalles))).toBe(true);
  });

  it('keeps showing who acted after their account was deactivated', async () => {
    const entry = find(await list(), 'estado_solicitud') as AuditEntryView;
    expect(entry.actor).toEqual({
      id: formerId,
      nombre: 'Ex Vendedor',
      email: 'ex@automotora.cl',
      activo: false,
    });
    expect(entry.detalles).toEqual({ cambios: { estado: { antes: 'nuevo', despues: 'contactado' } } });
  });

  it('links to the entity only while it exists', async () => {
    const page = await list();
    expect(find(page, 'vehiculo_editado')?.enlace).toBe(`/admin/vehiculos/${keptVehicleId}`);
    expect(find(page, 'vehiculo_eliminado')?.enlace).toBeNull();
    expect(find(page, 'estado_solicitud')?.enlace).toBeNull();
    expect(find(page, 'usuario_creado')?.enlace).toBe('/admin/usuarios');
    const system = find(page, 'accion_desconocida');
    expect(system?.actor).toBeNull();
    expect(system?.enlace).toBeNull();
  });

  it('filters by entity and by user', async () => {
    const byEntity = await list('?entidad=vehiculo');
    expect(byEntity.entradas.map((e) => e.accion)).toEqual(['vehiculo_eliminado', 'vehiculo_editado']);
    const byUser = await list(`?usuario=${ventas.id}`);
    expect(byUser.total).toBe(2);
    expect(byUser.entradas.every((e) => e.actor?.id === ventas.id)).toBe(true);
    const both = await list(`?entidad=usuario&usuario=${ventas.id}`);
    expect(both.total).toBe(0);
  });

  it('filters by calendar days in Chile, both ends included, across summer and winter time', async () => {
    const ninth = await list('?desde=2026-03-09&hasta=2026-03-09');
    expect(ninth.entradas.map((e) => e.accion)).toEqual(['vehiculo_editado']);
    const tenth = await list('?desde=2026-03-10&hasta=2026-03-10');
    expect(tenth.entradas.map((e) => e.accion)).toEqual(['vehiculo_eliminado']);
    const july = await list('?desde=2026-07-14&hasta=2026-07-14');
    expect(july.entradas.map((e) => e.accion)).toEqual(['accion_desconocida']);
    expect((await list('?desde=2026-07-15&hasta=2026-07-31')).total).toBe(0);
    // Empty filters (an untouched form) mean "any".
    expect((await list('?entidad=&usuario=&desde=&hasta=')).total).toBe(6);
    expect(chileDayStart('2026-03-10').toISOString()).toBe('2026-03-10T03:00:00.000Z');
    expect(chileDayStart('2026-07-15').toISOString()).toBe('2026-07-15T04:00:00.000Z');
  });

  it('pages 50 at a time', async () => {
    const db = t.database.db;
    for (let i = 0; i < 55; i++) {
      await recordAudit(db, { actor: admin, action: 'lista_editada', entity: 'lista', entityId: i });
    }
    const first = await list();
    expect(first).toMatchObject({ total: 61, pagina: 1, paginas: 2 });
    expect(first.entradas).toHaveLength(50);
    const second = await list('?pagina=2');
    expect(second.entradas).toHaveLength(11);
    expect(second.entradas.at(-1)?.accion).toBe('vehiculo_editado');
    expect((await list('?pagina=9')).pagina).toBe(2);
  });

  it('refuses a malformed filter in Spanish', async () => {
    const badDate = await get('?desde=ayer');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().campos).toEqual({ desde: 'Usa una fecha con formato AAAA-MM-DD.' });
    const reversed = await get('?desde=2026-03-10&hasta=2026-03-01');
    expect(reversed.json().campos).toEqual({
      hasta: 'La fecha "hasta" debe ser igual o posterior a "desde".',
    });
    expect((await get('?usuario=abc')).statusCode).toBe(400);
    // One past PostgreSQL's `integer`: found by the hostile suite as a 500 from the database.
    const beyondKey = await get('?usuario=2147483648');
    expect(beyondKey.statusCode).toBe(400);
    expect(beyondKey.json().campos).toEqual({ usuario: 'El usuario no es válido.' });
    expect((await get('?pagina=0')).statusCode).toBe(400);
    const longEntity = await get(`?entidad=${'x'.repeat(41)}`);
    expect(longEntity.statusCode).toBe(400);
    expect(longEntity.json().campos).toEqual({ entidad: 'La entidad no es válida.' });
  });
});
