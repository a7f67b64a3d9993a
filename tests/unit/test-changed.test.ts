import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  classify,
  globToRegExp,
  onlyScriptsChanged,
  parseArgs,
  parseChangedFiles,
} from '../../scripts/test-map/changed-files.ts';
import {
  lookup,
  mergeRuns,
  projectPath,
  type ScriptCoverage,
  summarise,
  type TestMap,
} from '../../scripts/test-map/map.ts';
import { selectVitest } from '../../scripts/test-map/select.ts';
import vitestConfig from '../../vitest.config.ts';

const root = '/repo';
const include = (vitestConfig.test?.include ?? []).map(globToRegExp);

const map: TestMap = {
  version: 1,
  builtAt: '2026-11-27T12:00:00.000Z',
  commit: 'a'.repeat(40),
  dirty: false,
  tests: ['tests/api/leads.test.ts', 'tests/api/lead-assignment.test.ts', 'tests/api/catalogue.test.ts'],
  failed: [],
  sources: {
    'server/services/leads/lead-assignment.ts': {
      ran: ['tests/api/lead-assignment.test.ts', 'tests/api/leads.test.ts'],
      loaded: ['tests/api/catalogue.test.ts', 'tests/api/lead-assignment.test.ts', 'tests/api/leads.test.ts'],
    },
    'contracts/leads.ts': { ran: [], loaded: ['tests/api/leads.test.ts'] },
  },
};
const builtAt = Date.parse(map.builtAt);

describe('the changed files', () => {
  it('reads git diff --name-status -z and the untracked files, one entry per path', () => {
    const diff = ['M', 'server/app.ts', 'D', 'domain/old.ts', 'A', 'domain/new.ts', 'T', 'x.ts', ''].join(
      '\0',
    );
    expect(parseChangedFiles(diff, 'tests/unit/a b.test.ts\0domain/new.ts\0')).toEqual([
      { path: 'domain/new.ts', status: 'A' },
      { path: 'domain/old.ts', status: 'D' },
      { path: 'server/app.ts', status: 'M' },
      { path: 'tests/unit/a b.test.ts', status: 'A' },
      { path: 'x.ts', status: 'T' },
    ]);
    expect(parseChangedFiles('', '')).toEqual([]);
  });

  it("knows vitest's test files from its include globs, and the files every test file runs with", () => {
    expect(globToRegExp('tests/unit/**/*.test.ts').test('tests/unit/deep/er/a.test.ts')).toBe(true);
    expect(globToRegExp('tests/unit/**/*.test.ts').test('tests/unit/a.test.ts')).toBe(true);
    expect(globToRegExp('tests/unit/**/*.test.ts').test('tests/unit/a.test.tsx')).toBe(false);
    expect(globToRegExp('tests/unit/**/*.test.ts').test('tests/unitx/a.test.ts')).toBe(false);
    expect(classify('tests/api/leads.test.ts', include)).toBe('vitest-test');
    expect(classify('tests/hostile/leads.test.ts', include)).toBe('vitest-test');
    expect(classify('tests/e2e/listing.spec.ts', include)).toBe('e2e');
    expect(classify('tests/e2e/support/axe.ts', include)).toBe('e2e');
    expect(classify('tests/support/test-app.ts', include)).toBe('code');
    expect(classify('tests/support/pglite-template.global.ts', include)).toBe('vitest-wide');
    expect(classify('db/migrations/0031_x.sql', include)).toBe('vitest-wide');
    expect(classify('package-lock.json', include)).toBe('vitest-wide');
    expect(classify('package.json', include)).toBe('vitest-wide');
    expect(classify('package.json', include, true)).toBe('other');
    expect(classify('playwright.config.ts', include)).toBe('e2e');
    expect(classify('server/app.ts', include)).toBe('code');
    expect(classify('app/routes/home.tsx', include)).toBe('code');
    expect(classify('README.md', include)).toBe('other');
    expect(classify('app/app.css', include)).toBe('other');
  });

  it('tells a change of package.json\'s "scripts" alone from one of what the tests run with', () => {
    const before = JSON.stringify({
      type: 'module',
      scripts: { test: 'vitest' },
      dependencies: { zod: '^4.0.0' },
    });
    const scripts = JSON.stringify({
      type: 'module',
      scripts: { test: 'vitest', x: 'y' },
      dependencies: { zod: '^4.0.0' },
    });
    const dependency = JSON.stringify({
      type: 'module',
      scripts: { test: 'vitest' },
      dependencies: { zod: '^4.1.0' },
    });
    expect(onlyScriptsChanged(before, scripts)).toBe(true);
    expect(onlyScriptsChanged(before, dependency)).toBe(false);
    expect(
      onlyScriptsChanged(before, JSON.stringify({ type: 'commonjs', scripts: { test: 'vitest' } })),
    ).toBe(false);
    expect(onlyScriptsChanged(null, scripts)).toBe(false);
    expect(onlyScriptsChanged(before, null)).toBe(false);
    expect(onlyScriptsChanged(before, '{ not json')).toBe(false);
  });

  it('takes one base and two flags, and refuses anything else', () => {
    expect(parseArgs([])).toEqual({ base: 'main', e2e: false, list: false });
    expect(parseArgs(['HEAD~1', '--e2e'])).toEqual({ base: 'HEAD~1', e2e: true, list: false });
    expect(parseArgs(['--list'])).toEqual({ base: 'main', e2e: false, list: true });
    expect(() => parseArgs(['--watch'])).toThrow(/usage: npm run test:changed/);
    expect(() => parseArgs(['a', 'b'])).toThrow(/usage/);
  });
});

