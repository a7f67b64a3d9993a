// The test map: which vitest file runs which function of which source file, read from V8's coverage of each test
// file's own process (`npm run test:map`, scripts/test-map/coverage.ts). `npm run test:changed` selects tests with it
// (scripts/test-map/select.ts).

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const MAP_FILE = '.cache/test-map.json';

export interface SourceEntry {
  /** The test files in whose process the file was loaded (its top level ran). */
  loaded: string[];
  /**
   * Every function V8 reported for the file, by the name V8 gives it, with the test files in whose process it ran
   * (while the test file's imports were evaluated or after): an empty list when it was compiled and never called.
   * Functions of the same name are one entry. A function nested in one that never ran is not reported at all.
   */
  functions: Record<string, string[]>;
}

export interface TestMap {
  version: 2;
  /** When the last run that wrote the map started (ISO): a source saved after it is newer than the map. */
  builtAt: string;
  /** HEAD when it was built, and whether the work tree had changes then. */
  commit: string;
  dirty: boolean;
  /** Every test file the map has seen, and the ones that failed (their coverage stops where they failed). */
  tests: string[];
  failed: string[];
  /** Per source file (repository path). */
  sources: Record<string, SourceEntry>;
}

/** What one test file's process did with the project's files (the payload of takeCoverage). */
export interface FileRun {
  testFile: string;
  /** Source file → the names of its functions V8 reported, and those of them that ran. */
  files: Record<string, { known: string[]; ran: string[] }>;
}

/** The part of a V8 `ScriptCoverage` the map reads (Profiler.takePreciseCoverage, NODE_V8_COVERAGE files). */
export interface ScriptCoverage {
  url: string;
  functions: { functionName: string; ranges: { startOffset: number; endOffset: number; count: number }[] }[];
}

/**
 * The repository path of a script V8 ran, or null for what is not the project's own code (Node's internals,
 * packages, vitest's and vite's modules, generated and built files).
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
 * The project files a test file's process loaded, with the named functions V8 reported for each and those that ran.
 * Unnamed functions are left out: the script's top level, the function vitest wraps a module in, anonymous callbacks
 * (a change inside one is looked up by the named function around it).
 */
export function summarise(scripts: readonly ScriptCoverage[], root: string): FileRun['files'] {
  const files = new Map<string, { known: Set<string>; ran: Set<string> }>();
  for (const script of scripts) {
    const file = projectPath(script.url, root);
    if (!file) continue;
    let entry = files.get(file);
    if (!entry) {
      entry = { known: new Set(), ran: new Set() };
      files.set(file, entry);
    }
    for (const fn of script.functions) {
      if (fn.functionName === '') continue;
      entry.known.add(fn.functionName);
      if ((fn.ranges[0]?.count ?? 0) > 0) entry.ran.add(fn.functionName);
    }
  }
  return Object.fromEntries(
    [...files.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, { known, ran }]) => [file, { known: [...known].sort(), ran: [...ran].sort() }]),
  );
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
  const sources = new Map<string, { loaded: Set<string>; functions: Map<string, Set<string>> }>();
  const entry = (file: string) => {
    let found = sources.get(file);
    if (!found) {
      found = { loaded: new Set(), functions: new Map() };
      sources.set(file, found);
    }
    return found;
  };
  const fn = (file: string, name: string) => {
    const { functions } = entry(file);
    let tests = functions.get(name);
    if (!tests) {
      tests = new Set();
      functions.set(name, tests);
    }
    return tests;
  };
  for (const [file, { loaded, functions }] of Object.entries(keep?.sources ?? {})) {
    const kept = loaded.filter((test) => !rerun.has(test));
    // A file only the files run again loaded is theirs to report.
    if (kept.length === 0) continue;
    for (const test of kept) entry(file).loaded.add(test);
    for (const [name, tests] of Object.entries(functions)) {
      const ran = fn(file, name);
      for (const test of tests) if (!rerun.has(test)) ran.add(test);
    }
  }
  for (const run of runs) {
    for (const [file, { known, ran }] of Object.entries(run.files)) {
      entry(file).loaded.add(run.testFile);
      for (const name of known) fn(file, name);
      for (const name of ran) fn(file, name).add(run.testFile);
    }
  }
  const sorted = (set: Iterable<string>) => [...set].sort();
  return {
    version: 2,
    builtAt: meta.builtAt,
    commit: meta.commit,
    dirty: meta.dirty,
    tests: sorted(new Set([...(keep?.tests ?? []), ...rerun])),
    failed: sorted(new Set([...(keep?.failed ?? []).filter((test) => !rerun.has(test)), ...meta.failed])),
    sources: Object.fromEntries(
      [...sources.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([file, { loaded, functions }]) => [
          file,
          {
            loaded: sorted(loaded),
            functions: Object.fromEntries(
              [...functions.entries()]
                .sort(([a], [b]) => a.localeCompare(b))
                .map(([name, tests]) => [name, sorted(tests)]),
            ),
          },
        ]),
    ),
  };
}

/** On disk, test files are numbers: their index in `tests` (the map is read whole by every `test:changed`). */
interface StoredMap extends Omit<TestMap, 'sources'> {
  sources: Record<string, { loaded: number[]; functions: Record<string, number[]> }>;
}

export function readMap(root: string): TestMap | null {
  const file = path.join(root, MAP_FILE);
  if (!existsSync(file)) return null;
  const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredMap;
  if (stored.version !== 2) return null;
  const name = (index: number) => stored.tests[index] ?? `(test ${index})`;
  const sources: TestMap['sources'] = {};
  for (const [source, { loaded, functions }] of Object.entries(stored.sources)) {
    sources[source] = {
      loaded: loaded.map(name),
      functions: Object.fromEntries(Object.entries(functions).map(([fn, tests]) => [fn, tests.map(name)])),
    };
  }
  return { ...stored, sources };
}

export function writeMap(root: string, map: TestMap): void {
  const index = new Map(map.tests.map((test, i) => [test, i]));
  const number = (test: string) => {
    const found = index.get(test);
    if (found === undefined) throw new Error(`${test} is not among the map's test files`);
    return found;
  };
  const stored: StoredMap = {
    ...map,
    sources: Object.fromEntries(
      Object.entries(map.sources).map(([source, { loaded, functions }]) => [
        source,
        {
          loaded: loaded.map(number),
          functions: Object.fromEntries(
            Object.entries(functions).map(([fn, tests]) => [fn, tests.map(number)]),
          ),
        },
      ]),
    ),
  };
  const file = path.join(root, MAP_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(stored)}\n`);
}
