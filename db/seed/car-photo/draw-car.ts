// A built car as SVG through a camera: wheels, body and its soft shadow on the ground.
import { f1, mix, nth } from './basics.ts';
import { type Camera, centroid, dot, type P2, project, pts, sub, type V3 } from './camera.ts';
import type { CarModel, Face, Wheel } from './car-model.ts';

export function hull2(ps: P2[]): P2[] {
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
export const wheelPoint = (w: Wheel, u: number, v: number, off: number): V3 => [
  w.c[0] + w.fwd[0] * u + w.out[0] * off,
  w.c[1] + v,
  w.c[2] + w.fwd[2] * u + w.out[2] * off,
];
export const ring = (w: Wheel, rad: number, off: number, n = 28): V3[] =>
  Array.from({ length: n }, (_, i) =>
    wheelPoint(w, Math.cos((i / n) * 6.2832) * rad, Math.sin((i / n) * 6.2832) * rad, off),
  );

export function wheelSvg(w: Wheel, m: CarModel, cam: Camera): string {
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
