/**
 * Procedural demo photos for the seeded stock (the seed runs offline, so there are no real photos).
 * A car is a tiny 3D model made of extruded side profiles (body + greenhouse), projected through a
 * pinhole camera into an SVG scene, rasterised by sharp and given film grain so the JPEG weighs like
 * a real photo. All randomness comes from a seeded PRNG: identical input → identical bytes.
 */
import sharp from 'sharp';

export type BodyType = 'Sedán' | 'Hatchback' | 'SUV' | 'Camioneta' | 'Furgón' | 'Coupé' | 'Station Wagon';
export type PhotoView =
  | 'front-left'
  | 'side'
  | 'rear-right'
  | 'front'
  | 'interior'
  | 'wheel'
  | 'dashboard'
  | 'rear';
export interface CarPhotoInput {
  bodyType: BodyType;
  color: string;
  view: PhotoView;
  seed: number;
  /** Optional: seeds the backdrop (lot/studio, time of day) separately, so one listing's views can match. */
  sceneSeed?: number;
}

export const PHOTO_W = 1600;
export const PHOTO_H = 1067;

// ---------------------------------------------------------------- utilities
export type Rng = () => number;
/** mulberry32: tiny and fast; Math.random would make the seed non-reproducible. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const hashStr = (s: string): number => {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
};
export const rr = (r: Rng, a: number, b: number): number => a + (b - a) * r();
export const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
export const nth = <T>(xs: readonly T[], i: number): T => xs[((i % xs.length) + xs.length) % xs.length] as T;
const f1 = (v: number): string => v.toFixed(1);

/** Linear blend of two hex colours (t may exceed 1 to extrapolate; channels are clamped). */
export function mix(a: string, b: string, t: number): string {
  const ch = (hex: string, i: number): number => Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  let out = '#';
  for (let i = 0; i < 3; i++) {
    const v = Math.round(ch(a, i) + (ch(b, i) - ch(a, i)) * t);
    out += Math.max(0, Math.min(255, v)).toString(16).padStart(2, '0');
  }
  return out;
}
export const scale = (c: string, k: number): string => mix('#000000', c, k);

const PAINTS: Record<string, string> = {
  blanco: '#ecedea',
  'blanco perla': '#f0ede4',
  negro: '#17181b',
  'gris plata': '#b3b7bc',
  plata: '#b3b7bc',
  'gris oscuro': '#474b52',
  grafito: '#3d4046',
  gris: '#878b91',
  rojo: '#a8141c',
  'azul marino': '#18264c',
  azul: '#1e3d88',
  celeste: '#78b0d8',
  verde: '#2d5a3b',
  'verde oscuro': '#1f3a2a',
  beige: '#d4c39f',
  naranjo: '#d85f1b',
  naranja: '#d85f1b',
  amarillo: '#ddb21d',
  burdeo: '#621324',
  cafe: '#5a3d2b',
  marron: '#5a3d2b',
  dorado: '#b5955a',
  morado: '#4a2a6a',
  violeta: '#4a2a6a',
  champagne: '#c9b48e',
};
const PAINT_KEYS = Object.keys(PAINTS).sort((a, b) => b.length - a.length);
/** Spanish colour name → paint hex. Hex passes through; unknown names fall back to silver (commonest in stock). */
export function colorHex(color: string): string {
  const s = color
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  if (/^#[0-9a-f]{6}$/.test(s)) return s;
  const key = PAINT_KEYS.find((k) => s === k) ?? PAINT_KEYS.find((k) => s.includes(k)); // 'Rojo Metálico' → rojo
  return (key && PAINTS[key]) || '#a9adb3';
}

// ---------------------------------------------------------------- 3D and projection
export type V3 = [number, number, number];
export type P2 = [number, number];
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const norm = (a: V3): V3 => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};
const centroid = (p: V3[]): V3 =>
  p.reduce<V3>((s, v) => [s[0] + v[0] / p.length, s[1] + v[1] / p.length, s[2] + v[2] / p.length], [0, 0, 0]);

/** Pinhole camera; s/cx/cy map the normalised image plane to pixels (set by fitCamera or by hand). */
export interface Camera {
  pos: V3;
  fwd: V3;
  right: V3;
  up: V3;
  s: number;
  cx: number;
  cy: number;
  mirror?: boolean;
}
export function lookAt(pos: V3, target: V3): Camera {
  const fwd = norm(sub(target, pos));
  const right = norm(cross(fwd, [0, 1, 0]));
  return { pos, fwd, right, up: cross(right, fwd), s: 1, cx: 0, cy: 0 };
}
export function project(c: Camera, p: V3): P2 {
  // mirror: the floor reflection is the same camera looking at the geometry flipped below y = 0
  const d = sub(c.mirror ? [p[0], -p[1], p[2]] : p, c.pos);
  const z = Math.max(0.05, dot(d, c.fwd));
  return [c.cx + (c.s * dot(d, c.right)) / z, c.cy - (c.s * dot(d, c.up)) / z];
}
/** Image y of the horizon, where the ground plane vanishes. */
export const horizonY = (c: Camera): number =>
  project(c, [c.pos[0] + c.fwd[0] * 1e5, c.pos[1], c.pos[2] + c.fwd[2] * 1e5])[1];
export const pts = (ps: P2[]): string => ps.map((p) => `${f1(p[0])},${f1(p[1])}`).join(' ');
/** Scales/offsets the camera so the projected points fill a pixel box [x0, y0, x1, y1], resting on its floor. */
export function fitCamera(c: Camera, ps: V3[], box: [number, number, number, number]): void {
  const q = ps.map((p) => project(c, p));
  const [xs, ys] = [q.map((p) => p[0]), q.map((p) => p[1])];
  const [minX, maxX, maxY] = [Math.min(...xs), Math.max(...xs), Math.max(...ys)];
  const k = Math.min((box[2] - box[0]) / (maxX - minX), (box[3] - box[1]) / (maxY - Math.min(...ys)));
  c.s *= k;
  c.cx = (box[0] + box[2]) / 2 - ((minX + maxX) / 2 - c.cx) * k;
  c.cy = box[3] - (maxY - c.cy) * k;
}

