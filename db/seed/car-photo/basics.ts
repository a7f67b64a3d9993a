// Seeded randomness and paint colours: every photo is reproducible from its seed.

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
export const f1 = (v: number): string => v.toFixed(1);

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

export const PAINTS: Record<string, string> = {
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
export const PAINT_KEYS = Object.keys(PAINTS).sort((a, b) => b.length - a.length);
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
