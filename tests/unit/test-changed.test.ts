import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  type ChangedLine,
  changedCode,
  changedLineNumbers,
  declaresOnly,
  v8Name,
} from '../../scripts/test-map/changed-code.ts';
import {
  aliases,
  classify,
  globToRegExp,
  onlyScriptsChanged,
  parseArgs,
  parseChangedFiles,
  resolveImport,
} from '../../scripts/test-map/changed-files.ts';
import {
  MAP_FILE,
  mergeRuns,
  projectPath,
  readMap,
  type ScriptCoverage,
  summarise,
  type TestMap,
  writeMap,
} from '../../scripts/test-map/map.ts';
import { reach, type SelectOptions, selectVitest } from '../../scripts/test-map/select.ts';
import vitestConfig from '../../vitest.config.ts';

const root = '/repo';
const include = (vitestConfig.test?.include ?? []).map(globToRegExp);

const map: TestMap = {
  version: 2,
  builtAt: '2026-11-27T12:00:00.000Z',
  commit: 'a'.repeat(40),
  dirty: false,
  tests: ['tests/api/catalogue.test.ts', 'tests/api/lead-assignment.test.ts', 'tests/api/leads.test.ts'],
  failed: [],
  sources: {
    'server/services/leads/lead-assignment.ts': {
      loaded: ['tests/api/catalogue.test.ts', 'tests/api/lead-assignment.test.ts', 'tests/api/leads.test.ts'],
      functions: {
        assignLead: ['tests/api/lead-assignment.test.ts', 'tests/api/leads.test.ts'],
        nextInRotation: ['tests/api/lead-assignment.test.ts'],
        unusedHelper: [],
      },
    },
    'contracts/leads.ts': { loaded: ['tests/api/leads.test.ts'], functions: {} },
  },
};

/** A changed line inside the given functions (innermost first), each of which existed before. */
const inside = (...names: (string | null)[]): ChangedLine => ({
  side: 'after',
  line: 10,
  chain: names.map((name) => ({ name, existedBefore: true, private: false })),
});

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
    expect(classify('playwright.config.ts', include)).toBe('e2e');
    expect(classify('tests/support/test-app.ts', include)).toBe('code');
    expect(classify('tests/support/pglite-template.global.ts', include)).toBe('vitest-wide');
    expect(classify('db/migrations/0031_x.sql', include)).toBe('vitest-wide');
    expect(classify('package-lock.json', include)).toBe('vitest-wide');
    expect(classify('package.json', include)).toBe('vitest-wide');
    expect(classify('package.json', include, true)).toBe('other');
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

  it('counts from HEAD unless given a base, and refuses anything else', () => {
    expect(parseArgs([])).toEqual({ base: null, e2e: false, list: false });
    expect(parseArgs(['main', '--e2e'])).toEqual({ base: 'main', e2e: true, list: false });
    expect(parseArgs(['--list'])).toEqual({ base: null, e2e: false, list: true });
    expect(() => parseArgs(['--watch'])).toThrow(/usage: npm run test:changed/);
    expect(() => parseArgs(['a', 'b'])).toThrow(/usage/);
  });
});