// ---------------------------------------------------------------- light, backdrop, grain
export interface Light {
  sun: V3;
  top: string;
  sky: string;
  horizon: string;
  warm: string;
  overcast: boolean;
}
const TIMES: Omit<Light, 'sun'>[] = [
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
function grainTile(): Int8Array {
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

// ---------------------------------------------------------------- body types
/**
 * Metres, x forward (front > 0), y up, hw = half width. `top` runs from the rear-bottom corner over
 * the body to the front-bottom corner; `cabin` (greenhouse) from its rear base over the roof to the
 * windshield base. Wheel arches are cut automatically. Lamp/grille pairs are [bottom, top] heights.
 */
interface Spec {
  hw: number;
  r: number;
  wf: number;
  wr: number;
  sill: number;
  belt: number;
  top: string;
  cabin: string;
  tumble: number; // roof half-width as a fraction of the body's
  pillars: P2[]; // [x, width] of the pillars splitting the side glass
  glassFrom?: number; // no side glass behind this x (cargo vans)
  doors: number[];
  handles: number[];
  head: P2;
  tail: P2;
  tailW: number;
  grille: P2;
  intake: P2;
  rearGlass: P2; // glass part of the rear cabin edge (0 = bottom, 1 = top)
  bed?: P2; // pickup bed x range
  rails?: boolean;
  cladding?: boolean;
  split?: boolean; // twin rear doors
}
// biome-ignore format: a compact table is easier to compare across body types
const SPECS: Record<BodyType, Spec> = {
  Sedán: {
    hw: 0.89, r: 0.33, wf: 1.36, wr: -1.36, sill: 0.27, belt: 1.0, tumble: 0.8,
    top: '-2.27,.32 -2.33,.52 -2.31,.86 -2.18,.99 -1.3,1.03 1.12,.99 2.08,.84 2.28,.72 2.33,.46 2.25,.28',
    cabin: '-1.3,1.03 -.62,1.4 -.3,1.45 .12,1.46 .38,1.42 1.12,.99',
    pillars: [[-0.12, 0.1]], doors: [0.96, -0.12, -0.95], handles: [-0.02, -0.86],
    head: [0.64, 0.8], tail: [0.8, 0.95], tailW: 0.42, grille: [0.5, 0.7], intake: [0.32, 0.44],
    rearGlass: [0.06, 0.94],
  },
  Hatchback: {
    hw: 0.86, r: 0.31, wf: 1.23, wr: -1.22, sill: 0.27, belt: 0.97, tumble: 0.78,
    top: '-1.92,.32 -1.98,.55 -1.97,.9 -1.9,.99 1,.96 1.74,.83 1.92,.7 1.97,.45 1.9,.29',
    cabin: '-1.9,.99 -1.62,1.38 -1.4,1.46 -.4,1.5 -.05,1.47 1,.96',
    pillars: [[-0.42, 0.09], [-1.6, 0.56]], doors: [0.84, -0.42, -0.84], handles: [-0.36, -0.8],
    head: [0.6, 0.76], tail: [0.7, 0.95], tailW: 0.3, grille: [0.45, 0.64], intake: [0.32, 0.42],
    rearGlass: [0.12, 0.92],
  },
  SUV: {
    hw: 0.93, r: 0.38, wf: 1.36, wr: -1.34, sill: 0.47, belt: 1.13, tumble: 0.82,
    top: '-2.22,.46 -2.31,.62 -2.3,1.05 -2.22,1.14 1.15,1.13 2.04,1.04 2.27,.94 2.31,.62 2.22,.46',
    cabin: '-2.2,1.14 -2.07,1.68 -1.86,1.76 .3,1.78 .56,1.74 1.15,1.13',
    pillars: [[-0.15, 0.1], [-1.3, 0.13]], doors: [0.9, -0.15, -0.9], handles: [-0.05, -0.86],
    head: [0.88, 1.02], tail: [0.92, 1.1], tailW: 0.36, grille: [0.64, 0.96], intake: [0.49, 0.58],
    rearGlass: [0.12, 0.92], rails: true, cladding: true,
  },
  Camioneta: {
    hw: 0.93, r: 0.38, wf: 1.55, wr: -1.55, sill: 0.52, belt: 1.22, tumble: 0.84,
    top: '-2.58,.48 -2.66,.62 -2.65,1.22 -.58,1.22 1.12,1.22 2.28,1.12 2.58,.98 2.66,.62 2.56,.47',
    cabin: '-.58,1.22 -.55,1.82 -.42,1.88 .55,1.89 .72,1.85 1.12,1.22',
    pillars: [[0.22, 0.1]], doors: [1.05, 0.22, -0.54, -0.62], handles: [0.3, -0.46],
    head: [0.9, 1.06], tail: [0.72, 1.12], tailW: 0.15, grille: [0.6, 1.02], intake: [0.5, 0.58],
    rearGlass: [0.32, 0.88], bed: [-2.57, -0.68], cladding: true,
  },
  Furgón: {
    hw: 1.0, r: 0.35, wf: 1.95, wr: -1.7, sill: 0.42, belt: 1.15, tumble: 0.94,
    top: '-2.7,.4 -2.77,.58 -2.76,1.15 2,1.15 2.46,1.02 2.7,.86 2.77,.58 2.68,.4',
    cabin: '-2.76,1.15 -2.74,2.32 -2.62,2.42 1.3,2.44 1.55,2.33 2,1.15',
    pillars: [], glassFrom: 0.62, doors: [1.5, 0.55, -0.75], handles: [0.62, 0.3],
    head: [0.9, 1.06], tail: [0.55, 1.08], tailW: 0.16, grille: [0.62, 0.92], intake: [0.44, 0.54],
    rearGlass: [0.62, 0.92], split: true,
  },
  Coupé: {
    hw: 0.91, r: 0.34, wf: 1.38, wr: -1.3, sill: 0.24, belt: 0.92, tumble: 0.76,
    top: '-2.17,.3 -2.25,.5 -2.22,.8 -2.05,.9 -1.55,.94 1,.9 2.02,.73 2.22,.6 2.27,.4 2.18,.26',
    cabin: '-1.55,.94 -.55,1.28 -.1,1.34 .25,1.32 1,.9',
    pillars: [[-0.66, 0.07]], doors: [0.95, -0.55], handles: [-0.48],
    head: [0.58, 0.7], tail: [0.74, 0.86], tailW: 0.45, grille: [0.4, 0.58], intake: [0.29, 0.38],
    rearGlass: [0.06, 0.94],
  },
  'Station Wagon': {
    hw: 0.9, r: 0.33, wf: 1.4, wr: -1.35, sill: 0.27, belt: 1.0, tumble: 0.8,
    top: '-2.3,.32 -2.37,.55 -2.36,.93 -2.28,1.01 1.15,.99 2.14,.84 2.34,.72 2.38,.46 2.3,.28',
    cabin: '-2.28,1.01 -2.14,1.42 -1.9,1.49 .15,1.5 .4,1.47 1.15,.99',
    pillars: [[-0.1, 0.1], [-1.3, 0.12]], doors: [1.0, -0.1, -0.95], handles: [-0.02, -0.88],
    head: [0.64, 0.8], tail: [0.74, 0.94], tailW: 0.36, grille: [0.5, 0.7], intake: [0.32, 0.44],
    rearGlass: [0.1, 0.92], rails: true,
  },
};
const prof = (s: string): P2[] =>
  s.split(' ').map((xy): P2 => [Number(xy.split(',')[0]), Number(xy.split(',')[1])]);

/** Arch cut-out: arc over the wheel from the front sill intersection to the rear one. */
function arch(xw: number, r: number, sill: number, k = 1.17): P2[] {
  const ra = r * k;
  const a0 = Math.asin(Math.max(-1, Math.min(1, (sill - r) / ra)));
  return Array.from({ length: 13 }, (_, i): P2 => {
    const a = a0 + ((Math.PI - 2 * a0) * i) / 12;
    return [xw + ra * Math.cos(a), r + ra * Math.sin(a)];
  });
}
/** Inward offset of a convex clockwise (y-up) polygon: the window openings inside the greenhouse. */
function inset(poly: P2[], m: number): P2[] {
  const lines = poly.map((p, i) => {
    const q = nth(poly, i + 1);
    const l = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    const d: P2 = [(q[0] - p[0]) / l, (q[1] - p[1]) / l];
    return { p: [p[0] + d[1] * m, p[1] - d[0] * m] as P2, d };
  });
  return lines.map((b, i): P2 => {
    const a = nth(lines, i - 1);
    const den = a.d[0] * b.d[1] - a.d[1] * b.d[0];
    if (Math.abs(den) < 1e-9) return b.p;
    const t = ((b.p[0] - a.p[0]) * b.d[1] - (b.p[1] - a.p[1]) * b.d[0]) / den;
    return [a.p[0] + a.d[0] * t, a.p[1] + a.d[1] * t];
  });
}
/** Sutherland–Hodgman clip to x0 ≤ x ≤ x1: splits the side glass at the pillars. */
function clipX(poly: P2[], x0: number, x1: number): P2[] {
  let out = poly;
  for (const [lim, keep] of [
    [x0, 1],
    [x1, -1],
  ] as const) {
    const src = out;
    out = [];
    src.forEach((p, i) => {
      const q = nth(src, i + 1);
      const [ip, iq] = [(p[0] - lim) * keep >= 0, (q[0] - lim) * keep >= 0];
      if (ip) out.push(p);
      if (ip !== iq) out.push([lim, p[1] + ((q[1] - p[1]) * (lim - p[0])) / (q[0] - p[0])]);
    });
  }
  return out;
}
/** x of the front (or rear) face of a body profile at height y: where lamps and grille sit. */
function edgeX(top: P2[], y: number, front: boolean): number {
  const xs = top.map((p) => p[0]);
  let best = front ? Math.max(...xs) : Math.min(...xs); // fallback: the bumper's extreme
  let hit = false;
  top.forEach((a, i) => {
    const b = top[i + 1];
    if (!b || a[1] === b[1] || (y - a[1]) * (y - b[1]) > 0) return;
    const x = a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]);
    best = !hit ? x : front ? Math.max(best, x) : Math.min(best, x);
    hit = true;
  });
  return best;
}

