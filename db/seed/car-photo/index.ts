/**
 * Procedural demo photos for the seeded stock (the seed runs offline, so there are no real photos).
 * A car is a tiny 3D model made of extruded side profiles (body + greenhouse), projected through a
 * pinhole camera into an SVG scene, rasterised by sharp and given film grain so the JPEG weighs like
 * a real photo. All randomness comes from a seeded PRNG: identical input → identical bytes.
 *
 * The parts, in the order a photo is made: types (what is asked for), basics (seeded randomness, paint), camera
 * (vectors, projection), scene (light, the Andes, grain), body-types (side profiles), car-model (the car as lit
 * faces), draw-car (the car and its shadow as SVG), exterior and interior (the eight views).
 */
import { hashStr, mulberry32 } from './basics.ts';
import { exteriorSvg } from './exterior.ts';
import { dashboardSvg, interiorSvg } from './interior.ts';
import { finishPhoto, makeLight } from './scene.ts';
import type { CarPhotoInput } from './types.ts';

/** Renders one demo photo as a 1600×1067 JPEG (q82, ~150–400 KB). Same input → same bytes. */
export async function renderCarPhoto(input: CarPhotoInput): Promise<Buffer> {
  const sr = mulberry32(input.sceneSeed ?? input.seed); // backdrop, light, trim, rims
  const cr = mulberry32(input.seed ^ hashStr(input.view + input.bodyType)); // framing jitter per view
  const L = makeLight(sr);
  const svg =
    input.view === 'interior'
      ? interiorSvg(input, sr, cr, L)
      : input.view === 'dashboard'
        ? dashboardSvg(input, sr, cr)
        : exteriorSvg(input, sr, cr, L);
  return finishPhoto(svg, input.seed ^ hashStr(input.view));
}

export { colorHex } from './basics.ts';
export type { BodyType, CarPhotoInput, PhotoView } from './types.ts';
export { PHOTO_H, PHOTO_W } from './types.ts';
