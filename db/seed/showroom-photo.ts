/**
 * Demo photo of the dealership showroom: seen from inside, looking at the glass front with the
 * street and the Andes behind it, a few cars on a polished floor that reflects them. Reuses the
 * car model and photo pipeline of car-photo.ts; deterministic per seed.
 */
import { colorHex, mix, mulberry32, pick, rr, scale } from './car-photo/basics.ts';
import { type Camera, horizonY, lookAt, norm, project, pts, type V3 } from './car-photo/camera.ts';
import { buildCar } from './car-photo/car-model.ts';
import { drawCar, shadowSvg } from './car-photo/draw-car.ts';
import { andesSvg, finishPhoto, type Light, makeLight, svgDoc, vgrad, vignette } from './car-photo/scene.ts';
import { type BodyType, PHOTO_H, PHOTO_W } from './car-photo/types.ts';

const TYPES: BodyType[] = ['Sedán', 'Hatchback', 'SUV', 'Camioneta', 'Coupé', 'Station Wagon', 'SUV'];
const COLORS = [
  'Blanco',
  'Negro',
  'Gris Plata',
  'Rojo',
  'Azul',
  'Gris Oscuro',
  'Celeste',
  'Burdeo',
  'Naranjo',
];
const ACCENT_WALLS = ['#1f4e8c', '#b3202a', '#2b2d31', '#0f6b5a', '#c76a12'];
// Room in metres: floor y = 0, glass front at z = BACK, the camera stands near z = +13.
const [HALF, CEIL, BACK, NEAR] = [10, 4.6, -9, 11];

const poly = (cam: Camera, ps: V3[], fill: string, extra = ''): string =>
  `<polygon points="${pts(ps.map((p) => project(cam, p)))}" fill="${fill}" ${extra}/>`;
const line = (cam: Camera, a: V3, b: V3, stroke: string, w: number, extra = ''): string => {
  const [p, q] = [project(cam, a), project(cam, b)];
  return `<line x1="${p[0].toFixed(1)}" y1="${p[1].toFixed(1)}" x2="${q[0].toFixed(1)}" y2="${q[1].toFixed(1)}" stroke="${stroke}" stroke-width="${w}" ${extra}/>`;
};

/** What is seen through the glass: sky, Andes, a street with low buildings across it. */
function outside(cam: Camera, r: () => number, L: Light): string {
  const hy = horizonY(cam);
  const street = project(cam, [0, 0, BACK - 14])[1];
  let s = `${vgrad('sk', [
    [0, L.top],
    [0.7, L.sky],
    [1, L.horizon],
  ])}<rect width="${PHOTO_W}" height="${hy.toFixed(0)}" fill="url(#sk)"/>${andesSvg(r, hy, L)}`;
  s += `<rect y="${hy.toFixed(0)}" width="${PHOTO_W}" height="${(PHOTO_H - hy).toFixed(0)}" fill="${mix('#6d6f72', L.horizon, 0.3)}"/>`;
  // buildings across the street, each a block with a grid of windows
  for (let x = -30; x < 30; x += rr(r, 5, 9)) {
    const [w, h, z] = [rr(r, 4, 8), rr(r, 4, 14), BACK - rr(r, 24, 30)];
    const wall = pick(r, ['#d9d2c3', '#c4c8cc', '#e6e1d6', '#b9a58e', '#9fa7ae']);
    s += poly(
      cam,
      [
        [x, 0, z],
        [x + w, 0, z],
        [x + w, h, z],
        [x, h, z],
      ],
      mix(wall, L.horizon, 0.35),
    );
    for (let wy = 1.2; wy < h - 0.8; wy += 2.2)
      for (let wx = x + 0.6; wx < x + w - 1; wx += 1.6)
        s += poly(
          cam,
          [
            [wx, wy, z],
            [wx + 0.9, wy, z],
            [wx + 0.9, wy + 1.1, z],
            [wx, wy + 1.1, z],
          ],
          mix('#3d4a58', L.sky, 0.3),
        );
  }
  return `${s}<rect y="${street.toFixed(0)}" width="${PHOTO_W}" height="${(PHOTO_H - street).toFixed(0)}" fill="#56585b"/>`;
}