// ---------------------------------------------------------------- car model
interface Face {
  p: V3[];
  n: V3;
  fill: string;
  line?: number; // stroked polyline of this width in metres
}
export interface Wheel {
  c: V3;
  out: V3;
  fwd: V3;
  r: number;
}
export interface CarModel {
  id: string;
  layers: Face[][]; // body panels, body decals, cabin panels, cabin decals
  wells: Face[];
  wheels: Wheel[];
  hull: V3[];
  len: number;
  hw: number;
  place: (x: number, y: number, z: number) => V3;
  defs: string;
  rim: string;
  spokes: number;
  spin: number;
}
export interface Placement {
  x: number;
  z: number;
  yaw: number;
}
const RIMS = ['#c8cbcf', '#8b8f95', '#2b2c2f', '#d9dbde'];
const GLASS = '#10161c';

/** Builds the car in world space (placed and yawed) as ordered, lit face layers. */
export function buildCar(
  type: BodyType,
  paint: string,
  L: Light,
  pl: Placement,
  id: string,
  r: Rng,
): CarModel {
  const S = SPECS[type];
  const { hw, belt } = S;
  const [top, cab] = [prof(S.top), prof(S.cabin)];
  const [cy, sy] = [Math.cos(pl.yaw), Math.sin(pl.yaw)];
  const rot = (x: number, y: number, z: number): V3 => [x * cy + z * sy, y, -x * sy + z * cy];
  const P = (x: number, y: number, z: number): V3 => {
    const v = rot(x, y, z);
    return [v[0] + pl.x, v[1], v[2] + pl.z];
  };
  const N = (x: number, y: number, z: number): V3 => norm(rot(x, y, z));
  const [body, deco, cabin, glass, wells]: [Face[], Face[], Face[], Face[], Face[]] = [[], [], [], [], []];
  const outN = (a: P2, b: P2): V3 => N(a[1] - b[1], b[0] - a[0], 0); // outward normal of a clockwise edge
  const quad = (a: P2, b: P2, za: number, zb: number): V3[] => [
    P(a[0], a[1], za),
    P(b[0], b[1], zb),
    P(b[0], b[1], -zb),
    P(a[0], a[1], -za),
  ];
  const shrink = (p: V3[], k: number): V3[] => {
    const c = centroid(p);
    return p.map((v): V3 => [c[0] + (v[0] - c[0]) * k, c[1] + (v[1] - c[1]) * k, c[2] + (v[2] - c[2]) * k]);
  };
  const side = (s: number): string => lit(paint, N(0, 0, s), L);

  // Lower body: side faces with arch cut-outs, plus skin quads along the top edge.
  const body2 = [...top, ...arch(S.wf, S.r, S.sill), ...arch(S.wr, S.r, S.sill)];
  for (const s of [1, -1])
    body.push({ p: body2.map(([x, y]) => P(x, y, s * hw)), n: N(0, 0, s), fill: `url(#${id}s${s})` });
  top.forEach((a, i) => {
    const b = top[i + 1];
    if (b) body.push({ p: quad(a, b, hw, hw), n: outN(a, b), fill: lit(paint, outN(a, b), L) });
  });

  // Greenhouse: narrower towards the roof (tumblehome) so 3/4 views read as a car rather than a box.
  const ys = cab.map((p) => p[1]);
  const [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  const zc = (y: number): number => hw * 0.97 * (1 - ((1 - S.tumble) * (y - y0)) / (y1 - y0));
  for (const s of [1, -1]) {
    const n = N(0, (hw * 0.97 * (1 - S.tumble)) / (y1 - y0), s);
    cabin.push({ p: cab.map(([x, y]) => P(x, y, s * zc(y))), n, fill: mix(side(s), L.sky, 0.25) });
    const onSide = (poly: P2[], fill: string): void => {
      if (poly.length > 2) glass.push({ p: poly.map(([x, y]) => P(x, y, s * (zc(y) + 0.004))), n, fill });
    };
    onSide(clipX(inset(cab, 0.05), S.glassFrom ?? -9, 9), '#131416'); // black window surround and B pillar
    let from = 9;
    for (const [px, w] of [...S.pillars, [-9, 0] as P2].sort((a, b) => b[0] - a[0])) {
      onSide(clipX(inset(cab, 0.075), Math.max(px + w / 2, S.glassFrom ?? -9), from), `url(#${id}gs)`);
      from = px - w / 2;
    }
  }
  cab.forEach((a, i) => {
    const b = cab[i + 1];
    if (!b) return;
    const n = outN(a, b);
    cabin.push({ p: quad(a, b, zc(a[1]), zc(b[1])), n, fill: lit(paint, n, L) });
    const g = i === 0 ? S.rearGlass : i === cab.length - 2 ? ([0.04, 0.96] as P2) : undefined; // rear / windshield
    if (!g) return;
    const at = (t: number): P2 => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    const [ga, gb] = [at(g[0]), at(g[1])];
    glass.push({ p: quad(ga, gb, zc(ga[1]) * 0.9, zc(gb[1]) * 0.9), n, fill: `url(#${id}gw)` });
  });

  // Decals over the panels: lamps, grille, seams, handles, cladding, mirrors, rails, bed.
  const fx = (y: number): number => edgeX(top, y, true);
  const bx = (y: number): number => edgeX(top, y, false);
  const [[h0, h1], [t0, t1], [g0, g1]] = [S.head, S.tail, S.grille];
  const nF = N(h1 - h0, fx(h0) - fx(h1), 0);
  const nR = N(t0 - t1, bx(t1) - bx(t0), 0);
  const band = (xf: (y: number) => number, [ya, yb]: P2, zo: number, zi: number): V3[] => [
    P(xf(yb), yb, zo),
    P(xf(yb), yb, zi),
    P(xf(ya), ya, zi),
    P(xf(ya), ya, zo),
  ];
  const gz = hw - 0.52;
  deco.push({ p: band(fx, S.grille, gz, -gz), n: nF, fill: '#1a1c1f' });
  for (let k = 1; k < 4; k++) {
    const y = g0 + ((g1 - g0) * k) / 4;
    deco.push({ p: [P(fx(y), y, gz - 0.03), P(fx(y), y, 0.03 - gz)], n: nF, fill: '#4a4d52', line: 0.018 });
  }
  deco.push({ p: band(fx, S.intake, hw - 0.32, 0.32 - hw), n: nF, fill: '#101113' });
  const low = top[0]?.[1] ?? S.sill;
  deco.push({ p: band(bx, [low + 0.03, low + 0.12], hw - 0.15, 0.15 - hw), n: nR, fill: '#141518' }); // diffuser
  if (S.split)
    deco.push({
      p: [P(bx(0.7), 0.62, 0), P(cab[0]?.[0] ?? 0, y1 - 0.1, 0)],
      n: nR,
      fill: '#131416',
      line: 0.012,
    });
  for (const s of [1, -1]) {
    const nS = N(0, 0, s);
    const head = band(fx, S.head, s * (hw - 0.08), s * (hw - 0.5));
    deco.push({ p: head, n: nF, fill: '#cfd8df' }, { p: shrink(head, 0.55), n: nF, fill: '#fbfdff' });
    const hs = [P(fx(h1) - 0.03, h1, s * hw), P(fx(h1) - 0.3, h1, s * hw), P(fx(h0) - 0.16, h0, s * hw)];
    deco.push({ p: [...hs, P(fx(h0) - 0.03, h0, s * hw)], n: nS, fill: '#c9d2d9' });
    const tail = band(bx, S.tail, s * (hw - 0.05), s * (hw - 0.05 - S.tailW));
    deco.push({ p: tail, n: nR, fill: '#8a0e14' }, { p: shrink(tail, 0.6), n: nR, fill: '#d4252c' });
    const tw = Math.min(0.22, S.tailW);
    const ts = [P(bx(t1) + 0.02, t1, s * hw), P(bx(t1) + tw, t1, s * hw), P(bx(t0) + tw * 0.6, t0, s * hw)];
    deco.push({ p: [...ts, P(bx(t0) + 0.02, t0, s * hw)], n: nS, fill: '#a3141b' });
    const seam = scale(side(s), 0.45);
    const cy0 = belt - 0.16; // shoulder crease: a thin highlight that makes the flat side read as pressed metal
    const crease = [P(fx(cy0) - 0.12, cy0, s * hw), P(bx(cy0) + 0.12, cy0 + 0.02, s * hw)];
    deco.push({ p: crease, n: nS, fill: mix(side(s), '#ffffff', 0.3), line: 0.012 });
    for (const x of S.doors)
      deco.push({
        p: [P(x, belt - 0.03, s * hw), P(x, S.sill + 0.04, s * hw)],
        n: nS,
        fill: seam,
        line: 0.012,
      });
    for (const x of S.handles)
      deco.push({
        p: [0, 0.2, 0.2, 0].map((dx, k) => P(x + dx, belt - (k < 2 ? 0.14 : 0.1), s * hw)),
        n: nS,
        fill: seam,
      });
    if (S.cladding) {
      for (const w of [S.wf, S.wr])
        deco.push({
          p: arch(w, S.r, S.sill, 1.23).map(([x, y]) => P(x, y, s * hw)),
          n: nS,
          fill: '#1e1f22',
          line: 0.07,
        });
      const sill = [P(S.wf - S.r * 1.2, S.sill + 0.02, s * hw), P(S.wr + S.r * 1.2, S.sill + 0.02, s * hw)];
      deco.push({ p: sill, n: nS, fill: '#1e1f22', line: 0.08 });
    }
    for (const w of [S.wf, S.wr])
      wells.push({
        p: arch(w, S.r, S.sill).map(([x, y]) => P(x, y, s * (hw - 0.01))),
        n: nS,
        fill: '#0a0b0c',
      });
    // Mirror pod on the front door; normals lean sideways so the far one is culled in 3/4 views.
    const [mx, zb, my] = [nth(cab, -1)[0] - 0.3, hw * 0.97, belt + 0.05];
    // the housing tapers to a short arm at the door so head-on it doesn't read as a floating box
    const front = [P(mx, my, s * zb), P(mx, my + 0.06, s * zb), P(mx - 0.04, my + 0.14, s * (zb + 0.17))];
    glass.push({
      p: [...front, P(mx - 0.02, my + 0.02, s * (zb + 0.17))],
      n: N(1, 0, s * 1.2),
      fill: scale(lit(paint, N(1, 0.3, 0), L), 0.8),
    });
    const pod = [P(mx - 0.02, my + 0.02, s * (zb + 0.17)), P(mx - 0.04, my + 0.14, s * (zb + 0.17))];
    glass.push({
      p: [...pod, P(mx - 0.24, my + 0.13, s * (zb + 0.16)), P(mx - 0.22, my + 0.03, s * (zb + 0.16))],
      n: nS,
      fill: side(s),
    });
    if (S.rails) {
      const [ra, rb] = [nth(cab, 2)[0] + 0.1, nth(cab, -3)[0] - 0.1];
      const rz = s * (zc(y1) - 0.1);
      glass.push({
        p: [P(ra, y1 + 0.04, rz), P(rb, y1 + 0.04, rz)],
        n: N(0, 1, 0),
        fill: '#1b1c1f',
        line: 0.05,
      });
    }
  }
  if (S.bed) {
    const [b0, b1, bz] = [S.bed[0], S.bed[1], hw - 0.07];
    const floor = mix(scale(paint, 0.3), '#1d1e20', 0.6);
    deco.push({
      p: [P(b0, belt, bz), P(b1, belt, bz), P(b1, belt, -bz), P(b0, belt, -bz)],
      n: N(0, 1, 0),
      fill: floor,
    });
  }

  const hull = [...body2, ...cab].flatMap(([x, y]) => [P(x, y, hw), P(x, y, -hw)]);
  const wheels = [S.wf, S.wr].flatMap((x) =>
    [1, -1].map((s): Wheel => ({ c: P(x, S.r, s * (hw - 0.07)), out: N(0, 0, s), fwd: N(1, 0, 0), r: S.r })),
  );
  const sideGrad = (s: number): string => {
    const c = side(s);
    const stops: [number, string][] = [
      [0, mix(c, L.sky, 0.25)],
      [0.2, mix(c, '#ffffff', 0.2)],
      [0.26, c],
    ];
    return vgrad(`${id}s${s}`, [...stops, [0.65, scale(c, 0.86)], [1, scale(c, 0.68)]]);
  };
  const defs = `${sideGrad(1)}${sideGrad(-1)}${vgrad(`${id}gw`, [
    [0, mix(GLASS, L.sky, 0.55)],
    [0.55, mix(GLASS, L.sky, 0.18)],
    [1, GLASS],
  ])}${vgrad(
    `${id}gs`,
    [
      [0, mix(GLASS, L.sky, 0.5)],
      [0.3, mix(GLASS, L.sky, 0.22)],
      [0.36, mix(GLASS, '#ffffff', 0.3)],
      [0.44, mix(GLASS, L.sky, 0.14)],
      [1, GLASS],
    ],
    'x1="0" y1="0" x2="1" y2="1"',
  )}`;
  const xs = top.map((p) => p[0]);
  const [rim, spokes, spin] = [pick(r, RIMS), pick(r, [5, 5, 6, 7, 10]), r() * 6.3];
  const len = Math.max(...xs) - Math.min(...xs);
  return {
    id,
    layers: [body, deco, cabin, glass],
    wells,
    wheels,
    hull,
    len,
    hw,
    place: P,
    defs,
    rim,
    spokes,
    spin,
  };
}

// ---------------------------------------------------------------- drawing
function hull2(ps: P2[]): P2[] {
  const half = (arr: P2[]): P2[] => {
    const h: P2[] = [];
    for (const p of arr) {
      while (h.length > 1) {
        const [a, b] = [nth(h, -2), nth(h, -1)];
        if ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) > 0) break;
        h.pop();
      }
      h.push(p);
    }
    return h.slice(0, -1);
  };
  const s = [...ps].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return [...half(s), ...half(s.reverse())];
}
/** A point in the wheel's own plane: u along the car, v up, off along the axle (outwards). */
const wheelPoint = (w: Wheel, u: number, v: number, off: number): V3 => [
  w.c[0] + w.fwd[0] * u + w.out[0] * off,
  w.c[1] + v,
  w.c[2] + w.fwd[2] * u + w.out[2] * off,
];
export const ring = (w: Wheel, rad: number, off: number, n = 28): V3[] =>
  Array.from({ length: n }, (_, i) =>
    wheelPoint(w, Math.cos((i / n) * 6.2832) * rad, Math.sin((i / n) * 6.2832) * rad, off),
  );

