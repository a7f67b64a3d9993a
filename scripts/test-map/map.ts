// The test map: which vitest file runs which source file, read from V8's coverage of each test file's own process
// (`npm run test:map`, scripts/test-map/coverage.ts). `npm run test:changed` selects tests with it.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const MAP_FILE = '.cache/test-map.json';

export interface TestMap {
  version: 1;
  /** When the last run that wrote the map started (ISO): a source saved after it is newer than the map. */
  builtAt: string;
  /** HEAD when it was built, and whether the work tree had changes then. */
  commit: string;
  dirty: boolean;
  /** Every test file the map has seen, and the ones that failed (their coverage stops where they failed). */
  tests: string[];
  failed: string[];
  /**
   * Per source file (repository path): `ran`, the test files in whose process one of its functions ran; `loaded`,
   * those that loaded it at all (the runtime import graph, dynamic imports included).
   */
  sources: Record<string, { ran: string[]; loaded: string[] }>;
}

/** What one test file's process did with the project's files (the payload of takeCoverage). */
export interface FileRun {
  testFile: string;
  ran: string[];
  loaded: string[];
}

/** The part of a V8 `ScriptCoverage` the map reads (Profiler.takePreciseCoverage, NODE_V8_COVERAGE files). */
export interface ScriptCoverage {
  url: string;
  functions: { functionName: string; ranges: { startOffset: number; endOffset: number; count: number }[] }[];
}

/**
 * The repository path of a script V8 ran, or null for what is not the project's own code (Node's internals,
 * packages, vitest's and vite's modules, generated files).
 */
export function projectPath(url: string, root: string): string | null {
  let file = url;
  if (file.startsWith('file://')) file = decodeURIComponent(new URL(file).pathname);
  else if (!file.startsWith('/')) return null;
  file = file.replace(/[?#].*$/, '');
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  if (/(^|\/)(node_modules|\.react-router|build|\.cache)\//.test(relative)) return null;
  if (!/\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/.test(relative)) return null;
  return relative.split(path.sep).join('/');
}

/**
 * Whether one of the script's own functions ran, leaving out its top level: the script itself (offset 0) and, for a
 * module vitest ran, the function it wraps the module's code in (it starts before `codeStart`). A module that was
 * only imported ran its top level and nothing else.
 */
export function ranAFunction(script: ScriptCoverage, codeStart = 0): boolean {
  return script.functions.some((fn) => {
    const whole = fn.ranges[0];
    if (!whole || whole.count === 0) return false;
    return whole.startOffset > 0 && whole.startOffset >= codeStart;
  });
}

/** The project files a test file's process loaded and those it ran a function of. */
export function summarise(
  scripts: readonly ScriptCoverage[],
  root: string,
  codeStartOf: (url: string) => number | undefined = () => undefined,
): { ran: string[]; loaded: string[] } {
  const ran = new Set<string>();
  const loaded = new Set<string>();
  for (const script of scripts) {
    const file = projectPath(script.url, root);
    if (!file) continue;
    loaded.add(file);
    if (ranAFunction(script, codeStartOf(script.url))) ran.add(file);
  }
  return { ran: [...ran].sort(), loaded: [...loaded].sort() };
}

/**
 * The map after a run: a run of every test file replaces it; a run of some (`npm run test:map -- <files>`) replaces
 * what the map held for those files and keeps the rest.
 */
export function mergeRuns(
  previous: TestMap | null,
  runs: readonly FileRun[],
  meta: { builtAt: string; commit: string; dirty: boolean; failed: string[]; allTestsRun: boolean },
): TestMap {
  const rerun = new Set(runs.map((run) => run.testFile));
  const keep = meta.allTestsRun ? null : previous;
  const sources = new Map<string, { ran: Set<string>; loaded: Set<string> }>();
  const entry = (file: string) => {
    let found = sources.get(file);
    if (!found) {
      found = { ran: new Set(), loaded: new Set() };
      sources.set(file, found);
    }
    return found;
  };
  for (const [file, { ran, loaded }] of Object.entries(keep?.sources ?? {})) {
    for (const test of ran) if (!rerun.has(test)) entry(file).ran.add(test);
    for (const test of loaded) if (!rerun.has(test)) entry(file).loaded.add(test);
  }
  for (const run of runs) {
    for (const file of run.ran) entry(file).ran.add(run.testFile);
    for (const file of run.loaded) entry(file).loaded.add(run.testFile);
  }
  const sorted = (set: Iterable<string>) => [...set].sort();
  return {
    version: 1,
    builtAt: meta.builtAt,
    commit: meta.commit,
    dirty: meta.dirty,
    tests: sorted(new Set([...(keep?.tests ?? []), ...rerun])),
    failed: sorted(new Set([...(keep?.failed ?? []).filter((test) => !rerun.has(test)), ...meta.failed])),
    sources: Object.fromEntries(
      [...sources.entries()]
        .filter(([, { loaded }]) => loaded.size > 0)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([file, { ran, loaded }]) => [file, { ran: sorted(ran), loaded: sorted(loaded) }]),
    ),
  };
}

/** How the map answers for one changed source file. */
export type Lookup =
  | { kind: 'ran'; tests: string[] }
  /** Loaded, but no test ran one of its functions: only its top level runs (constants, schemas, tables, types). */
  | { kind: 'top-level'; tests: string[] }
  /** Not loaded by any test the map has seen (a new file, or one only the browser tests reach). */
  | { kind: 'unknown' };

export function lookup(map: TestMap, file: string): Lookup {
  const entry = map.sources[file];
  if (!entry) return { kind: 'unknown' };
  if (entry.ran.length > 0) return { kind: 'ran', tests: entry.ran };
  return { kind: 'top-level', tests: entry.loaded };
}

export function readMap(root: string): TestMap | null {
  const file = path.join(root, MAP_FILE);
  if (!existsSync(file)) return null;
  const map = JSON.parse(readFileSync(file, 'utf8')) as TestMap;
  return map.version === 1 ? map : null;
}

export function writeMap(root: string, map: TestMap): void {
  const file = path.join(root, MAP_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(map, null, 1)}\n`);
}
