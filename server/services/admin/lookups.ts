import { LOOKUP_KINDS, LOOKUP_TEXT, type LookupKind, normalizeLookupName } from '@contracts/admin-lookups.ts';
import type { LookupItem, StockLookups } from '@contracts/admin-stock.ts';
import type { Db } from '@db/client.ts';
import { bodyTypes, brands, features, fuels, transmissions, vehicleFeatures, vehicles } from '@db/schema.ts';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { recordAudit } from '../audit.ts';
import type { Actor } from '../auth/sessions.ts';
import { Refusal } from '../refusal.ts';
import { pgErrorCode, plural } from './stock-support.ts';

interface LookupTable {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  /** Property name of `name` in the Drizzle table (nombre or tipo). */
  nameKey: 'nombre' | 'tipo';
  /** The column that points at this list, and its table. */
  usedBy: { table: PgTable; column: PgColumn };
}

const TABLES: Record<LookupKind, LookupTable> = {
  marcas: {
    table: brands,
    id: brands.id,
    name: brands.nombre,
    nameKey: 'nombre',
    usedBy: { table: vehicles, column: vehicles.brandId },
  },
  tipos: {
    table: bodyTypes,
    id: bodyTypes.id,
    name: bodyTypes.nombre,
    nameKey: 'nombre',
    usedBy: { table: vehicles, column: vehicles.bodyTypeId },
  },
  combustibles: {
    table: fuels,
    id: fuels.id,
    name: fuels.tipo,
    nameKey: 'tipo',
    usedBy: { table: vehicles, column: vehicles.fuelId },
  },
  transmisiones: {
    table: transmissions,
    id: transmissions.id,
    name: transmissions.tipo,
    nameKey: 'tipo',
    usedBy: { table: vehicles, column: vehicles.transmissionId },
  },
  caracteristicas: {
    table: features,
    id: features.id,
    name: features.nombre,
    nameKey: 'nombre',
    usedBy: { table: vehicleFeatures, column: vehicleFeatures.featureId },
  },
};

const collator = new Intl.Collator('es-CL', { sensitivity: 'base', numeric: true });

/** One list, alphabetical, each entry with the number of vehicles (any status) that use it. */
export async function listLookup(db: Db, kind: LookupKind): Promise<LookupItem[]> {
  const def = TABLES[kind];
  const [rows, usage] = await Promise.all([
    db.select({ id: def.id, nombre: def.name }).from(def.table),
    db.select({ id: def.usedBy.column, n: count() }).from(def.usedBy.table).groupBy(def.usedBy.column),
  ]);
  const used = new Map(usage.map((u) => [u.id as number, u.n]));
  return (rows as { id: number; nombre: string }[])
    .map((row) => ({ ...row, vehiculos: used.get(row.id) ?? 0 }))
    .sort((a, b) => collator.compare(a.nombre, b.nombre));
}

/** The five lists, for the vehicle form and the lists page. */
export async function listAllLookups(db: Db): Promise<StockLookups> {
  const lists = await Promise.all(LOOKUP_KINDS.map((kind) => listLookup(db, kind)));
  return Object.fromEntries(LOOKUP_KINDS.map((kind, i) => [kind, lists[i] ?? []])) as StockLookups;
}

const quoted = (name: string) => `«${name}»`;

function duplicate(kind: LookupKind, name: string): Refusal {
  const sentence = `Ya existe ${LOOKUP_TEXT[kind].the} ${quoted(name)}.`;
  return new Refusal('invalid', sentence, { nombre: sentence });
}