function wheelSvg(w: Wheel, m: CarModel, cam: Camera): string {
  const pr = (ps: V3[]): string => pts(ps.map((p) => project(cam, p)));
  const poly = (ps: V3[], fill: string): string => `<polygon points="${pr(ps)}" fill="${fill}"/>`;
  const tread = hull2([...ring(w, w.r, 0), ...ring(w, w.r, -0.24)].map((p) => project(cam, p)));
  const tire = `<polygon points="${pts(tread)}" fill="#151516"/>`;
  if (dot(w.out, sub(cam.pos, w.c)) <= 0) return tire; // far side: only the tread shows
  const r = w.r;
  const px = (cam.s / Math.max(0.1, dot(sub(w.c, cam.pos), cam.fwd))) * r; // wheel radius in pixels
  let s = tire + poly(ring(w, r, 0), '#1d1d1f') + poly(ring(w, r * 0.66, 0), '#2c2d30');
  s += poly(ring(w, r * 0.46, -0.06), '#7a7c80') + poly(ring(w, r * 0.2, -0.06), '#4d4f53'); // brake disc
  const arc = Array.from({ length: 7 }, (_, i) => 0.5 + i * 0.12);
  const cal = (k: number): V3[] =>
    arc.map((a) => wheelPoint(w, -Math.cos(a) * r * k, Math.sin(a) * r * k, -0.04));
  s += poly([...cal(0.5), ...cal(0.34).reverse()], m.spokes === 10 ? '#a8171d' : '#37393d'); // caliper
  for (let k = 0; k < m.spokes; k++) {
    const a = m.spin + (k * 6.2832) / m.spokes;
    const [c, sn] = [Math.cos(a), Math.sin(a)];
    const sp = (rad: number, wd: number): V3[] => [
      wheelPoint(w, c * rad - sn * wd, sn * rad + c * wd, 0.01),
      wheelPoint(w, c * rad + sn * wd, sn * rad - c * wd, 0.01),
    ];
    const [[i0, i1], [o0, o1]] = [sp(r * 0.16, r * 0.06), sp(r * 0.64, r * (m.spokes > 6 ? 0.05 : 0.09))];
    if (i0 && i1 && o0 && o1) s += poly([i0, o0, o1, i1], m.rim);
  }
  const lip = `stroke="${mix(m.rim, '#ffffff', 0.25)}" stroke-width="${f1(px * 0.045)}"`;
  s += `<polygon points="${pr(ring(w, r * 0.645, 0.01))}" fill="none" ${lip}/>`;
  s += poly(ring(w, r * 0.19, 0.015, 16), m.rim) + poly(ring(w, r * 0.08, 0.02, 12), '#1a1a1c');
  for (let k = 0; k < 5; k++) {
    const a = m.spin + 0.6 + (k * 6.2832) / 5;
    const [x, y] = project(cam, wheelPoint(w, Math.cos(a) * r * 0.13, Math.sin(a) * r * 0.13, 0.02));
    s += `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(px * 0.022)}" fill="#5b5d61"/>`; // lug nuts
  }
  return s;
}

