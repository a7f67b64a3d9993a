import { STOCK_PHOTO_LIMITS } from '@contracts/admin-stock.ts';
import { describe, expect, it } from 'vitest';
import {
  movedAnnouncement,
  movePhoto,
  PHOTO_MB,
  precheck,
  thumbnail,
} from '~/components/admin/stock/photo-rules.ts';
import { typedNumber } from '~/components/admin/stock/vehicle-form-input.ts';

describe('the vehicle form preview', () => {
  it('reads prices and mileage typed with or without thousands dots', () => {
    expect(typedNumber('12990000')).toBe(12_990_000);
    expect(typedNumber('12.990.000')).toBe(12_990_000);
    expect(typedNumber('$ 12.990.000')).toBe(12_990_000);
    expect(typedNumber(' 87000 ')).toBe(87_000);
  });

  it('shows nothing for what is not yet a whole number', () => {
    for (const value of ['', '12,5', '12.99', '1.2345', 'doce', '-5'])
      expect(typedNumber(value), value).toBeNull();
  });
});

describe('the photo rules', () => {
  const file = (name: string, size: number, type = 'image/jpeg') =>
    new File([new Uint8Array(size)], name, { type });

  it('refuses in Spanish what the browser can already tell is wrong', () => {
    expect(precheck([file('a.jpg', 10)], 0)).toBe('Este vehículo admite 0 fotos más.');
    expect(precheck([file('a.jpg', 10), file('b.jpg', 10)], 1)).toBe('Este vehículo admite 1 foto más.');
    const tooMany = Array.from({ length: STOCK_PHOTO_LIMITS.maxFiles + 1 }, (_, i) => file(`${i}.jpg`, 1));
    expect(precheck(tooMany, 100)).toBe(`Puedes subir hasta ${STOCK_PHOTO_LIMITS.maxFiles} fotos a la vez.`);
    expect(precheck([file('grande.jpg', STOCK_PHOTO_LIMITS.maxBytes + 1)], 5)).toBe(
      `grande.jpg pesa más de ${PHOTO_MB} MB.`,
    );
    expect(precheck([file('notas.pdf', 10, 'application/pdf')], 5)).toBe(
      'notas.pdf no es una imagen. Usa JPG, PNG, WebP o AVIF.',
    );
    expect(precheck([file('auto.heic', 10, '')], 5)).toBeNull();
  });

  it('moves one photo and keeps the others in order', () => {
    expect(movePhoto(['a', 'b', 'c', 'd'], 2, 0)).toEqual(['c', 'a', 'b', 'd']);
    expect(movePhoto(['a', 'b', 'c', 'd'], 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(movePhoto(['a', 'b'], 1, 1)).toBeNull();
    expect(movePhoto(['a', 'b'], 0, 2)).toBeNull();
    expect(movePhoto(['a', 'b'], -1, 0)).toBeNull();
  });

  it('announces the new place, and when a photo becomes the main one', () => {
    expect(movedAnnouncement(0, 4)).toBe('Foto movida a la posición 1 de 4: ahora es la principal.');
    expect(movedAnnouncement(2, 4)).toBe('Foto movida a la posición 3 de 4.');
  });

  it('shows a WebP thumbnail at least 480 px wide, or the widest there is', () => {
    expect(thumbnail({ id: 1, hash: 'abc', width: 1600, height: 1067, url: '' })).toBe('/media/abc/480.webp');
    expect(thumbnail({ id: 1, hash: 'abc', width: 400, height: 300, url: '' })).toBe('/media/abc/400.webp');
  });
});