describe('the selection', () => {
  const select = (changed: Parameters<typeof selectVitest>[0], modifiedAt = (_: string) => builtAt - 1) =>
    selectVitest(changed, map, include, modifiedAt);

  it('runs the test files that ran a function of a changed file, not those that only loaded it', () => {
    const selection = select([{ path: 'server/services/leads/lead-assignment.ts', status: 'M' }]);
    expect([...selection.tests.keys()].sort()).toEqual([
      'tests/api/lead-assignment.test.ts',
      'tests/api/leads.test.ts',
    ]);
    expect(selection.tests.get('tests/api/leads.test.ts')).toEqual([
      'server/services/leads/lead-assignment.ts',
    ]);
    expect(selection.verdicts[0]?.why).toBe('2 test files ran a function of it (test map)');
    expect(selection.related).toEqual([]);
    expect(selection.everything).toBe(false);
  });

  it('falls back to the loaders of a file whose top level alone runs, and to vitest related for an unknown one', () => {
    const selection = select([
      { path: 'contracts/leads.ts', status: 'M' },
      { path: 'server/services/new-thing.ts', status: 'A' },
      { path: 'server/services/gone.ts', status: 'D' },
    ]);
    expect([...selection.tests.keys()]).toEqual(['tests/api/leads.test.ts']);
    expect(selection.related).toEqual(['server/services/new-thing.ts']);
    expect(selection.verdicts.map((v) => v.why)).toEqual([
      'no test ran a function of it, only its top level: the 1 test file that loaded it',
      'not in the test map (new, or no test loaded it): vitest related (imports)',
      'deleted, and no test loaded it',
    ]);
  });

  it('runs changed test files as they are, skips deleted ones and what is not code', () => {
    const selection = select([
      { path: 'tests/unit/format.test.ts', status: 'M' },
      { path: 'tests/unit/gone.test.ts', status: 'D' },
      { path: 'README.md', status: 'M' },
      { path: 'tests/e2e/listing.spec.ts', status: 'M' },
    ]);
    expect([...selection.tests.entries()]).toEqual([['tests/unit/format.test.ts', ['changed']]]);
    expect(selection.verdicts.map((v) => v.why)).toEqual([
      'a test file: runs as it is',
      'a deleted test file',
      'not code: no vitest test runs it',
      "Playwright's (a spec, its support, its config): --e2e",
    ]);
  });

  it('runs the whole vitest suite for a migration, and sends every code file to vitest related without a map', () => {
    expect(select([{ path: 'db/migrations/0040_x.sql', status: 'A' }]).everything).toBe(true);
    const packageJson = [{ path: 'package.json', status: 'M' as const }];
    expect(selectVitest(packageJson, map, include, () => 0).everything).toBe(true);
    const scriptsOnly = selectVitest(packageJson, map, include, () => 0, true);
    expect(scriptsOnly.everything).toBe(false);
    expect(scriptsOnly.tests.size).toBe(0);
    expect(scriptsOnly.verdicts[0]?.why).toBe('only its "scripts" changed: no vitest test runs them');
    const withoutMap = selectVitest([{ path: 'domain/format.ts', status: 'M' }], null, include, () => 0);
    expect(withoutMap.related).toEqual(['domain/format.ts']);
    expect(withoutMap.tests.size).toBe(0);
  });

  it('names the files changed after the map was built', () => {
    const selection = select(
      [
        { path: 'server/services/leads/lead-assignment.ts', status: 'M' },
        { path: 'contracts/leads.ts', status: 'M' },
      ],
      (file) => (file === 'contracts/leads.ts' ? builtAt + 1000 : builtAt - 1000),
    );
    expect(selection.newerThanMap).toEqual(['contracts/leads.ts']);
  });
});

