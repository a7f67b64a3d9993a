import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/hostile/**/*.test.ts'],
    setupFiles: ['tests/support/fail-on-console-error.ts', 'tests/support/fast-check-seed.ts'],
    globalSetup: [
      // The one fast-check seed of the run (FC_SEED, or random), printed at the start.
      'tests/support/fast-check-seed.global.ts',
      // One migrated PGlite database, dumped once; every test database starts from it.
      'tests/support/pglite-template.global.ts',
    ],
    // Each API test file opens its own database; two at a time suit this 2-core machine.
    maxWorkers: 2,
    // Test files share their worker's module cache: importing the server afresh for each file cost ~35 s of the
    // PGlite run and ~28 s of the PostgreSQL one. No test mocks a module, stubs a global or writes process.env;
    // each file opens its own database and server.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
