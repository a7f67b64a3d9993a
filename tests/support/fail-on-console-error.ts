import { afterEach, beforeEach, vi } from 'vitest';

/** An unexpected console.error fails the test that caused it. */
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

/**
 * So does node-postgres's warning that a statement was sent on a connection still running another. In a
 * transaction that means statements run at once on `tx` (a Promise.all), which pg 9 refuses. It warns once per
 * process, so the first test that does it fails.
 */
const overlapping = overlappingQueryWarnings();

/**
 * One listener per process: test files share their worker (vitest.config.ts, `isolate: false`) and this setup file
 * runs again for each, which added a listener per file until Node warned of a leak.
 */
function overlappingQueryWarnings(): string[] {
  const shared = globalThis as { __overlappingQueryWarnings?: string[] };
  if (!shared.__overlappingQueryWarnings) {
    const found: string[] = [];
    process.on('warning', (warning) => {
      if (/already executing a query/.test(warning.message)) found.push(warning.message);
    });
    shared.__overlappingQueryWarnings = found;
  }
  return shared.__overlappingQueryWarnings;
}

afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0)
    throw new Error(`console.error was called: ${errors.map((e) => e.join(' ')).join('\n')}`);
  if (overlapping.length > 0) throw new Error(overlapping.splice(0).join('\n'));
});
