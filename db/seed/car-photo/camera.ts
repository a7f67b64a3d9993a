// The 3D scene's vectors and the pinhole camera that projects it into the photo.
import { f1 } from './basics.ts';

export type V3 = [number, number, number];
export type P2 = [number, number];
export const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: V3, b: V3): V3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const norm = (a: V3): V3 => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};
export const centroid = (p: V3[]): V3 =>
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
