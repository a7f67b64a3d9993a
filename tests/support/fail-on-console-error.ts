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
const overlapping: string[] = [];
process.on('warning', (warning) => {
  if (/already executing a query/.test(warning.message)) overlapping.push(warning.message);
});

afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0)
    throw new Error(`console.error was called: ${errors.map((e) => e.join(' ')).join('\n')}`);
  if (overlapping.length > 0) throw new Error(overlapping.splice(0).join('\n'));
});