/** Car SVG. Wheels and wells go first so the body, with its arch cut-outs, overlaps them correctly. */
export function drawCar(m: CarModel, cam: Camera): string {
  const eye: V3 = cam.mirror ? [cam.pos[0], -cam.pos[1], cam.pos[2]] : cam.pos;
  const vis = (f: Face): boolean => dot(f.n, sub(eye, centroid(f.p))) > 0; // back-face culling
  const dist = (f: Face): number => Math.hypot(...sub(centroid(f.p), eye));
  const face = (f: Face): string => {
    const q = pts(f.p.map((p) => project(cam, p)));
    if (!f.line) return `<polygon points="${q}" fill="${f.fill}"/>`;
    const wpx = (cam.s * f.line) / Math.max(0.1, dot(sub(centroid(f.p), cam.pos), cam.fwd));
    return `<polyline points="${q}" fill="none" stroke="${f.fill}" stroke-width="${f1(wpx)}" stroke-linecap="round"/>`;
  };
  const near = (w: Wheel): boolean => dot(w.out, sub(cam.pos, w.c)) > 0;
  let s = m.wheels
    .filter((w) => !near(w))
    .map((w) => wheelSvg(w, m, cam))
    .join('');
  s += m.wells.filter(vis).map(face).join('');
  s += m.wheels
    .filter(near)
    .map((w) => wheelSvg(w, m, cam))
    .join('');
  m.layers.forEach((layer, i) => {
    const v = layer.filter(vis);
    if (i % 2 === 0) v.sort((a, b) => dist(b) - dist(a)); // painter's order for panels; decals keep build order
    s += v.map(face).join('');
  });
  return s;
}
/** Soft contact shadow: a radial-gradient ellipse plus a darker core (a blur filter would cost ~100 ms). */
export function shadowSvg(m: CarModel, cam: Camera, k = 1): string {
  const foot = (e: number, ez: number): P2[] =>
    [
      [1, 1],
      [1, -1],
      [-1, -1],
      [-1, 1],
    ].map(([a = 0, b = 0]) => project(cam, m.place(a * (m.len / 2 + e), 0, b * (m.hw + ez))));
  const q = foot(0.8, 0.7);
  const [xs, ys] = [q.map((p) => p[0]), q.map((p) => p[1])];
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const g = `${m.id}sh`;
  const stop = (o: number, a: number): string =>
    `<stop offset="${o}" stop-color="#000" stop-opacity="${(a * k).toFixed(2)}"/>`;
  return `<radialGradient id="${g}">${stop(0, 0.6)}${stop(0.55, 0.35)}${stop(1, 0)}</radialGradient>
<ellipse cx="${f1((x0 + x1) / 2)}" cy="${f1((y0 + y1) / 2)}" rx="${f1((x1 - x0) / 2)}" ry="${f1((y1 - y0) / 2)}" fill="url(#${g})"/>
${[0.2, 0.35, 0.5].map((e) => `<polygon points="${pts(foot(-e, -e / 2))}" fill="#000" fill-opacity="${(0.15 * k).toFixed(2)}"/>`).join('')}`;
}

