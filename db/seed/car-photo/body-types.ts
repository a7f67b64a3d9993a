// The body types as side profiles, and the polygon geometry that cuts windows and wheel arches.
import { nth } from './basics.ts';
import type { P2 } from './camera.ts';
import type { BodyType } from './types.ts';

/**
 * Metres, x forward (front > 0), y up, hw = half width. `top` runs from the rear-bottom corner over
 * the body to the front-bottom corner; `cabin` (greenhouse) from its rear base over the roof to the
 * windshield base. Wheel arches are cut automatically. Lamp/grille pairs are [bottom, top] heights.
 */
export interface Spec {
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
export const SPECS: Record<BodyType, Spec> = {
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
export const prof = (s: string): P2[] =>
  s.split(' ').map((xy): P2 => [Number(xy.split(',')[0]), Number(xy.split(',')[1])]);

/** Arch cut-out: arc over the wheel from the front sill intersection to the rear one. */
export function arch(xw: number, r: number, sill: number, k = 1.17): P2[] {
  const ra = r * k;
  const a0 = Math.asin(Math.max(-1, Math.min(1, (sill - r) / ra)));
  return Array.from({ length: 13 }, (_, i): P2 => {
    const a = a0 + ((Math.PI - 2 * a0) * i) / 12;
    return [xw + ra * Math.cos(a), r + ra * Math.sin(a)];
  });
}
/** Inward offset of a convex clockwise (y-up) polygon: the window openings inside the greenhouse. */
export function inset(poly: P2[], m: number): P2[] {
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
export function clipX(poly: P2[], x0: number, x1: number): P2[] {
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
export function edgeX(top: P2[], y: number, front: boolean): number {
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
