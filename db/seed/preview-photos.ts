/**
 * Renders sample demo photos into a folder and reports weight and speed.
 * Usage: npx tsx db/seed/preview-photos.ts /tmp/photos
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type BodyType, type PhotoView, renderCarPhoto } from './car-photo/index.ts';
import { renderShowroomPhoto } from './showroom-photo.ts';

const out = process.argv[2] ?? '/tmp/photos';
const all = process.argv.includes('--all'); // every body type × view instead of a sample
const types: BodyType[] = ['Sedán', 'Hatchback', 'SUV', 'Camioneta', 'Furgón', 'Coupé', 'Station Wagon'];
const views: PhotoView[] = all
  ? ['front-left', 'side', 'rear-right', 'front', 'rear', 'wheel', 'interior', 'dashboard']
  : ['front-left', 'side', 'rear-right', 'interior'];
const colors = [
  'Blanco',
  'Negro',
  'Gris Plata',
  'Rojo',
  'Azul',
  'Gris Oscuro',
  'Verde',
  'Beige',
  'Naranjo',
  'Celeste',
  'Burdeo',
];
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

await mkdir(out, { recursive: true });
const times: number[] = [];
const sizes: number[] = [];
const record = async (name: string, job: () => Promise<Buffer>): Promise<void> => {
  const t = performance.now();
  const buf = await job();
  const ms = performance.now() - t;
  times.push(ms);
  sizes.push(buf.length);
  await writeFile(join(out, `${name}.jpg`), buf);
  const flag = buf.length < 150_000 || buf.length > 400_000 ? '  <-- outside 150–400 KB' : '';
  console.log(
    `${name.padEnd(34)} ${(buf.length / 1024).toFixed(0).padStart(4)} KB ${ms.toFixed(0).padStart(5)} ms${flag}`,
  );
};

await renderCarPhoto({ bodyType: 'Sedán', color: 'Blanco', view: 'side', seed: 0 }); // warm-up (sharp/librsvg init)
let seed = 1;
for (const bodyType of types) {
  for (const view of views) {
    const color = colors[seed % colors.length] ?? 'Blanco';
    const slug = `${bodyType}-${view}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z0-9-]/g, '');
    await record(slug, () => renderCarPhoto({ bodyType, color, view, seed }));
  }
  seed++;
}
for (let i = 0; i < 3; i++) await record(`showroom-${i}`, () => renderShowroomPhoto(100 + i));

console.log(
  `\n${times.length} photos — median ${median(times).toFixed(0)} ms, ${(median(sizes) / 1024).toFixed(0)} KB median,` +
    ` range ${(Math.min(...sizes) / 1024).toFixed(0)}–${(Math.max(...sizes) / 1024).toFixed(0)} KB`,
);
