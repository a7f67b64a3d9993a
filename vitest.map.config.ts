import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

// `npm run test:map`: the whole vitest suite, each test file in a process of its own (isolate), with the coverage
// provider of scripts/test-map/coverage.ts writing which test file runs which function of which source file
// (.cache/test-map.json). Isolated, a module's top level runs again for every file that imports it, so the map does
// not depend on which file a worker happened to run first.
export default mergeConfig(
  base,
  defineConfig({
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