function showroomSvg(seed: number): string {
  const r = mulberry32(seed ^ 0x5a0b);
  const outdoor = makeLight(r);
  // Indoors the paint mirrors a bright ceiling, lit from overhead panels.
  const L: Light = { ...outdoor, sky: '#eceff2', warm: '#fff6ea', overcast: false, sun: norm([0.2, 1, 0.5]) };
  const cam = lookAt([rr(r, -1.5, 1.5), rr(r, 1.5, 1.8), 11.5], [rr(r, -0.8, 0.8), 1.0, 0]);
  Object.assign(cam, { s: rr(r, 1000, 1100), cx: PHOTO_W / 2, cy: PHOTO_H * 0.47 });
  const wallC = pick(r, ['#e9e7e2', '#dfe2e6', '#ecebe8']);
  const floorC = pick(r, ['#cfd0d2', '#d8d4cc', '#bfc2c6']);
  const accent = pick(r, ACCENT_WALLS);
  const glassWall: V3[] = [
    [-HALF, 0, BACK],
    [HALF, 0, BACK],
    [HALF, CEIL, BACK],
    [-HALF, CEIL, BACK],
  ];
  const clip = `<clipPath id="gw"><polygon points="${pts(glassWall.map((p) => project(cam, p)))}"/></clipPath>`;

  let s = `<g clip-path="url(#gw)">${outside(cam, r, outdoor)}</g>${poly(cam, glassWall, '#9fb4c4', 'fill-opacity="0.16"')}`;
  for (let x = -HALF; x <= HALF; x += 2.5) s += line(cam, [x, 0, BACK], [x, CEIL, BACK], '#2a2c30', 5);
  s += line(cam, [-HALF, 3.3, BACK], [HALF, 3.3, BACK], '#2a2c30', 5);
  s += poly(
    cam,
    [
      [-HALF, CEIL, BACK],
      [HALF, CEIL, BACK],
      [HALF, CEIL, NEAR],
      [-HALF, CEIL, NEAR],
    ],
    scale(wallC, 0.93),
  );
  for (const x of [-6, -2, 2, 6])
    for (let z = BACK + 2; z < NEAR; z += 4)
      s += poly(
        cam,
        [
          [x - 0.8, CEIL, z],
          [x + 0.8, CEIL, z],
          [x + 0.8, CEIL, z + 0.5],
          [x - 0.8, CEIL, z + 0.5],
        ],
        '#fbfcff',
      );
  s += poly(
    cam,
    [
      [-HALF, 0, BACK],
      [-HALF, CEIL, BACK],
      [-HALF, CEIL, NEAR],
      [-HALF, 0, NEAR],
    ],
    scale(wallC, 0.86),
  );
  s += poly(
    cam,
    [
      [HALF, 0, BACK],
      [HALF, CEIL, BACK],
      [HALF, CEIL, NEAR],
      [HALF, 0, NEAR],
    ],
    scale(wallC, 0.8),
  );
  s += poly(
    cam,
    [
      [HALF, 2.6, BACK],
      [HALF, 3.3, BACK],
      [HALF, 3.3, NEAR],
      [HALF, 2.6, NEAR],
    ],
    accent,
  ); // brand-colour band
  const floorGrad = vgrad('fl', [
    [0, mix(floorC, '#ffffff', 0.3)],
    [1, scale(floorC, 0.78)],
  ]);
  s += poly(
    cam,
    [
      [-HALF, 0, BACK],
      [HALF, 0, BACK],
      [HALF, 0, NEAR],
      [-HALF, 0, NEAR],
    ],
    'url(#fl)',
  );
  // polished floor: the bright glass front and the cars mirror in it
  const fade = `<linearGradient id="rf" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${outdoor.sky}" stop-opacity="0.4"/><stop offset="0.5" stop-color="${outdoor.sky}" stop-opacity="0"/></linearGradient>`;
  s += poly({ ...cam, mirror: true }, glassWall, 'url(#rf)');
  for (let k = -HALF; k <= HALF; k += 1.5) {
    s += line(cam, [k, 0, BACK], [k, 0, NEAR], '#000', 1.5, 'stroke-opacity="0.08"');
    s += line(cam, [-HALF, 0, k], [HALF, 0, k], '#000', 1.5, 'stroke-opacity="0.08"');
  }

  // [x, z, yaw]: two cars angled towards the camera in front, one or two further back
  // (yaw 0 points the nose along +x; negative yaw turns it towards the camera)
  const spots: [number, number, number][] = [
    [-3.0, 4.2, rr(r, -0.6, -0.35)],
    [3.4, 2.8, rr(r, -2.8, -2.5)],
    [0.3, -2.2, rr(r, -0.3, 0.3)],
  ];
  if (r() < 0.5) spots.push([-6, -5, rr(r, -1.8, -1.4)]);
  const cars = spots
    .map(([x, z, yaw], i) =>
      buildCar(pick(r, TYPES), colorHex(pick(r, COLORS)), L, { x, z, yaw }, `k${i}`, r),
    )
    .sort((a, b) => a.place(0, 0, 0)[2] - b.place(0, 0, 0)[2]); // far to near
  let defs = '';
  for (const m of cars) {
    defs += m.defs;
    s += `<g opacity="0.16">${drawCar(m, { ...cam, mirror: true })}</g>${shadowSvg(m, cam, 0.55)}${drawCar(m, cam)}`;
  }
  return svgDoc(
    `<defs>${clip}${floorGrad}${fade}${defs}${vignette('vg', 0.35)}</defs>${s}<rect width="${PHOTO_W}" height="${PHOTO_H}" fill="url(#vg)"/>`,
  );
}

/** Renders the showroom photo as a 1600×1067 JPEG (q82). Same seed → same bytes. */
export async function renderShowroomPhoto(seed: number): Promise<Buffer> {
  return finishPhoto(showroomSvg(seed), seed);
}