describe('the map', () => {
  it('keeps the project files of a coverage and nothing else', () => {
    expect(projectPath('file:///repo/server/app.ts', root)).toBe('server/app.ts');
    expect(projectPath('/repo/domain/format.ts?v=1', root)).toBe('domain/format.ts');
    expect(projectPath('file:///repo/a%20b/c.ts', root)).toBe('a b/c.ts');
    expect(projectPath('/repo/node_modules/zod/index.js', root)).toBeNull();
    expect(projectPath('/elsewhere/x.ts', root)).toBeNull();
    expect(projectPath('node:internal/modules/run_main', root)).toBeNull();
    expect(projectPath('/repo/db/migrations/0001.sql', root)).toBeNull();
  });

  it("counts a file as run only when one of its functions ran, from V8's own coverage", () => {
    // Two modules wrapped and run as vitest's module runner does; the test calls a function of the first only.
    const child = `
      import { Session } from 'node:inspector/promises';
      import vm from 'node:vm';
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
      const head = "'use strict';async (exports)=>{{";
      const load = async (file, code) => {
        const exports = {};
        await vm.runInThisContext(head + code + '\\n}}', { filename: file })(exports);
        return exports;
      };
      const used = await load('/repo/domain/used.ts', 'const twice = (n) => n * 2; exports.run = () => twice(21);');
      await load('/repo/domain/imported.ts', 'const LIMIT = 3 * 7; exports.limit = () => LIMIT;');
      used.run();
      const { result } = await session.post('Profiler.takePreciseCoverage');
      console.log(JSON.stringify({ head: head.length, result: result.filter((s) => s.url.startsWith('file:///repo/')) }));
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', child], { encoding: 'utf8' });
    const { head, result } = JSON.parse(output) as { head: number; result: ScriptCoverage[] };
    expect(summarise(result, root, () => head)).toEqual({
      ran: ['domain/used.ts'],
      loaded: ['domain/imported.ts', 'domain/used.ts'],
    });
    // Without the wrapper's offset, the wrapper itself would count as a function of every module.
    expect(summarise(result, root).ran).toEqual(['domain/imported.ts', 'domain/used.ts']);
  });

  it('replaces the runs of the files mapped again, keeps the others, and forgets them all on a full run', () => {
    const meta = { builtAt: map.builtAt, commit: map.commit, dirty: false, failed: [] };
    const again = [{ testFile: 'tests/api/leads.test.ts', ran: ['domain/x.ts'], loaded: ['domain/x.ts'] }];
    const partial = mergeRuns(map, again, { ...meta, allTestsRun: false });
    expect(lookup(partial, 'server/services/leads/lead-assignment.ts')).toEqual({
      kind: 'ran',
      tests: ['tests/api/lead-assignment.test.ts'],
    });
    expect(lookup(partial, 'contracts/leads.ts')).toEqual({ kind: 'unknown' });
    expect(lookup(partial, 'domain/x.ts')).toEqual({ kind: 'ran', tests: ['tests/api/leads.test.ts'] });
    expect(partial.tests).toEqual(map.tests.slice().sort());
    const full = mergeRuns(map, again, { ...meta, allTestsRun: true });
    expect(full.tests).toEqual(['tests/api/leads.test.ts']);
    expect(Object.keys(full.sources)).toEqual(['domain/x.ts']);
    expect(path.isAbsolute(Object.keys(full.sources)[0] ?? '')).toBe(false);
  });
});
