// A car in world space: its body, greenhouse, lamps and wheels as lit faces, ready to draw.
import { mix, nth, pick, type Rng, scale } from './basics.ts';
import { arch, clipX, edgeX, inset, prof, SPECS } from './body-types.ts';
import { centroid, norm, type P2, type V3 } from './camera.ts';
import { type Light, lit, vgrad } from './scene.ts';
import type { BodyType } from './types.ts';

export interface Face {
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
export const RIMS = ['#c8cbcf', '#8b8f95', '#2b2c2f', '#d9dbde'];
export const GLASS = '#10161c';

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
