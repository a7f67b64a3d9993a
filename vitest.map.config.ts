import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

const TEST_FILE = /\/tests\/(unit|api|hostile)\/.+\.test\.ts$/;

// `npm run test:map`: the whole vitest suite, each test file in a process of its own (isolate), with the coverage
// provider of scripts/test-map/coverage.ts writing which test file runs which source file (.cache/test-map.json).
// Isolated, a module's top level runs again for every file that imports it, so the map does not depend on which
// file a worker happened to run first.
export default mergeConfig(
  base,
  defineConfig({
    plugins: [
      {
        // Vite hoists a module's imports above its code, so this statement runs once the test file's imports are
        // evaluated and before its own code: what ran before it was the modules' top levels, counted as loaded only.
        name: 'test-map-import-phase',
        transform(code, id) {
          if (!TEST_FILE.test(id)) return null;
          const end = "await globalThis[Symbol.for('automotora.test-map')]?.endImportPhase();";
          // On the first line, so the line numbers of the test's errors stay right.
          return { code: `${end}${code}`, map: null };
        },
      },
    ],
    test: {
      isolate: true,
      coverage: {
        enabled: true,
        provider: 'custom',
        customProviderModule: 'scripts/test-map/coverage.ts',
        // A failing test file still says what it ran until it failed; the map names it.
        reportOnFailure: true,
      },
    },
  }),
);
