import fc from 'fast-check';
import { beforeEach, inject } from 'vitest';

// Every property test of the run starts from the seed the global setup chose (tests/support/fast-check-seed.global.ts).
// The files of a worker share fast-check's module (isolate: false), and each file runs this again: same value.
const seed = inject('fcSeed');
const path = inject('fcPath');
fc.configureGlobal({ seed, ...(path ? { path, endOnFailure: true } : {}) });

/** `{ seed: 123, path: "4:1:0" }`, as fast-check writes it in the message of a failed property. */
const COUNTER_EXAMPLE = /\{\s*seed:\s*(-?\d+),\s*path:\s*"([\d:]*)"/;

// A failed property already names its seed and path; beside it goes the command that replays it.
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(({ task: failed }) => {
    const found = (failed.result?.errors ?? [])
      .map((error) => COUNTER_EXAMPLE.exec(String(error?.message ?? '')))
      .find((match) => match !== null);
    if (!found) return;
    const file = task.file?.name ?? '';
    // -t takes a regular expression; the shell, a single-quoted word.
    const name = `'${task.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, `'\\''`)}'`;
    console.log(
      `fast-check: this property failed with seed ${found[1]}. Repeat it with\n` +
        `  FC_SEED=${found[1]} npx vitest run ${file} -t ${name}\n` +
        `or replay its smallest counter-example at once with\n` +
        `  FC_SEED=${found[1]} FC_PATH=${found[2]} npx vitest run ${file} -t ${name}`,
    );
  });
});
