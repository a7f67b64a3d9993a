// The photo rules the manager applies in the browser: which files to refuse before uploading, the thumbnail of a
// photo, and moving one photo within the order. Pure, so they are unit-tested without a page.

import { type PhotoRef, STOCK_PHOTO_LIMITS } from '@contracts/admin-stock.ts';
import { mediaPath, variantWidths } from '@domain/media';

/** The most one photo may weigh, in MB, as the hint and the refusal say it. */
export const PHOTO_MB = STOCK_PHOTO_LIMITS.maxBytes / (1024 * 1024);

/** The thumbnail of a photo: its WebP variant at least 480 px wide, or its widest. */
export function thumbnail(photo: PhotoRef): string {
  const widths = variantWidths(photo.width);
  return mediaPath(
    photo.hash,
    widths.find((w) => w >= 480) ?? widths[widths.length - 1] ?? photo.width,
    'webp',
  );
}

/** Files the browser can already tell are wrong; the server judges the content of the rest. */
export function precheck(files: File[], room: number): string | null {
  if (files.length > STOCK_PHOTO_LIMITS.maxFiles)
    return `Puedes subir hasta ${STOCK_PHOTO_LIMITS.maxFiles} fotos a la vez.`;
  if (files.length > room) return `Este vehículo admite ${room} ${room === 1 ? 'foto más' : 'fotos más'}.`;
  const big = files.find((f) => f.size > STOCK_PHOTO_LIMITS.maxBytes);
  if (big) return `${big.name} pesa más de ${PHOTO_MB} MB.`;
  const other = files.find((f) => f.type !== '' && !f.type.startsWith('image/'));
  if (other) return `${other.name} no es una imagen. Usa JPG, PNG, WebP o AVIF.`;
  return null;
}

/** The order after moving the photo at `from` to `to`; null when that is no move at all. */
export function movePhoto<T>(order: readonly T[], from: number, to: number): T[] | null {
  const photo = order[from];
  if (photo === undefined || to < 0 || to >= order.length || from === to) return null;
  const next = order.filter((_, i) => i !== from);
  next.splice(to, 0, photo);
  return next;
}

/** What a screen reader hears after a move: the new place, and whether it is now the main photo. */
export function movedAnnouncement(position: number, total: number): string {
  return `Foto movida a la posición ${position + 1} de ${total}${position === 0 ? ': ahora es la principal' : ''}.`;
}
