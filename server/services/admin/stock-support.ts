import type { Db } from '@db/client.ts';
import { brands, vehicles } from '@db/schema.ts';
import { eq } from 'drizzle-orm';
import { Refusal } from '../refusal.ts';

export const vehicleNotFound = () => new Refusal('not_found', 'El vehículo no existe o fue eliminado.');

/** The SQLSTATE of a database error, wherever the driver or Drizzle put it. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Locks a vehicle row for the rest of the transaction and returns its name, or throws 404. Photo changes lock it
 * first so two uploads to the same vehicle cannot pick the same positions.
 */
export async function lockVehicle(tx: Db, id: number): Promise<{ id: number; nombre: string }> {
  const [row] = await tx
    .select({ id: vehicles.id, model: vehicles.model, brandId: vehicles.brandId })
    .from(vehicles)
    .where(eq(vehicles.id, id))
    .for('update');
  if (!row) throw vehicleNotFound();
  const [brand] = await tx.select({ nombre: brands.nombre }).from(brands).where(eq(brands.id, row.brandId));
  return { id: row.id, nombre: `${brand?.nombre ?? ''} ${row.model}`.trim() };
}

export async function touchVehicle(tx: Db, id: number): Promise<void> {
  await tx.update(vehicles).set({ updatedAt: new Date() }).where(eq(vehicles.id, id));
}

/** "1 vehículo" / "3 vehículos". */
export function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('es-CL')} ${n === 1 ? one : many}`;
}
