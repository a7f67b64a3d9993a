import { randomInt } from 'node:crypto';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  interface ProvidedContext {
    /** The one fast-check seed of this run: FC_SEED, or drawn at random. */
    fcSeed: number;
    /** FC_PATH: the path fast-check printed for a failure, to replay that counter-example at once (with -t). */
    fcPath: string | undefined;
  }
}

/** FC_SEED as fast-check takes it (a 32-bit integer), or null when it is not one. */
export function parseSeed(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const seed = Number(text);
  return Number.isSafeInteger(seed) && seed >= -(2 ** 31) && seed < 2 ** 32 ? seed : null;
}

/**
 * Vitest global setup: chooses the seed every property test of the run starts from, prints it once, and hands it to
 * each worker (`tests/support/fast-check-seed.ts` applies it). The same seed, given back as FC_SEED, draws the same
 * values again.
 */
export default function setup(project: TestProject): void {
  const given = process.env.FC_SEED;
  const seed = parseSeed(given) ?? (given ? Number.NaN : randomInt(2 ** 31));
  if (Number.isNaN(seed)) throw new Error(`FC_SEED must be an integer, not ${JSON.stringify(given)}`);
  const path = process.env.FC_PATH?.trim() || undefined;
  project.provide('fcSeed', seed);
  project.provide('fcPath', path);
  console.log(
    `\nfast-check: seed ${seed} (${given ? 'from FC_SEED' : 'random'}; repeat with FC_SEED=${seed})` +
      (path ? `, replaying path ${path}` : '') +
      '\n',
  );
}
