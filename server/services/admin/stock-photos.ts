import { STOCK_PHOTO_LIMITS } from '@contracts/admin-stock.ts';
import type { Db } from '@db/client.ts';
import { vehicleImages } from '@db/schema.ts';
import { and, asc, eq } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import type { Actor } from '../auth/sessions.ts';
import { deleteUnusedImages } from '../images/delete-unused-images.ts';
import { type PreparedImage, storeImage } from '../images/ingest-image.ts';
import { Refusal } from '../refusal.ts';
import { lockVehicle, touchVehicle } from './stock-support.ts';

const FIELD = STOCK_PHOTO_LIMITS.field;

async function photoIds(tx: Db, vehicleId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: vehicleImages.imageId })
    .from(vehicleImages)
    .where(eq(vehicleImages.vehicleId, vehicleId))
    .orderBy(asc(vehicleImages.position));
  return rows.map((r) => r.id);
}

/** Writes positions 0..n-1 in the given order (0 is the main photo). */
async function writeOrder(tx: Db, vehicleId: number, wanted: number[]): Promise<void> {
  for (const [position, imageId] of wanted.entries()) {
    await tx
      .update(vehicleImages)
      .set({ position })
      .where(and(eq(vehicleImages.vehicleId, vehicleId), eq(vehicleImages.imageId, imageId)));
  }
}

/**
 * Adds already-validated photos after the existing ones, all or none: a repeated photo or one over the per-vehicle
 * limit refuses the whole upload and stores nothing. Returns the new photo ids.
 */
export async function addStockPhotos(
  db: Db,
  actor: Actor,
  vehicleId: number,
  photos: PreparedImage[],
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const vehicle = await lockVehicle(tx, vehicleId);
    const existing = await photoIds(tx, vehicleId);
    const room = STOCK_PHOTO_LIMITS.maxPerVehicle - existing.length;
    if (photos.length > room) {
      throw new Refusal('invalid', 'Revisa las fotos.', {
        [FIELD]: `Cada vehículo admite hasta ${STOCK_PHOTO_LIMITS.maxPerVehicle} fotos; este tiene ${existing.length}, así que puedes agregar ${Math.max(0, room)} más.`,
      });
    }
    const firstByHash = new Map<string, number>();
    for (const [index, photo] of photos.entries()) {
      const earlier = firstByHash.get(photo.hash);
      if (earlier !== undefined) {
        throw new Refusal('invalid', 'Revisa las fotos.', {
          [FIELD]: `Foto ${index + 1}: es la misma imagen que la foto ${earlier + 1}.`,
        });
      }
      firstByHash.set(photo.hash, index);
    }
    const added: number[] = [];
    for (const [index, photo] of photos.entries()) {
      const stored = await storeImage(tx, photo);
      if (existing.includes(stored.id)) {
        throw new Refusal('invalid', 'Revisa las fotos.', {
          [FIELD]: `Foto ${index + 1}: el vehículo ya tiene esta foto.`,
        });
      }
      await tx
        .insert(vehicleImages)
        .values({ vehicleId, imageId: stored.id, position: existing.length + index });
      added.push(stored.id);
    }
    await touchVehicle(tx, vehicleId);
    await recordAudit(tx, {
      actor,
      action: 'fotos_agregadas',
      entity: 'vehiculo',
      entityId: vehicleId,
      details: {
        vehiculo: vehicle.nombre,
        cantidad: added.length,
        fotos: added,
        total: existing.length + added.length,
      },
    });
    return added;
  });
}

/** Puts the photos in the given order; the list must name every photo of the vehicle exactly once. */
export async function reorderStockPhotos(
  db: Db,
  actor: Actor,
  vehicleId: number,
  order: number[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const vehicle = await lockVehicle(tx, vehicleId);
    const current = await photoIds(tx, vehicleId);
    const complete =
      order.length === current.length &&
      new Set(order).size === order.length &&
      order.every((id) => current.includes(id));
    if (!complete) {
      throw new Refusal(
        'invalid',
        'El orden de las fotos no coincide con las fotos del vehículo. Recarga la página.',
        {
          [FIELD]: 'La lista debe incluir cada foto del vehículo exactamente una vez.',
        },
      );
    }
    if (order.every((id, i) => current[i] === id)) return;
    await writeOrder(tx, vehicleId, order);
    await touchVehicle(tx, vehicleId);
    await recordAudit(tx, {
      actor,
      action: 'fotos_reordenadas',
      entity: 'vehiculo',
      entityId: vehicleId,
      details: { vehiculo: vehicle.nombre, antes: current, despues: order },
    });
  });
}

/** Removes one photo; the rest close ranks, so the next one becomes the main photo when the first goes. */
export async function deleteStockPhoto(
  db: Db,
  actor: Actor,
  vehicleId: number,
  imageId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const vehicle = await lockVehicle(tx, vehicleId);
    const current = await photoIds(tx, vehicleId);
    const position = current.indexOf(imageId);
    if (position === -1) throw new Refusal('not_found', 'La foto no existe o ya fue eliminada.');
    await tx
      .delete(vehicleImages)
      .where(and(eq(vehicleImages.vehicleId, vehicleId), eq(vehicleImages.imageId, imageId)));
    await writeOrder(
      tx,
      vehicleId,
      current.filter((id) => id !== imageId),
    );
    await deleteUnusedImages(tx, [imageId]);
    await touchVehicle(tx, vehicleId);
    await recordAudit(tx, {
      actor,
      action: 'foto_eliminada',
      entity: 'vehiculo',
      entityId: vehicleId,
      details: { vehiculo: vehicle.nombre, foto: imageId, posicion: position + 1, principal: position === 0 },
    });
  });
}