/** Names are unique regardless of case ("toyota" and "Toyota" would be the same brand to a person). */
async function assertUnique(tx: Db, kind: LookupKind, name: string, exceptId?: number): Promise<void> {
  const def = TABLES[kind];
  const [clash] = await tx
    .select({ nombre: def.name })
    .from(def.table)
    .where(
      and(
        sql`lower(${def.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(def.id, exceptId),
      ),
    )
    .limit(1);
  if (clash) throw duplicate(kind, String(clash.nombre));
}

async function lockEntry(tx: Db, kind: LookupKind, id: number): Promise<string> {
  const def = TABLES[kind];
  const [row] = await tx.select({ nombre: def.name }).from(def.table).where(eq(def.id, id)).for('update');
  if (!row) throw new Refusal('not_found', LOOKUP_TEXT[kind].gone);
  return String(row.nombre);
}

/** A unique-name race lost to another request is the same duplicate error as the check. */
async function uniqueOrDuplicate<T>(kind: LookupKind, name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw duplicate(kind, name);
    throw error;
  }
}

export async function createLookup(
  db: Db,
  actor: Actor,
  kind: LookupKind,
  nombre: string,
): Promise<LookupItem> {
  const name = normalizeLookupName(kind, nombre);
  const def = TABLES[kind];
  return uniqueOrDuplicate(kind, name, () =>
    db.transaction(async (tx) => {
      await assertUnique(tx, kind, name);
      const [row] = await tx
        .insert(def.table)
        .values({ [def.nameKey]: name } as never)
        .returning({ id: def.id });
      const id = row?.id as number;
      await recordAudit(tx, {
        actor,
        action: 'lista_creada',
        entity: 'lista',
        entityId: `${kind}:${id}`,
        details: { lista: kind, nombre: name },
      });
      return { id, nombre: name, vehiculos: 0 };
    }),
  );
}

/** Renames an entry; every vehicle that uses it shows the new name at once. Returns false when nothing changed. */
export async function renameLookup(
  db: Db,
  actor: Actor,
  kind: LookupKind,
  id: number,
  nombre: string,
): Promise<boolean> {
  const name = normalizeLookupName(kind, nombre);
  const def = TABLES[kind];
  return uniqueOrDuplicate(kind, name, () =>
    db.transaction(async (tx) => {
      const before = await lockEntry(tx, kind, id);
      if (before === name) return false;
      await assertUnique(tx, kind, name, id);
      await tx
        .update(def.table)
        .set({ [def.nameKey]: name } as never)
        .where(eq(def.id, id));
      await recordAudit(tx, {
        actor,
        action: 'lista_editada',
        entity: 'lista',
        entityId: `${kind}:${id}`,
        details: { lista: kind, antes: before, despues: name },
      });
      return true;
    }),
  );
}

function inUse(kind: LookupKind, name: string, n: number): Refusal {
  const freeUp =
    n === 1 ? LOOKUP_TEXT[kind].freeUp.replace('esos vehículos', 'ese vehículo') : LOOKUP_TEXT[kind].freeUp;
  return new Refusal(
    'conflict',
    `No se puede eliminar ${quoted(name)}: está en uso en ${plural(n, 'vehículo', 'vehículos')}. ${freeUp}`,
  );
}

/**
 * Deletes an entry no vehicle uses (drafts and sold ones count too). The row lock makes a vehicle saved meanwhile
 * either be counted here or fail its own reference check; the foreign key would refuse the rest anyway.
 */
export async function deleteLookup(db: Db, actor: Actor, kind: LookupKind, id: number): Promise<void> {
  const def = TABLES[kind];
  let name = '';
  try {
    await db.transaction(async (tx) => {
      name = await lockEntry(tx, kind, id);
      const [usage] = await tx.select({ n: count() }).from(def.usedBy.table).where(eq(def.usedBy.column, id));
      const n = usage?.n ?? 0;
      if (n > 0) throw inUse(kind, name, n);
      await tx.delete(def.table).where(eq(def.id, id));
      await recordAudit(tx, {
        actor,
        action: 'lista_eliminada',
        entity: 'lista',
        entityId: `${kind}:${id}`,
        details: { lista: kind, nombre: name },
      });
    });
  } catch (error) {
    if (pgErrorCode(error) === '23503') throw inUse(kind, name, 1);
    throw error;
  }
}
