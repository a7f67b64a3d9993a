import { ingestImage } from '@server/services/images/ingest-image.ts';
import type { Db } from '../client.ts';
import { renderCarPhoto } from './car-photo/index.ts';
import { completeDemoPhotos, PHOTO_VIEWS, pendingDemoPhotos } from './seed-demo.ts';

export interface RenderProgress {
  vehicleId: number;
  done: number;
  total: number;
}

/**
 * Renders the demo photos still pending, one vehicle at a time, through the same image pipeline as
 * uploads. Safe to stop at any moment: finished vehicles are recorded, the rest resume next start.
 */
export async function renderDemoPhotos(
  db: Db,
  options: { onVehicle?: (progress: RenderProgress) => void; signal?: AbortSignal } = {},
): Promise<number> {
  const pending = await pendingDemoPhotos(db);
  let done = 0;
  for (const item of pending) {
    if (options.signal?.aborted) break;
    const imageIds: number[] = [];
    for (let n = 0; n < item.count; n++) {
      const view = PHOTO_VIEWS[n % PHOTO_VIEWS.length] ?? 'side';
      const jpeg = await renderCarPhoto({
        bodyType: item.bodyType,
        color: item.color,
        view,
        seed: item.seed + n,
      });
      imageIds.push((await ingestImage(db, jpeg)).id);
    }
    await completeDemoPhotos(db, item.vehicleId, imageIds);
    done++;
    options.onVehicle?.({ vehicleId: item.vehicleId, done, total: pending.length });
  }
  return done;
}
