// The appraisal photos chosen in the page (lead-api.md §6): images only, at most SELL_PHOTO_LIMITS.maxFiles (extra
// files dropped), each at most maxBytes and decodable; previews are object URLs, revoked when a photo leaves the list.

import { SELL_PHOTO_LIMITS } from '@contracts/lead-options.ts';
import { useCallback, useEffect, useRef, useState } from 'react';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

export interface PickedPhoto {
  id: string;
  file: File;
  url: string;
}

export function usePhotos() {
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [message, setMessage] = useState('');
  const current = useRef(photos);
  current.current = photos;
  const nextId = useRef(0);

  useEffect(() => () => revokeAll(current.current), []);

  const add = useCallback(async (files: Iterable<File>) => {
    const problems: string[] = [];
    const added: PickedPhoto[] = [];
    let dropped = 0;
    const room = SELL_PHOTO_LIMITS.maxFiles - current.current.length;
    for (const file of files) {
      if (added.length >= room) dropped++;
      else if (!(PHOTO_TYPES as readonly string[]).includes(file.type))
        problems.push(`«${file.name}» no es una imagen JPG, PNG, WebP o AVIF.`);
      else if (file.size > SELL_PHOTO_LIMITS.maxBytes)
        problems.push(`«${file.name}» pesa más de 5 MB y no se agregó.`);
      else {
        const url = URL.createObjectURL(file);
        if (await loads(url)) added.push({ id: String(nextId.current++), file, url });
        else {
          URL.revokeObjectURL(url);
          problems.push(`«${file.name}» no es una imagen válida.`);
        }
      }
    }
    if (dropped > 0)
      problems.push(
        `Puedes subir hasta ${SELL_PHOTO_LIMITS.maxFiles} fotos: ${dropped === 1 ? 'se descartó 1 archivo' : `se descartaron ${dropped} archivos`}.`,
      );
    setMessage(problems.join(' '));
    if (added.length > 0) setPhotos((list) => [...list, ...added]);
  }, []);

  const remove = useCallback((id: string) => {
    setMessage('');
    setPhotos((list) => {
      const gone = list.find((p) => p.id === id);
      if (gone) URL.revokeObjectURL(gone.url);
      return list.filter((p) => p.id !== id);
    });
  }, []);

  const clear = useCallback(() => {
    revokeAll(current.current);
    setPhotos([]);
    setMessage('');
  }, []);

  return { photos, message, add, remove, clear, full: photos.length >= SELL_PHOTO_LIMITS.maxFiles };
}

/** A file named and typed as an image may still not be one; the browser's own decoder tells. */
function loads(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(true);
    image.onerror = () => resolve(false);
    image.src = url;
  });
}

function revokeAll(photos: PickedPhoto[]) {
  for (const photo of photos) URL.revokeObjectURL(photo.url);
}
