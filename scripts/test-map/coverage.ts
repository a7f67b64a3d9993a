// Vitest's custom coverage provider for `npm run test:map` (vitest.map.config.ts). With `isolate: true` each test
// file runs in a process of its own; vitest calls takeCoverage after each file, in that process, and hands what it
// returns to the provider's onAfterSuiteRun with the file's name. V8's precise coverage, counted per function, says
// which of the project's functions ran, by the names V8 gives them. Nothing is remapped to lines.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CoverageProvider, ResolvedCoverageOptions, Vitest } from 'vitest/node';
import { type FileRun, mergeRuns, readMap, type ScriptCoverage, summarise, writeMap } from './map.ts';

const root = path.resolve(import.meta.dirname, '../..');

interface WorkerState {
  session: Session;
  /** NODE_V8_COVERAGE of the test's child processes (the admin:create CLI test runs one). */
  childCoverage: string;
}

// On globalThis: vitest may load this module again in the same process, and there is one profiler per process.
const key = Symbol.for('automotora.test-map');
const state = () => (globalThis as { [key]?: WorkerState })[key];

async function startCoverage(): Promise<void> {
  if (state()) return;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // Counts per function, not per block: which functions ran is what the map keeps, and it is cheaper.
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  const childCoverage = mkdtempSync(path.join(tmpdir(), 'automotora-test-map-'));
  process.env.NODE_V8_COVERAGE = childCoverage;
  (globalThis as { [key]?: WorkerState })[key] = { session, childCoverage };
}

/** What ran in this process since the profiler started: the test file's imports, its hooks and its tests. */
async function takeCoverage(): Promise<FileRun['files']> {
  const current = state();
  if (!current) return {};
  // Also resets the counts, so a second file in this process would start from zero.
  const { result } = await current.session.post('Profiler.takePreciseCoverage');
  const scripts: ScriptCoverage[] = [...result];
  // Child processes write their coverage when they exit; those of this file have exited by now.
  for (const name of readdirSync(current.childCoverage)) {
    const file = path.join(current.childCoverage, name);
    scripts.push(...(JSON.parse(readFileSync(file, 'utf8')).result as ScriptCoverage[]));
    rmSync(file, { force: true });
  }
  const files = summarise(scripts, root);
  // This provider and the map's module are loaded in every test file's process, by the provider, not the test:
  // left out, they are unknown to the map, and test:changed asks vitest related which test files import them.
  delete files['scripts/test-map/coverage.ts'];
  delete files['scripts/test-map/map.ts'];
  return files;
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
      const files = coverage as FileRun['files'];
      for (const testFile of testFiles) {
        const relative = path.relative(root, path.resolve(root, testFile)).split(path.sep).join('/');
        runs.push({ testFile: relative, files });
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
