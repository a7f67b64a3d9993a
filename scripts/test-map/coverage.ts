// Vitest's custom coverage provider for `npm run test:map` (vitest.map.config.ts). With `isolate: true` each test
// file runs in a process of its own; vitest calls takeCoverage after each file, in that process, and hands what it
// returns to the provider's onAfterSuiteRun with the file's name. V8's precise coverage, counted per function, says
// which of the project's functions ran. Nothing is remapped to lines: the map is per file.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CoverageProvider, ResolvedCoverageOptions, Vitest } from 'vitest/node';
import { type FileRun, mergeRuns, readMap, type ScriptCoverage, summarise, writeMap } from './map.ts';

const root = path.resolve(import.meta.dirname, '../..');

interface WorkerState {
  session: Session;
  /** NODE_V8_COVERAGE of the test's child processes (the admin:create CLI test runs one). */
  childCoverage: string;
  /** What ran while the test file's imports were evaluated, taken by endImportPhase. */
  imported?: ScriptCoverage[];
  endImportPhase: () => Promise<void>;
}

// On globalThis: vitest may load this module again in the same process, there is one profiler per process, and the
// test files reach endImportPhase through it (vitest.map.config.ts).
const key = Symbol.for('automotora.test-map');
const state = () => (globalThis as { [key]?: WorkerState })[key];

async function startCoverage(): Promise<void> {
  if (state()) return;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // Counts per function, not per block: enough to tell whether a file's code ran, and cheaper.
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  const childCoverage = mkdtempSync(path.join(tmpdir(), 'automotora-test-map-'));
  process.env.NODE_V8_COVERAGE = childCoverage;
  (globalThis as { [key]?: WorkerState })[key] = { session, childCoverage, endImportPhase };
}

/**
 * Called by the test file's first statement, which vitest.map.config.ts puts before its code: what ran until then is
 * the evaluation of the modules it imports, their top levels and what those call (a table built with `.map`,
 * another module's exports read to build a schema). It counts as loaded, not as run; from here on, the test file's
 * own top level, its describe blocks, hooks and tests run, and every function they reach counts.
 */
async function endImportPhase(): Promise<void> {
  const current = state();
  if (!current) return;
  current.imported = (await current.session.post('Profiler.takePreciseCoverage')).result;
}

async function takeCoverage(options?: {
  moduleExecutionInfo?: Map<string, { startOffset: number }>;
}): Promise<Omit<FileRun, 'testFile'>> {
  const current = state();
  if (!current) return { ran: [], loaded: [] };
  // Also resets the counts, so a second file in this process would start from zero.
  const { result } = await current.session.post('Profiler.takePreciseCoverage');
  const scripts: ScriptCoverage[] = [...result];
  // Child processes write their coverage when they exit; those of this file have exited by now.
  for (const name of readdirSync(current.childCoverage)) {
    const file = path.join(current.childCoverage, name);
    scripts.push(...(JSON.parse(readFileSync(file, 'utf8')).result as ScriptCoverage[]));
    rmSync(file, { force: true });
  }
  // vitest keys its modules by path; V8 names the scripts it ran by file URL.
  const codeStart = (url: string) =>
    options?.moduleExecutionInfo?.get(url.startsWith('file://') ? fileURLToPath(url) : url)?.startOffset;
  const ran = summarise(scripts, root, codeStart);
  const imported = summarise(current.imported ?? [], root, codeStart);
  current.imported = undefined;
  // The map's own modules run in every test file's process: they are the map's, not the test's.
  const own = new Set(['scripts/test-map/coverage.ts']);
  const keep = (files: Iterable<string>) => [...new Set(files)].filter((file) => !own.has(file)).sort();
  return { ran: keep(ran.ran), loaded: keep([...imported.loaded, ...ran.loaded]) };
}

async function stopCoverage(): Promise<void> {
  const current = state();
  if (!current) return;
  await current.session.post('Profiler.stopPreciseCoverage');
  current.session.disconnect();
  rmSync(current.childCoverage, { recursive: true, force: true });
  delete (globalThis as { [key]?: WorkerState })[key];
}

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
}

function getProvider(): CoverageProvider {
  let vitest: Vitest;
  const runs: FileRun[] = [];
  // The map describes the sources as they were when the run started: a file saved later is newer than the map.
  let startedAt = new Date();
  return {
    name: 'test-map',
    initialize(ctx) {
      vitest = ctx;
    },
    resolveOptions: () => vitest.config.coverage as ResolvedCoverageOptions,
    clean() {},
    onTestRunStart() {
      runs.length = 0;
      startedAt = new Date();
    },
    onAfterSuiteRun({ coverage, testFiles }) {
      const { ran, loaded } = coverage as Omit<FileRun, 'testFile'>;
      for (const testFile of testFiles) {
        const relative = path.relative(root, path.resolve(root, testFile)).split(path.sep).join('/');
        runs.push({ testFile: relative, ran, loaded });
      }
    },
    generateCoverage: () => null,
    async reportCoverage() {
      if (runs.length === 0) return;
      if (vitest.config.testNamePattern) {
        console.log('\nTest map not written: with -t the test files ran only some of their tests.');
        return;
      }
      // A run of some files (`npm run test:map -- <files>`) updates their part of the map.
      const mapped = new Set(runs.map((run) => run.testFile));
      const allTestsRun = (await vitest.globTestSpecifications()).every((spec) =>
        mapped.has(path.relative(root, spec.moduleId).split(path.sep).join('/')),
      );
      const failed = vitest.state
        .getFiles()
        .filter((file) => file.result?.state === 'fail')
        .map((file) => path.relative(root, file.filepath).split(path.sep).join('/'));
      const map = mergeRuns(allTestsRun ? null : readMap(root), runs, {
        builtAt: startedAt.toISOString(),
        commit: git(['rev-parse', 'HEAD']),
        dirty: git(['status', '--porcelain']) !== '',
        failed,
        allTestsRun,
      });
      writeMap(root, map);
      const sources = Object.keys(map.sources).length;
      console.log(
        `\nTest map written to .cache/test-map.json: ${map.tests.length} test files, ${sources} source files` +
          (allTestsRun ? '.' : ` (${runs.length} test files run again, the others kept).`),
      );
      if (failed.length > 0)
        console.log(
          `${failed.length} test file(s) failed; the map holds what they ran until they failed: ${failed.join(', ')}`,
        );
    },
  };
}

export default { startCoverage, takeCoverage, stopCoverage, getProvider };
