// The exterior views: the car on an outdoor lot with the Andes behind it, or in a studio.
import { colorHex, f1, mix, pick, type Rng, rr, scale } from './basics.ts';
import { fitCamera, horizonY, lookAt, project, pts, type V3 } from './camera.ts';
import { buildCar, type Wheel } from './car-model.ts';
import { drawCar, ring, shadowSvg } from './draw-car.ts';
import { andesSvg, type Light, svgDoc, vgrad, vignette } from './scene.ts';
import { type CarPhotoInput, PHOTO_H, PHOTO_W, type PhotoView } from './types.ts';

// Camera bearing in degrees around the car (0 = dead ahead). The nose points +x and the car's left
// (driver's side in Chile) is −z, so the 'left' views sit at negative angles.
export const AZIMUTH: Partial<Record<PhotoView, number>> = {
  side: -90,
  'front-left': -38,
  'rear-right': 142,
  front: 0,
  rear: 180,
  wheel: -58,
};

/** A car on an outdoor lot with the Andes behind it, or in a photo studio with a glossy floor. */
export function exteriorSvg(inp: CarPhotoInput, sr: Rng, cr: Rng, outdoor: Light): string {
  const [W, H] = [PHOTO_W, PHOTO_H];
  const studio = sr() < 0.3;
  // studio paint reflects white soft boxes, not the outdoor sky
  const L: Light = studio ? { ...outdoor, sky: '#eef0f2', warm: '#ffffff', overcast: false } : outdoor;
  const m = buildCar(inp.bodyType, colorHex(inp.color), L, { x: 0, z: 0, yaw: 0 }, 'c', sr);
  const close = inp.view === 'wheel';
  const az = (((AZIMUTH[inp.view] ?? -38) + rr(cr, -6, 6)) * Math.PI) / 180;
  const wheel = m.wheels[1] as Wheel; // front-left wheel (driver's side)
  const target: V3 = close ? wheel.c : [0, 0.75, 0];
  const D = close ? rr(cr, 2.2, 2.8) : rr(cr, 7.5, 10);
  const eyeY = close ? rr(cr, 0.5, 0.8) : rr(cr, 1.2, 1.7);
  const cam = lookAt([target[0] + D * Math.cos(az), eyeY, target[2] + D * Math.sin(az)], target);
  const [ox, oy] = [rr(cr, -0.03, 0.03) * W, rr(cr, -0.02, 0.02) * H];
  const end = inp.view === 'front' || inp.view === 'rear';
  if (close)
    fitCamera(cam, ring(wheel, wheel.r, 0), [
      W / 2 - H * 0.34 + ox,
      H * 0.18,
      W / 2 + H * 0.34 + ox,
      H * 0.86 + oy,
    ]);
  else
    fitCamera(cam, m.hull, [
      W * (end ? 0.22 : 0.1) + ox,
      H * 0.14,
      W * (end ? 0.78 : 0.9) + ox,
      H * 0.83 + oy,
    ]);
  const hy = Math.min(H * 0.75, Math.max(H * 0.2, horizonY(cam)));

  let bg: string;
  let reflection = '';
  if (studio) {
    const wall = pick(sr, ['#dfe2e5', '#e8e6e1', '#d4d8dc', '#c9ccd0']);
    const jy = hy + (H * 0.85 - hy) * 0.3; // cyclorama: the wall curves into the floor behind the car
    const spot = `<radialGradient id="sp" cx="0.5" cy="0.2" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;
    bg = `${vgrad('wl', [
      [0, scale(wall, 0.82)],
      [1, mix(wall, '#ffffff', 0.3)],
    ])}${vgrad('fl', [
      [0, mix(wall, '#ffffff', 0.25)],
      [1, scale(wall, 0.62)],
    ])}${spot}
<rect width="${W}" height="${f1(jy)}" fill="url(#wl)"/><rect y="${f1(jy)}" width="${W}" height="${f1(H - jy)}" fill="url(#fl)"/><rect width="${W}" height="${H}" fill="url(#sp)"/>`;
    reflection = `<g opacity="0.16">${drawCar(m, { ...cam, mirror: true })}</g>`;
  } else {
    const asphalt = pick(sr, ['#5b5d60', '#6a6b6c', '#4f5255', '#77787a']);
    const stall = (z: number): string => {
      const q = [-3.4, 3.4, 3.4, -3.4].map((x, i) => project(cam, [x, 0, z + (i < 2 ? -0.06 : 0.06)]));
      return `<polygon points="${pts(q)}" fill="#e4e2d8" fill-opacity="0.75"/>`;
    };
    const ground = vgrad('gr', [
      [0, mix(asphalt, L.horizon, 0.45)],
      [0.25, asphalt],
      [1, scale(asphalt, 0.72)],
    ]);
    bg = `${vgrad('sk', [
      [0, L.top],
      [0.6, L.sky],
      [1, L.horizon],
    ])}${ground}<rect width="${W}" height="${f1(hy)}" fill="url(#sk)"/>
${andesSvg(sr, hy, L)}<rect y="${f1(hy)}" width="${W}" height="${f1(H - hy)}" fill="url(#gr)"/>${close ? '' : stall(m.hw + 1) + stall(-m.hw - 1)}`;
  }
  const car = `${reflection}${shadowSvg(m, cam, studio ? 0.8 : 1)}${drawCar(m, cam)}`;
  return svgDoc(
    `<defs>${m.defs}${vignette('vg')}</defs>${bg}${car}<rect width="${W}" height="${H}" fill="url(#vg)"/>`,
  );
}