// ---------------------------------------------------------------- exterior photos
// Camera bearing in degrees around the car (0 = dead ahead). The nose points +x and the car's left
// (driver's side in Chile) is −z, so the 'left' views sit at negative angles.
const AZIMUTH: Partial<Record<PhotoView, number>> = {
  side: -90,
  'front-left': -38,
  'rear-right': 142,
  front: 0,
  rear: 180,
  wheel: -58,
};

/** A car on an outdoor lot with the Andes behind it, or in a photo studio with a glossy floor. */
function exteriorSvg(inp: CarPhotoInput, sr: Rng, cr: Rng, outdoor: Light): string {
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

// ---------------------------------------------------------------- interior photos
const TRIMS = [
  { seat: '#1d1e21', dash: '#222326', face: '#2d2e32', liner: '#bdbab3', trim: '#8e949b' }, // black cloth
  { seat: '#c9b89a', dash: '#28282a', face: '#c2b59c', liner: '#d8d2c6', trim: '#6b4a2f' }, // beige leather
  { seat: '#55585e', dash: '#26272a', face: '#3a3c41', liner: '#c8c8c6', trim: '' }, // grey, body-colour trim
  { seat: '#5a2a22', dash: '#1f1f21', face: '#2a2a2d', liner: '#2b2b2d', trim: '#9aa0a6' }, // sport
];
const ACCENTS = ['#ff5a1f', '#3fa9ff', '#e8eef4', '#ff2d3a', '#ffb020'];
const rect = (x: number, y: number, w: number, h: number, rx: number, fill: string, extra = ''): string =>
  `<rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(h)}" rx="${rx}" fill="${fill}" ${extra}/>`;
/** Round gauge without numerals (no text in the photos): ticks, red zone, needle. */
function gauge(cx: number, cy: number, r: number, accent: string, value: number, redZone: boolean): string {
  let s = `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#gf)" stroke="#5c6066" stroke-width="${f1(r * 0.05)}"/>`;
  s += `<circle cx="${cx}" cy="${cy}" r="${f1(r * 0.96)}" fill="none" stroke="${accent}" stroke-opacity="0.8" stroke-width="${f1(r * 0.02)}"/>`;
  for (let i = 0; i <= 40; i++) {
    const a = ((-225 + (270 * i) / 40) * Math.PI) / 180;
    const r0 = r * (i % 5 === 0 ? 0.76 : 0.84);
    const col = redZone && i > 32 ? '#e0322b' : '#e9edf2';
    const [c, s2] = [Math.cos(a), Math.sin(a)];
    s += `<line x1="${f1(cx + c * r0)}" y1="${f1(cy + s2 * r0)}" x2="${f1(cx + c * r * 0.9)}" y2="${f1(cy + s2 * r * 0.9)}" stroke="${col}" stroke-width="${f1(r * (i % 5 === 0 ? 0.025 : 0.012))}"/>`;
  }
  const a = ((-225 + 270 * value) * Math.PI) / 180;
  const [c, s2] = [Math.cos(a), Math.sin(a)];
  const needle: P2[] = [
    [cx + c * r * 0.82, cy + s2 * r * 0.82],
    [cx - s2 * r * 0.03, cy + c * r * 0.03],
    [cx + s2 * r * 0.03, cy - c * r * 0.03],
  ];
  return `${s}<polygon points="${pts(needle)}" fill="${accent}"/><circle cx="${cx}" cy="${cy}" r="${f1(r * 0.1)}" fill="#1a1c20" stroke="#3a3d42" stroke-width="${f1(r * 0.02)}"/>`;
}
/** Steering wheel as an ellipse rim with three spokes and a hub (seen from behind, slightly above). */
function steeringWheel(cx: number, cy: number, rx: number, ry: number, t: { dash: string }): string {
  const w = rx * 0.17;
  const spoke = (x2: number, y2: number, wd: number): string =>
    `<line x1="${cx}" y1="${cy}" x2="${f1(x2)}" y2="${f1(y2)}" stroke="#1b1c1f" stroke-width="${f1(wd)}" stroke-linecap="round"/>`;
  return `${spoke(cx - rx, cy + ry * 0.1, w * 0.9)}${spoke(cx + rx, cy + ry * 0.1, w * 0.9)}${spoke(cx, cy + ry, w * 1.1)}
<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="#17181a" stroke-width="${f1(w)}"/>
<path d="M${f1(cx - rx * 0.8)},${f1(cy - ry * 0.62)} Q${cx},${f1(cy - ry * 1.28)} ${f1(cx + rx * 0.8)},${f1(cy - ry * 0.62)}" fill="none" stroke="#55585d" stroke-opacity="0.6" stroke-width="${f1(w * 0.15)}"/>
<ellipse cx="${cx}" cy="${f1(cy + ry * 0.05)}" rx="${f1(rx * 0.36)}" ry="${f1(ry * 0.34)}" fill="${mix(t.dash, '#000000', 0.2)}" stroke="#2c2e32" stroke-width="${f1(w * 0.12)}"/>
${rect(cx - rx * 0.72, cy - ry * 0.02, rx * 0.2, ry * 0.1, 6, '#2d3034')}${rect(cx + rx * 0.52, cy - ry * 0.02, rx * 0.2, ry * 0.1, 6, '#2d3034')}`;
}

/** View from the back seat: windshield with the outdoors, dashboard, steering wheel (LHD), seats. */
function interiorSvg(inp: CarPhotoInput, sr: Rng, cr: Rng, L: Light): string {
  const [W, H] = [PHOTO_W, PHOTO_H];
  const t = pick(sr, TRIMS);
  const trim = t.trim || colorHex(inp.color);
  const accent = pick(sr, ACCENTS);
  const tall = ['SUV', 'Camioneta', 'Furgón'].includes(inp.bodyType);
  const dy = (tall ? 40 : 0) + rr(cr, -25, 25); // higher seating: the dash sits lower in frame
  const hy = 330 + rr(cr, -20, 20);
  const d = 450 + dy; // dashboard top
  const sw = { x: 540 + rr(cr, -30, 30), y: d + 290 };
  const bg = `${vgrad('sk', [
    [0, L.top],
    [1, L.horizon],
  ])}${vgrad('gr', [
    [0, mix('#7a7466', L.horizon, 0.4)],
    [1, '#4b4a44'],
  ])}
<rect width="${W}" height="${f1(hy)}" fill="url(#sk)"/>${andesSvg(sr, hy, L, W, 1.3)}<rect y="${f1(hy)}" width="${W}" height="${f1(H - hy)}" fill="url(#gr)"/>
<polygon points="760,${f1(hy)} 840,${f1(hy)} 1700,${H} -100,${H}" fill="#55575a"/><polygon points="798,${f1(hy)} 802,${f1(hy)} 830,${H} 770,${H}" fill="#e8e4d4" fill-opacity="0.8"/>`; // the road ahead
  const dashTop = `M0,${d + 70} C420,${d - 30} 1180,${d - 30} 1600,${d + 70} L1600,${H} L0,${H} Z`;
  const pillars = `<polygon points="0,30 250,50 80,${d + 60} 0,${d + 110}" fill="${scale(t.liner, 0.55)}"/><polygon points="1600,30 1350,50 1520,${d + 60} 1600,${d + 110}" fill="${scale(t.liner, 0.55)}"/>`;
  const liner = `<path d="M0,0 H1600 V60 Q800,130 0,60 Z" fill="${t.liner}"/>${rect(280, 40, 420, 80, 24, scale(t.liner, 0.9))}${rect(900, 40, 420, 80, 24, scale(t.liner, 0.9))}`;
  const mirror = `<line x1="800" y1="70" x2="800" y2="112" stroke="#222" stroke-width="12"/>${rect(690, 100, 220, 62, 22, '#1a1a1c')}${rect(700, 108, 200, 46, 16, mix(GLASS, L.sky, 0.4))}`;
  const cluster = `<path d="M300,${d + 150} Q300,${d + 20} 540,${d + 15} Q780,${d + 20} 780,${d + 150} Z" fill="${scale(t.dash, 0.8)}"/>${rect(350, d + 60, 380, 140, 28, '#0b0c0e')}`;
  const gauges = `${gauge(455, d + 130, 58, accent, rr(sr, 0.05, 0.3), true)}${gauge(625, d + 130, 58, accent, rr(sr, 0.02, 0.2), false)}`;
  const mapLines = Array.from({ length: 6 }, (_, i) => {
    const y = d + 90 + i * 24 + rr(sr, -8, 8);
    return `<polyline points="880,${f1(y)} ${f1(rr(sr, 940, 1060))},${f1(y + rr(sr, -30, 30))} 1140,${f1(y + rr(sr, -20, 20))}" fill="none" stroke="#5b6b80" stroke-width="5"/>`;
  }).join('');
  const screen = `${rect(860, d + 55, 300, 185, 16, '#0c0d0f')}${rect(872, d + 66, 276, 163, 10, '#1c2835')}<g clip-path="url(#scr)">${mapLines}<polyline points="900,${d + 210} 990,${d + 150} 1060,${d + 160} 1130,${d + 90}" fill="none" stroke="${accent}" stroke-width="7"/></g>`;
  const vent = (x: number): string =>
    rect(x, d + 262, 140, 44, 10, '#111214') +
    [0, 1, 2]
      .map(
        (k) =>
          `<line x1="${x + 8}" y1="${d + 275 + k * 10}" x2="${x + 132}" y2="${d + 275 + k * 10}" stroke="#3a3c40" stroke-width="3"/>`,
      )
      .join('');
  const knobs = [930, 1010, 1090]
    .map((x) => `<circle cx="${x}" cy="${d + 350}" r="24" fill="#1b1c1f" stroke="${trim}" stroke-width="4"/>`)
    .join('');
  const consoleP = `<polygon points="880,${d + 400} 1140,${d + 400} 1260,${H} 760,${H}" fill="${scale(t.face, 0.7)}"/><ellipse cx="1010" cy="${Math.min(H - 90, d + 520)}" rx="38" ry="30" fill="#151618" stroke="${trim}" stroke-width="4"/>`;
  const seat = (x: number, hx: number): string =>
    `${rect(hx, 575 + dy, 200, 150, 46, t.seat)}<line x1="${hx + 60}" y1="${725 + dy}" x2="${hx + 60}" y2="${780 + dy}" stroke="#7a7d82" stroke-width="9"/><line x1="${hx + 140}" y1="${725 + dy}" x2="${hx + 140}" y2="${780 + dy}" stroke="#7a7d82" stroke-width="9"/>
${rect(x, 770 + dy, 420, 420, 90, `url(#st)`)}<line x1="${x + 50}" y1="${870 + dy}" x2="${x + 370}" y2="${870 + dy}" stroke="${mix(t.seat, '#ffffff', 0.15)}" stroke-width="3"/>`;
  const defs = `${vgrad('dt', [
    [0, mix(t.dash, '#ffffff', 0.12)],
    [0.22, t.dash],
    [0.23, t.face],
    [0.34, t.face],
    [0.35, trim],
    [0.37, trim],
    [0.38, scale(t.face, 0.85)],
    [1, scale(t.face, 0.55)],
  ])}
${vgrad('st', [
  [0, mix(t.seat, '#ffffff', 0.08)],
  [1, scale(t.seat, 0.6)],
])}<radialGradient id="gf"><stop offset="0" stop-color="#1a1d22"/><stop offset="1" stop-color="#060708"/></radialGradient>
<clipPath id="scr">${rect(872, d + 66, 276, 163, 10, '#000')}</clipPath>${vignette('vg', 0.45)}`;
  const dash = `<path d="${dashTop}" fill="url(#dt)"/>${cluster}${gauges}${screen}${vent(860)}${vent(1020)}${knobs}${consoleP}`;
  return svgDoc(
    `<defs>${defs}</defs>${bg}<rect width="${W}" height="${H}" fill="${GLASS}" fill-opacity="0.12"/>${liner}${pillars}${mirror}${dash}${steeringWheel(sw.x, sw.y, 240, 215, t)}${seat(-130, 20)}${seat(1310, 1380)}<rect width="${W}" height="${H}" fill="url(#vg)"/>`,
  );
}

/** Close-up of the instrument cluster behind the steering-wheel rim. */
function dashboardSvg(inp: CarPhotoInput, sr: Rng, cr: Rng): string {
  const [W, H] = [PHOTO_W, PHOTO_H];
  const t = pick(sr, TRIMS);
  const accent = pick(sr, ACCENTS);
  const [ox, oy] = [rr(cr, -40, 40), rr(cr, -25, 25)];
  const [lx, rx, cy, r] = [560 + ox, 1040 + ox, 470 + oy, 205];
  const bars = Array.from({ length: 8 }, (_, i) =>
    rect(752 + ox, cy + 150 - i * 30, 96, 20, 4, i < 3 + Math.floor(sr() * 5) ? accent : '#20252c'),
  ).join('');
  const defs = `${vgrad('bg', [
    [0, scale(t.dash, 0.7)],
    [0.5, t.dash],
    [1, scale(t.face, 0.8)],
  ])}<radialGradient id="gf"><stop offset="0" stop-color="#1a1d22"/><stop offset="1" stop-color="#060708"/></radialGradient>
${vgrad(
  'gl',
  [
    [0, '#ffffff'],
    [1, '#ffffff'],
  ],
  'x1="0" y1="0" x2="1" y2="1"',
)}${vignette('vg', 0.5)}`;
  const trim = t.trim || colorHex(inp.color);
  const rim = `<ellipse cx="${800 + ox}" cy="${1560 + oy}" rx="1000" ry="800" fill="none" stroke="#141517" stroke-width="120"/><ellipse cx="${800 + ox}" cy="${1560 + oy}" rx="950" ry="752" fill="none" stroke="#3a3c40" stroke-opacity="0.7" stroke-width="6"/>`;
  const marker = inp.bodyType === 'Coupé' ? rect(780 + ox, 700 + oy, 40, 120, 4, '#d22a2a') : '';
  return svgDoc(
    `<defs>${defs}</defs><rect width="${W}" height="${H}" fill="url(#bg)"/>
<path d="M140,${cy - 330} Q800,${cy - 420} 1460,${cy - 330} L1400,${cy + 300} L200,${cy + 300} Z" fill="${scale(t.dash, 0.55)}"/>
${rect(230 + ox, cy - 260, 1140, 560, 120, '#0a0b0d')}${gauge(lx, cy, r, accent, rr(sr, 0.08, 0.35), true)}${gauge(rx, cy, r, accent, rr(sr, 0.05, 0.3), false)}
${rect(735 + ox, cy - 150, 130, 330, 16, '#0d1117')}${bars}<rect x="${170 + ox}" y="${cy + 320}" width="1260" height="16" rx="8" fill="${trim}"/>
<polygon points="${300 + ox},${cy - 250} ${700 + ox},${cy - 250} ${420 + ox},${cy + 290} ${150 + ox},${cy + 290}" fill="url(#gl)" fill-opacity="0.05"/>${rim}${marker}<rect width="${W}" height="${H}" fill="url(#vg)"/>`,
  );
}

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
