import { type CarPhotoInput, colorHex, renderCarPhoto } from '@db/seed/car-photo/index.ts';
import { renderShowroomPhoto } from '@db/seed/showroom-photo.ts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

const KB = 1024;

describe('the demo car photos', () => {
  const sedan: CarPhotoInput = { bodyType: 'Sedán', color: 'Rojo', view: 'front-left', seed: 1037 };

  it('are 1600×1067 JPEGs', async () => {
    const meta = await sharp(await renderCarPhoto(sedan)).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(1600);
    expect(meta.height).toBe(1067);
  });

  it.each([
    { bodyType: 'Camioneta', color: 'Blanco', view: 'side', seed: 1074 },
    { bodyType: 'Hatchback', color: 'Negro', view: 'interior', seed: 2001 },
    sedan,
  ] as CarPhotoInput[])('weigh like a real photo: $bodyType $view within 150–400 KB', async (input) => {
    const bytes = (await renderCarPhoto(input)).length;
    expect(bytes).toBeGreaterThanOrEqual(150 * KB);
    expect(bytes).toBeLessThanOrEqual(400 * KB);
  });

  it('are the same bytes for the same input', async () => {
    const [a, b] = await Promise.all([renderCarPhoto(sedan), renderCarPhoto({ ...sedan })]);
    expect(a.equals(b)).toBe(true);
  });

  it('change with the seed', async () => {
    const [a, b] = await Promise.all([
      renderCarPhoto(sedan),
      renderCarPhoto({ ...sedan, seed: sedan.seed + 1 }),
    ]);
    expect(a.equals(b)).toBe(false);
  });

  it('map Spanish colour names to paint, with a fallback', () => {
    expect(colorHex('Blanco')).not.toBe(colorHex('Negro'));
    expect(colorHex('Gris Plata')).not.toBe(colorHex('Gris Oscuro'));
    expect(colorHex('Rojo Metálico')).toBe(colorHex('rojo'));
    expect(colorHex('Color inventado')).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('include a showroom photo of the same format', async () => {
    const photo = await renderShowroomPhoto(3);
    const meta = await sharp(photo).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 1067]);
    expect(photo.length).toBeGreaterThanOrEqual(150 * KB);
    expect(photo.equals(await renderShowroomPhoto(3))).toBe(true);
  });
});
