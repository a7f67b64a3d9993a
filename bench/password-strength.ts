// What the staff password rule costs (ADR 0027): the first check (loading zxcvbn-ts and its common and Spanish
// dictionaries), the memory they keep, and the time of each later check, typical and worst case.
//   npx tsx bench/password-strength.ts
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { passwordWeakness } from '@server/services/auth/password-strength.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const owner = { email: 'ana.perez@automotora.cl', name: 'Ana Pérez', dealership: 'Automotora Cordillera' };

gc();
const before = process.memoryUsage();
let start = performance.now();
await passwordWeakness('una-clave-larga-2026', owner);
const first = performance.now() - start;
gc();
const after = process.memoryUsage();
console.info(`first check (import + dictionaries + check): ${first.toFixed(0)} ms`);
console.info(
  `kept after GC: heap +${megabytes(after.heapUsed - before.heapUsed)} MB, rss +${megabytes(after.rss - before.rss)} MB`,
);

const typical = [
  '1234567890',
  'aaaaaaaaaa',
  'password12',
  'ana.perez@automotora.cl',
  'contraseña123',
  'chile12345',
  'AnaPerez2026!',
  'clave-segura-2026',
  'tortuga violeta come empanadas',
  'caballo-grapa-bateria-lunes',
];
const times: number[] = [];
for (let round = 0; round < 5; round++) {
  for (const password of typical) {
    start = performance.now();
    await passwordWeakness(password, owner);
    times.push(performance.now() - start);
  }
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
console.info(`typical checks (${times.length}): median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);

const printable = (length: number) =>
  Array.from({ length }, () => String.fromCharCode(33 + Math.floor(Math.random() * 94))).join('');
for (const [label, password] of [
  ['200 random printable characters', printable(200)],
  ['200 characters of l33t symbols', '4@3$1!0|'.repeat(25)],
  ['200 digits', '1234567890'.repeat(20)],
] as const) {
  let worst = 0;
  for (let round = 0; round < 3; round++) {
    start = performance.now();
    await passwordWeakness(password, owner);
    worst = Math.max(worst, performance.now() - start);
  }
  console.info(`${label}: worst of 3 ${worst.toFixed(0)} ms`);
}
