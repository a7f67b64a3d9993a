// Light, the Andes backdrop, film grain and the SVG helpers every photo shares.
import sharp from 'sharp';
import { mix, mulberry32, nth, pick, type Rng, rr, scale } from './basics.ts';
import { dot, norm, type P2, pts, type V3 } from './camera.ts';
import { PHOTO_H, PHOTO_W } from './types.ts';

export interface Light {
  sun: V3;
  top: string;
  sky: string;
  horizon: string;
  warm: string;
  overcast: boolean;
}
export const TIMES: Omit<Light, 'sun'>[] = [
  { top: '#3b74c4', sky: '#9dc3e6', horizon: '#e2edf4', warm: '#fffaf0', overcast: false }, // mediodía
  { top: '#5a8ccc', sky: '#c3d8e8', horizon: '#f1e6d6', warm: '#fff1dc', overcast: false }, // mañana
  { top: '#4a69a2', sky: '#e3b58c', horizon: '#f6d4a2', warm: '#ffe2bf', overcast: false }, // tarde dorada
  { top: '#8793a0', sky: '#bec5cc', horizon: '#dadee1', warm: '#f4f4f2', overcast: true }, // nublado
];
export function makeLight(r: Rng): Light {
  const t = pick(r, TIMES);
  const el = t.overcast ? 1.2 : t.warm === '#ffe2bf' ? 0.35 : rr(r, 0.6, 1.1);
  const az = rr(r, 0, Math.PI * 2);
  return { ...t, sun: norm([Math.cos(az) * Math.cos(el), Math.sin(el), Math.sin(az) * Math.cos(el)]) };
}
/** Flat paint shading: lambert from the sun plus sky reflection on up-facing panels (reads as gloss). */
export function lit(base: string, n: V3, L: Light): string {
  const k = L.overcast ? 0.8 + 0.15 * n[1] : 0.6 + 0.48 * Math.max(0, dot(n, L.sun));
  // the reflected sky is desaturated so a black car at sunset still reads as black, not brown
  return mix(mix(scale(base, k), L.warm, 0.05), mix(L.sky, '#b4b8bd', 0.65), 0.28 * Math.max(0, n[1]));
}

/** Midpoint-displacement ridge normalised to 0..1 and sharpened so a few peaks stand out. */
export function ridge(r: Rng, n = 64, rough = 0.6): number[] {
  const h = new Array<number>(n + 1).fill(0);
  h[0] = r();
  h[n] = r();
  for (let step = n, amp = 0.6; step > 1; step /= 2, amp *= rough)
    for (let i = step / 2; i < n; i += step)
      h[i] = (nth(h, i - step / 2) + nth(h, i + step / 2)) / 2 + (r() - 0.5) * amp;
  const [lo, hi] = [Math.min(...h), Math.max(...h)];
  return h.map((v) => ((v - lo) / (hi - lo || 1)) ** 1.5);
}
/** The Andes as seen from Santiago: a snow-capped far range, dry foothills, then a dark tree line. */
export function andesSvg(r: Rng, hy: number, L: Light, w = PHOTO_W, tall = 1): string {
  const amp = rr(r, 0.11, 0.19) * PHOTO_H * tall;
  const line = (h: number[], a: number, base: number): P2[] =>
    h.map((v, i): P2 => [(i / (h.length - 1)) * w, base - (0.2 + 0.8 * v) * a]);
  const far = line(ridge(r, 64, 0.68), amp, hy);
  const snowY = hy - amp * rr(r, 0.6, 0.7);
  const snow = [
    ...far,
    ...[...far].reverse().map(([x, y]): P2 => [x, Math.max(y, snowY + Math.sin(x * 0.07) * 5)]),
  ];
  const hills = line(ridge(r, 32, 0.5), amp * 0.3, hy + 2);
  const trees = line(ridge(r, 64, 0.9), 14, hy + 3);
  return `<polygon points="${pts([[0, hy], ...far, [w, hy]])}" fill="${mix(L.horizon, '#4f5d78', 0.68)}"/>
<polygon points="${pts(snow)}" fill="${mix('#f4f6f8', L.horizon, 0.25)}"/>
<polygon points="${pts([[0, hy + 2], ...hills, [w, hy + 2]])}" fill="${mix(L.horizon, '#6f6c58', 0.55)}"/>
<polygon points="${pts([[0, hy + 3], ...trees, [w, hy + 3]])}" fill="${mix(L.horizon, '#34462f', 0.65)}"/>`;
}

let grain: Int8Array | undefined;
/** Film grain shared by every photo, generated once from a fixed seed so output stays deterministic. */
export function grainTile(): Int8Array {
  if (grain) return grain;
  const r = mulberry32(0x5eed);
  grain = new Int8Array(PHOTO_W * PHOTO_H);
  for (let i = 0; i < grain.length; i++) grain[i] = Math.round((r() + r() + r() - 1.5) * 9); // ≈ gaussian, σ ≈ 4.5
  return grain;
}
/**
 * Rasterises the SVG and adds luma grain. Flat illustrations compress to ~40 KB; the grain gives
 * the JPEG a real photo's weight (and texture). The seed shifts where the shared grain tile starts.
 */
export async function finishPhoto(svg: string, seed: number): Promise<Buffer> {
  const raw = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  const px = new Uint8ClampedArray(raw.buffer, raw.byteOffset, raw.length);
  const g = grainTile();
  const off = (Math.abs(seed) * 7919) % g.length;
  for (let p = 0, i = 0; p < g.length; p++, i += 3) {
    const n = g[p + off < g.length ? p + off : p + off - g.length] ?? 0;
    // Uint8ClampedArray clamps to 0..255 on write; the indices are always in range
    px[i] = (px[i] as number) + n;
    px[i + 1] = (px[i + 1] as number) + n;
    px[i + 2] = (px[i + 2] as number) + n;
  }
  return sharp(raw, { raw: { width: PHOTO_W, height: PHOTO_H, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
}
export const svgDoc = (body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_W}" height="${PHOTO_H}">${body}</svg>`;
export const vignette = (id: string, a = 0.32): string =>
  `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.72"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${a}"/></radialGradient>`;
export const vgrad = (id: string, stops: [number, string][], attrs = 'x1="0" y1="0" x2="0" y2="1"'): string =>
  `<linearGradient id="${id}" ${attrs}>${stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('')}</linearGradient>`;