describe('where a change falls in a file', () => {
  it("reads the changed line numbers of git's zero-context hunks", () => {
    const diff = [
      'diff --git a/x.ts b/x.ts',
      '--- a/x.ts',
      '+++ b/x.ts',
      '@@ -3 +3 @@ export function a() {',
      '@@ -10,0 +11,2 @@',
      '@@ -20,2 +22,0 @@ const B = 1;',
    ].join('\n');
    expect(changedLineNumbers(diff)).toEqual({ before: [3, 20, 21], after: [3, 11, 12] });
  });

  const before = [
    '// The rotation.', //  1
    "import { z } from 'zod';", //  2
    "import { pick } from './pick.ts';", //  3
    '', //  4
    'export interface Lead {', //  5
    '  id: number;', //  6
    '}', //  7
    '', //  8
    'export const LIMIT = 3;', //  9
    'const FLOOR = 1;', // 10
    'const RANGE = { low: FLOOR, high: 9 };', // 11
    'const TABLE = build();', // 12
    '', // 13
    'export function assignLead(leads: Lead[]) {', // 14
    '  // the first free one', // 15
    '  return leads.filter((lead) => {', // 16
    '    return lead.id > LIMIT + RANGE.low;', // 17
    '  });', // 18
    '}', // 19
    '', // 20
    'function build() {', // 21
    '  return pick([FLOOR]);', // 22
    '}', // 23
    '', // 24
    'export class Rotation {', // 25
    '  private seen = new Set<number>();', // 26
    '  constructor(private size: number) {', // 27
    '    this.size = size;', // 28
    '  }', // 29
    '  get next(): number {', // 30
    '    return this.size;', // 31
    '  }', // 32
    '}', // 33
    '', // 34
    'export const schema = z.string().refine((v) => v.length > 1, { error: () => "corto" });', // 35
    'export const rotate = (leads: Lead[]) => leads.slice(1);', // 36
  ].join('\n');

  /** What each changed line reaches when one line of `before` is replaced. */
  const chains = (line: number, replacement: string) => {
    const lines = before.split('\n');
    lines[line - 1] = replacement;
    return changedCode('x.ts', before, lines.join('\n'), { before: [line], after: [line] }).map(
      ({ side, chain, via, newModule }) =>
        `${side}: ${chain.map((fn) => fn.name ?? '(anonymous)').join(' < ') || '(top level)'}` +
        (via ? ` via ${via}` : '') +
        (newModule ? ` (new module ${newModule})` : ''),
    );
  };

  it('names the functions around a changed line, innermost first, as V8 names them', () => {
    expect(chains(17, '    return lead.id >= LIMIT + RANGE.low;')).toEqual([
      'before: (anonymous) < assignLead',
      'after: (anonymous) < assignLead',
    ]);
    expect(chains(28, '    this.size = size + 1;')).toEqual(['before: Rotation', 'after: Rotation']);
    expect(chains(31, '    return this.size * 2;')).toEqual(['before: get next', 'after: get next']);
    expect(chains(26, '  private seen = new Set<number>([0]);')).toEqual([
      'before: <instance_members_initializer>',
      'after: <instance_members_initializer>',
    ]);
    // A signature belongs to its function, `const rotate =` to its arrow.
    expect(chains(14, 'export function assignLead(leads: Lead[], limit = 2) {')).toEqual([
      'before: assignLead',
      'after: assignLead',
    ]);
    expect(chains(36, 'export const rotate = (leads: Lead[]) => leads.slice(2);')).toEqual([
      'before: rotate',
      'after: rotate',
    ]);
  });

  it('follows a private constant computed without side effects, or an import, to where its names are used', () => {
    // FLOOR is used by build and by RANGE, which assignLead's callback uses.
    expect(chains(10, 'const FLOOR = 2;')).toEqual([
      'before: (anonymous) < assignLead via RANGE',
      'before: build via FLOOR',
      'after: (anonymous) < assignLead via RANGE',
      'after: build via FLOOR',
    ]);
    // A name no longer imported: where it was used. One imported and used nowhere: nothing.
    expect(chains(3, "import { pick as choose } from './pick.ts';")).toEqual(['before: build via pick']);
    // A module not imported before: its top level now runs with this file's.
    expect(chains(3, "import { pick } from './other.ts';")).toEqual([
      'before: (top level)',
      'after: (top level) (new module ./other.ts)',
      'after: build via pick',
    ]);
  });

  it('counts an exported constant, one computed by a call, an import for its side effects as outside every function', () => {
    expect(chains(9, 'export const LIMIT = 4;')).toEqual(['before: (top level)', 'after: (top level)']);
    expect(chains(12, 'const TABLE = build() + 1;')).toEqual(['before: (top level)', 'after: (top level)']);
    expect(chains(4, "import './polyfill.ts';")).toEqual(['after: (top level)']);
    // An object literal's property: V8 names it after the whole call chain, so it is looked up by what is around it.
    expect(
      chains(35, 'export const schema = z.string().refine((v) => v.length > 2, { error: () => "c" });'),
    ).toEqual(['before: (top level)', 'before: (anonymous)', 'after: (top level)', 'after: (anonymous)']);
  });

  it('leaves out comments, blank lines and types', () => {
    expect(chains(1, '// The rotation of leads.')).toEqual([]);
    expect(chains(15, '  // the first free one, by id')).toEqual([]);
    expect(chains(6, '  id: string;')).toEqual([]);
    expect(chains(13, '')).toEqual([]);
  });

  it('tells a new private function from a new exported one, and reads removed lines in the version before', () => {
    const added = `${before}\nfunction helper() {\n  return 1;\n}\nexport function shared() {\n  return 2;\n}`;
    const found = changedCode('x.ts', before, added, { before: [], after: [38, 41] });
    expect(found.map(({ line, chain }) => [line, chain])).toEqual([
      [38, [{ name: 'helper', existedBefore: false, private: true }]],
      [41, [{ name: 'shared', existedBefore: false, private: false }]],
    ]);
    const removed = changedCode('x.ts', before, before.replace('    this.size = size;\n', ''), {
      before: [28],
      after: [],
    });
    expect(removed).toEqual([
      { side: 'before', line: 28, chain: [{ name: 'Rotation', existedBefore: true, private: false }] },
    ]);
  });

  it('tells a module that only declares from one whose top level does something', () => {
    const declares = [
      "import type { Lead } from './lead.ts';",
      "import { pick } from './pick.ts';",
      "export { drop } from './drop.ts';",
      'export interface Shape { id: number }',
      'const WORDS = new Set(["a", "b"]);',
      'export const LIMIT = Object.freeze({ max: 3 });',
      'export function shout(text: string) { return text.toUpperCase(); }',
      'export class Box extends Base { size = 1; open() { return pick([this.size]); } }',
    ].join('\n');
    expect(declaresOnly('x.ts', declares)).toEqual({
      declaresOnly: true,
      imports: ['./pick.ts', './drop.ts'],
    });
    for (const statement of [
      "import './polyfill.ts';",
      'const TABLE = build();',
      'let count = 0;',
      'console.log(1);',
      'class Registry { static all = new Map(); }',
      'class Later { static { start(); } }',
      'export default register();',
    ])
      expect(declaresOnly('x.ts', `${declares}\n${statement}`).declaresOnly, statement).toBe(false);
  });

  it("gives functions the names V8's own coverage reports for them", () => {
    const source = [
      'function declared() { const inner = () => 1; return inner(); }',
      'const arrow = (n: number) => n * 2;',
      'const typed = ((n: number) => n) as (n: number) => number;',
      'const expression = function named() { return 3; };',
      'const object = { method() { return 4; }, get value() { return 5; }, property: () => 6 };',
      'class Counter { field = () => 7; constructor() { this.field(); } count() { return 8; } #hidden() {} static make() { return new Counter(); } }',
      'const listed = [() => 9];',
      'function withDefault(make = () => 10) { return make(); }',
      'declared(); arrow(1); typed(1); expression(); object.method(); object.value; object.property();',
      'Counter.make().count(); listed[0](); withDefault();',
    ].join('\n');
    const js = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ESNext } }).outputText;
    const child = `
      import { Session } from 'node:inspector/promises';
      import vm from 'node:vm';
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
      vm.runInThisContext(${JSON.stringify(js)}, { filename: '/repo/names.ts' });
      const { result } = await session.post('Profiler.takePreciseCoverage');
      console.log(JSON.stringify(result.filter((s) => s.url.includes('/repo/'))));
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', child], { encoding: 'utf8' });
    const reported = summarise(JSON.parse(output) as ScriptCoverage[], root)['names.ts'];
    const parsed = ts.createSourceFile('names.ts', source, ts.ScriptTarget.Latest, true);
    const ours: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const name = v8Name(node as Parameters<typeof v8Name>[0]);
        if (name !== null) ours.push(name);
      }
      ts.forEachChild(node, visit);
    };
    visit(parsed);
    expect(ours.sort()).toEqual(
      [
        'Counter',
        'arrow',
        'count',
        'declared',
        'field',
        'get value',
        'inner',
        'make',
        'method',
        'named',
        'typed',
        'withDefault',
        '#hidden',
      ].sort(),
    );
    // Every name we give is one V8 gave that very function, and it ran.
    for (const name of ours.filter((name) => name !== '#hidden')) expect(reported?.ran, name).toContain(name);
    expect(reported?.known).toContain('#hidden');
    // A function expression's own name wins over its variable's.
    expect(reported?.ran).toContain('named');
    expect(reported?.known).not.toContain('expression');
  });
});

describe('the selection', () => {
  const options = (overrides: Partial<SelectOptions> = {}): SelectOptions => ({
    map,
    include,
    changedSinceMap: new Set(),
    changedLines: () => [inside('assignLead')],
    ...overrides,
  });

  it('looks a changed line up by the innermost function around it that the map knows', () => {
    const entry = map.sources['server/services/leads/lead-assignment.ts'];
    if (!entry) throw new Error('fixture');
    expect(reach(entry, [inside('nextInRotation')])).toEqual({
      kind: 'functions',
      tests: ['tests/api/lead-assignment.test.ts'],
      names: ['nextInRotation'],
      newPrivate: [],
      imports: [],
    });
    // An anonymous callback, or a nested function V8 never reported: the named function around it.
    expect(reach(entry, [inside(null, 'notCompiled', 'assignLead')])).toMatchObject({
      kind: 'functions',
      tests: ['tests/api/lead-assignment.test.ts', 'tests/api/leads.test.ts'],
    });
    expect(reach(entry, [inside('unusedHelper')])).toMatchObject({ kind: 'functions', tests: [] });
    // Outside every function, or in none the map knows: every test file that loaded the file.
    expect(reach(entry, [inside()])).toMatchObject({
      kind: 'loaded',
      tests: entry.loaded,
      lines: ['line 10'],
    });
    expect(reach(entry, [inside('renamedSinceTheMap')])).toMatchObject({ kind: 'loaded' });
    // A new function only this file can call: its callers' changes select the tests.
    const helper: ChangedLine = {
      side: 'after',
      line: 30,
      chain: [{ name: 'helper', existedBefore: false, private: true }],
    };
    expect(reach(entry, [helper])).toEqual({
      kind: 'functions',
      tests: [],
      names: [],
      newPrivate: ['helper'],
      imports: [],
    });
    expect(
      reach(entry, [{ ...helper, chain: [{ name: 'helper', existedBefore: false, private: false }] }]),
    ).toMatchObject({ kind: 'loaded' });
    expect(reach(entry, [])).toEqual({ kind: 'nothing' });
    // A module the file did not import before: the test files that load the file and not yet that module.
    const imports: ChangedLine = { side: 'after', line: 3, chain: [], newModule: './pick.ts' };
    expect(reach(entry, [imports], () => [])).toEqual({ kind: 'nothing' });
    expect(reach(entry, [imports, inside('nextInRotation')], () => ['tests/api/catalogue.test.ts'])).toEqual({
      kind: 'functions',
      tests: ['tests/api/catalogue.test.ts', 'tests/api/lead-assignment.test.ts'],
      names: ['nextInRotation'],
      newPrivate: [],
      imports: ['./pick.ts (1)'],
    });
    // Without a way to tell: all of them.
    expect(reach(entry, [imports])).toMatchObject({ tests: entry.loaded });
  });

  it('resolves an import through the aliases of tsconfig.json, with or without its extension', () => {
    const prefixes = aliases({ '~/*': ['./app/*'], '@domain/*': ['./domain/*'], exact: ['./x.ts'] });
    expect(prefixes).toEqual([
      ['~/', 'app/'],
      ['@domain/', 'domain/'],
    ]);
    const files = new Set([
      'domain/credit.ts',
      'app/components/card.tsx',
      'server/a/index.ts',
      'server/b.ts',
    ]);
    const exists = (file: string) => files.has(file);
    expect(resolveImport('app/routes/x.tsx', '@domain/credit', prefixes, exists)).toBe('domain/credit.ts');
    expect(resolveImport('app/routes/x.tsx', '~/components/card', prefixes, exists)).toBe(
      'app/components/card.tsx',
    );
    expect(resolveImport('server/c.ts', './b.ts', prefixes, exists)).toBe('server/b.ts');
    expect(resolveImport('server/x/c.ts', '../a', prefixes, exists)).toBe('server/a/index.ts');
    expect(resolveImport('server/c.ts', 'drizzle-orm', prefixes, exists)).toBeNull();
    expect(resolveImport('server/c.ts', './missing.ts', prefixes, exists)).toBeNull();
  });

  it('runs the test files that ran the changed functions, and says so', () => {
    const selection = selectVitest(
      [{ path: 'server/services/leads/lead-assignment.ts', status: 'M' }],
      options(),
    );
    expect([...selection.tests.keys()].sort()).toEqual([
      'tests/api/lead-assignment.test.ts',
      'tests/api/leads.test.ts',
    ]);
    expect(selection.tests.get('tests/api/leads.test.ts')).toEqual([
      'server/services/leads/lead-assignment.ts',
    ]);
    expect(selection.verdicts[0]?.why).toBe('changed in assignLead: 2 test files ran it (test map)');
    const unused = selectVitest(
      [{ path: 'server/services/leads/lead-assignment.ts', status: 'M' }],
      options({ changedLines: () => [inside('unusedHelper')] }),
    );
    expect(unused.tests.size).toBe(0);
    expect(unused.verdicts[0]?.why).toBe('changed in unusedHelper, which no test runs');
    expect(selection.related).toEqual([]);
    expect(selection.everything).toBe(false);
  });

  it('falls back to the loaders of a file changed at its top level or deleted, and to vitest related for an unknown one', () => {
    const selection = selectVitest(
      [
        { path: 'contracts/leads.ts', status: 'M' },
        { path: 'server/services/leads/lead-assignment.ts', status: 'D' },
        { path: 'server/services/new-thing.ts', status: 'A' },
        { path: 'server/services/gone.ts', status: 'D' },
      ],
      options({ changedLines: () => [inside()] }),
    );
    expect([...selection.tests.keys()].sort()).toEqual(map.tests);
    expect(selection.related).toEqual(['server/services/new-thing.ts']);
    expect(selection.verdicts.map((v) => v.why)).toEqual([
      'changed outside the functions the map knows (line 10): every test file that loads it (1)',
      'deleted: every test file that loads it (3)',
      'not in the test map (new, or no test loaded it): vitest related (imports)',
      'deleted, and no test loaded it',
    ]);
  });

  it('counts a new module that only declares as loaded where its importers are, if what it imports is', () => {
    const importsHelper: ChangedLine = { side: 'after', line: 3, chain: [], newModule: './helper.ts' };
    const select = (newFile: string, imports: string[], declares = true) => {
      const facts = { [newFile]: { declaresOnly: declares, imports } };
      return selectVitest(
        [
          { path: 'contracts/leads.ts', status: 'M' },
          { path: newFile, status: 'A' },
        ],
        options({
          changedLines: (file) => (file.path === 'contracts/leads.ts' ? [importsHelper] : []),
          // Relative imports only; a package's is not a file of the repository.
          resolveImport: (file, specifier) =>
            specifier.startsWith('.')
              ? path.posix.join(
                  path.posix.dirname(file === 'contracts/leads.ts' ? 'server/services/leads/x' : file),
                  specifier,
                )
              : null,
          newFile: (file) => facts[file] ?? null,
        }),
      );
    };
    // contracts/leads.ts's loader loads lead-assignment.ts too: the new helper changes nothing at import.
    const quiet = select('server/services/leads/helper.ts', ['./lead-assignment.ts']);
    expect(quiet.tests.size).toBe(0);
    expect(quiet.verdicts.map((v) => v.why)).toEqual([
      'only comments, blank lines or types changed: no test runs them',
      'new, and only declares: it runs where the changed files that import it call it',
    ]);
    // Importing a module no test loads yet, or a package, or doing something at its top level: every loader.
    for (const [imports, declares] of [
      [['./unknown.ts'], true],
      [['zod'], true],
      [[], false],
    ] as const) {
      const loud = select('server/services/leads/helper.ts', [...imports], declares);
      expect([...loud.tests.keys()], `${imports} ${declares}`).toEqual(['tests/api/leads.test.ts']);
    }
  });

  it('runs changed test files as they are, and nothing for comments, types or what is not code', () => {
    const selection = selectVitest(
      [
        { path: 'contracts/leads.ts', status: 'M' },
        { path: 'tests/unit/format.test.ts', status: 'M' },
        { path: 'tests/unit/gone.test.ts', status: 'D' },
        { path: 'README.md', status: 'M' },
        { path: 'tests/e2e/listing.spec.ts', status: 'M' },
      ],
      options({ changedLines: () => [] }),
    );
    expect([...selection.tests.entries()]).toEqual([['tests/unit/format.test.ts', ['changed']]]);
    expect(selection.verdicts.map((v) => v.why)).toEqual([
      'only comments, blank lines or types changed: no test runs them',
      'a test file: runs as it is',
      'a deleted test file',
      'not code: no vitest test runs it',
      "Playwright's (a spec, its support, its config): --e2e",
    ]);
  });

  it('runs the whole vitest suite for a migration or dependencies, and sends code to vitest related without a map', () => {
    expect(selectVitest([{ path: 'db/migrations/0040_x.sql', status: 'A' }], options()).everything).toBe(
      true,
    );
    const packageJson = [{ path: 'package.json', status: 'M' as const }];
    expect(selectVitest(packageJson, options()).everything).toBe(true);
    const scriptsOnly = selectVitest(packageJson, options({ packageScriptsOnly: true }));
    expect(scriptsOnly.everything).toBe(false);
    expect(scriptsOnly.tests.size).toBe(0);
    expect(scriptsOnly.verdicts[0]?.why).toBe('only its "scripts" changed: no vitest test runs them');
    const withoutMap = selectVitest([{ path: 'domain/format.ts', status: 'M' }], options({ map: null }));
    expect(withoutMap.related).toEqual(['domain/format.ts']);
    expect(withoutMap.tests.size).toBe(0);
  });

  it('names the changed files that commits changed after the map was built', () => {
    const selection = selectVitest(
      [
        { path: 'server/services/leads/lead-assignment.ts', status: 'M' },
        { path: 'contracts/leads.ts', status: 'M' },
      ],
      options({ changedSinceMap: new Set(['contracts/leads.ts', 'domain/other.ts']) }),
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
    expect(projectPath('/repo/build/server/index.js', root)).toBeNull();
    expect(projectPath('/elsewhere/x.ts', root)).toBeNull();
    expect(projectPath('node:internal/modules/run_main', root)).toBeNull();
    expect(projectPath('/repo/db/migrations/0001.sql', root)).toBeNull();
  });

  it("records which named functions ran, from V8's own coverage of modules run as vitest runs them", () => {
    const child = `
      import { Session } from 'node:inspector/promises';
      import vm from 'node:vm';
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
      const load = async (file, code) => {
        const exports = {};
        await vm.runInThisContext("'use strict';async (exports)=>{{" + code + '\\n}}', { filename: file })(exports);
        return exports;
      };
      const used = await load('/repo/domain/used.ts', 'function twice(n) { return n * 2; } function never() {} exports.run = () => twice(21);');
      await load('/repo/domain/imported.ts', 'const TABLE = [1, 2].map(function double(n) { return n * 2; });');
      used.run();
      const { result } = await session.post('Profiler.takePreciseCoverage');
      console.log(JSON.stringify(result.filter((s) => s.url.includes('/repo/'))));
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', child], { encoding: 'utf8' });
    expect(summarise(JSON.parse(output) as ScriptCoverage[], root)).toEqual({
      // What a module's top level calls counts too: a change in `double` changes TABLE for every importer.
      'domain/imported.ts': { known: ['double'], ran: ['double'] },
      'domain/used.ts': { known: ['exports.run', 'never', 'twice'], ran: ['exports.run', 'twice'] },
    });
  });

  it('replaces the runs of the files mapped again, keeps the others, and forgets them all on a full run', () => {
    const meta = { builtAt: map.builtAt, commit: map.commit, dirty: false, failed: [] };
    const again = [
      { testFile: 'tests/api/leads.test.ts', files: { 'domain/x.ts': { known: ['f', 'g'], ran: ['f'] } } },
    ];
    const partial = mergeRuns(map, again, { ...meta, allTestsRun: false });
    expect(partial.sources['server/services/leads/lead-assignment.ts']).toEqual({
      loaded: ['tests/api/catalogue.test.ts', 'tests/api/lead-assignment.test.ts'],
      functions: {
        assignLead: ['tests/api/lead-assignment.test.ts'],
        nextInRotation: ['tests/api/lead-assignment.test.ts'],
        unusedHelper: [],
      },
    });
    expect(partial.sources['contracts/leads.ts']).toBeUndefined();
    expect(partial.sources['domain/x.ts']).toEqual({
      loaded: ['tests/api/leads.test.ts'],
      functions: { f: ['tests/api/leads.test.ts'], g: [] },
    });
    expect(partial.tests).toEqual(map.tests);
    const full = mergeRuns(map, again, { ...meta, allTestsRun: true });
    expect(full.tests).toEqual(['tests/api/leads.test.ts']);
    expect(Object.keys(full.sources)).toEqual(['domain/x.ts']);
  });

  it('is written with test files as numbers and read back as it was', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'test-map-'));
    try {
      writeMap(dir, map);
      const stored = JSON.parse(readFileSync(path.join(dir, MAP_FILE), 'utf8'));
      expect(stored.sources['contracts/leads.ts']).toEqual({ loaded: [2], functions: {} });
      expect(readMap(dir)).toEqual(map);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
