// The interior views: from the back seat, and a close-up of the instrument cluster.
import { colorHex, f1, mix, pick, type Rng, rr, scale } from './basics.ts';
import { type P2, pts } from './camera.ts';
import { GLASS } from './car-model.ts';
import { andesSvg, type Light, svgDoc, vgrad, vignette } from './scene.ts';
import { type CarPhotoInput, PHOTO_H, PHOTO_W } from './types.ts';

export const TRIMS = [
  { seat: '#1d1e21', dash: '#222326', face: '#2d2e32', liner: '#bdbab3', trim: '#8e949b' }, // black cloth
  { seat: '#c9b89a', dash: '#28282a', face: '#c2b59c', liner: '#d8d2c6', trim: '#6b4a2f' }, // beige leather
  { seat: '#55585e', dash: '#26272a', face: '#3a3c41', liner: '#c8c8c6', trim: '' }, // grey, body-colour trim
  { seat: '#5a2a22', dash: '#1f1f21', face: '#2a2a2d', liner: '#2b2b2d', trim: '#9aa0a6' }, // sport
];
export const ACCENTS = ['#ff5a1f', '#3fa9ff', '#e8eef4', '#ff2d3a', '#ffb020'];
export const rect = (
  x: number,
  y: number,
  w: number,
  h: number,
  rx: number,
  fill: string,
  extra = '',
): string =>
  `<rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(h)}" rx="${rx}" fill="${fill}" ${extra}/>`;
/** Round gauge without numerals (no text in the photos): ticks, red zone, needle. */
export function gauge(
  cx: number,
  cy: number,
  r: number,
  accent: string,
  value: number,
  redZone: boolean,
): string {
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
export function steeringWheel(cx: number, cy: number, rx: number, ry: number, t: { dash: string }): string {
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
export function interiorSvg(inp: CarPhotoInput, sr: Rng, cr: Rng, L: Light): string {
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
export function dashboardSvg(inp: CarPhotoInput, sr: Rng, cr: Rng): string {
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
