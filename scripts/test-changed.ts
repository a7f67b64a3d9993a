// `npm run test:changed [-- <base>] [--e2e] [--list]`: the tests a change touches, not the whole suite. The change is
// what is not committed (staged, unstaged, untracked), or with <base> everything since the merge-base of HEAD and
// <base> as well. Vitest files: a changed test file runs; for changed code, the test map (`npm run test:map`) says
// which test files ran the functions the changed lines are in. Browser tests only with --e2e. README, "Other
// commands".

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createVitest } from 'vitest/node';
import vitestConfig from '../vitest.config.ts';
import { changedCode, changedLineNumbers, declaresOnly } from './test-map/changed-code.ts';
import {
  aliases,
  baseCommit,
  type ChangedFile,
  changedFiles,
  fileAt,
  fileDiff,
  globToRegExp,
  onlyScriptsChanged,
  parseArgs,
  resolveImport,
} from './test-map/changed-files.ts';
import { readMap, type TestMap } from './test-map/map.ts';
import { selectVitest } from './test-map/select.ts';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const readIfThere = (file: string) => {
  const absolute = path.join(root, file);
  return existsSync(absolute) ? readFileSync(absolute, 'utf8') : null;
};
/** The files commits changed from the map's commit to the base; all of them when git does not know that commit. */
function changedSince(commit: string, base: string): Set<string> {
  try {
    const names = execFileSync('git', ['diff', '--name-only', '-z', commit, base], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return new Set(names.split('\0').filter(Boolean));
  } catch {
    return new Set(execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0'));
  }
}

const mtime = (file: string) => {
  const absolute = path.join(root, file);
  return existsSync(absolute) ? statSync(absolute).mtimeMs : null;
};

/** The test files `vitest related` picks for code the map does not know: those importing it, statically. */
async function related(files: string[]): Promise<string[]> {
  const vitest = await createVitest('test', { watch: false, related: files, passWithNoTests: true });
  try {
    const specs = await vitest.getRelevantTestSpecifications();
    return specs.map((spec) => path.relative(root, spec.moduleId));
  } finally {
    await vitest.close();
  }
}

function mapNotes(map: TestMap | null, newer: string[]): string[] {
  if (!map)
    return [
      'No test map yet (.cache/test-map.json): code goes to vitest related, which selects by imports, and every',
      'API test imports the whole app. Build the map once with `npm run test:map` (the vitest suite, isolated).',
    ];
  const notes: string[] = [];
  if (newer.length > 0)
    notes.push(
      `The test map was built at ${map.commit.slice(0, 9)}; commits changed ${newer.join(', ')} since, so it selects`,
      'by what an older version ran. Rebuild it (`npm run test:map`) after a change of which code calls which.',
    );
  if (map.failed.length > 0)
    notes.push(
      `The map's run had failing test files (${map.failed.join(', ')}): it holds what they ran until then.`,
    );
  return notes;
}

async function runVitest(
  base: string,
  changed: ChangedFile[],
  list: boolean,
  packageScriptsOnly: boolean,
): Promise<number> {
  const include = (vitestConfig.test?.include ?? []).map(globToRegExp);
  const map = readMap(root);
  const tsconfig = JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8'));
  const prefixes = aliases(tsconfig.compilerOptions?.paths);
  const selection = selectVitest(changed, {
    map,
    include,
    changedSinceMap: map ? changedSince(map.commit, base) : new Set(),
    packageScriptsOnly,
    resolveImport: (file, specifier) =>
      resolveImport(file, specifier, prefixes, (candidate) => existsSync(path.join(root, candidate))),
    newFile: (file) => {
      const text = readIfThere(file);
      return text === null ? null : declaresOnly(file, text);
    },
    changedLines: (file) =>
      changedCode(
        file.path,
        fileAt(root, base, file.path),
        readIfThere(file.path),
        changedLineNumbers(fileDiff(root, base, file.path)),
      ),
  });
  for (const { file, why } of selection.verdicts) console.log(`  ${file.status} ${file.path}: ${why}`);
  for (const note of mapNotes(map, selection.newerThanMap)) console.log(note);
  if (!selection.everything && selection.related.length > 0) {
    const found = await related(selection.related);
    for (const test of found)
      selection.tests.set(test, [...(selection.tests.get(test) ?? []), 'vitest related']);
    console.log(`vitest related for ${selection.related.join(', ')}: ${found.length} test file(s)`);
  }
  const tests = [...selection.tests.keys()].filter((test) => existsSync(path.join(root, test))).sort();
  console.log('');
  if (selection.everything) console.log('vitest: the whole suite');
  else if (tests.length === 0) {
    console.log('vitest: no test file selected');
    return 0;
  } else {
    console.log(`vitest: ${tests.length} test file(s)`);
    for (const test of tests) console.log(`  ${test}  (${selection.tests.get(test)?.join(', ')})`);
  }
  if (list) return 0;
  const args = ['run', ...(selection.everything ? [] : tests.map((test) => path.join(root, test)))];
  return spawnSync(bin('vitest'), args, { cwd: root, stdio: 'inherit' }).status ?? 1;
}

/** Code that goes into build/, which the browser tests run against. */
const BUILT = /^(app|server|domain|contracts|db|public)\//;

function runPlaywright(base: string, changed: ChangedFile[], list: boolean): number {
  console.log(
    `\nPlaywright --only-changed=${base.slice(0, 9)}: the specs changed since the base and those importing a changed` +
      ' file (it follows the imports of the specs, not the pages they open: a page changed under app/ selects the' +
      ' specs that import it, if any).',
  );
  const stamp = mtime('build/server-app/main.mjs');
  const newer = changed.filter(
    (file) => BUILT.test(file.path) && (file.status === 'D' || (mtime(file.path) ?? 0) > (stamp ?? 0)),
  );
  const args = ['test', `--only-changed=${base}`, ...(list ? ['--list'] : [])];
  if (!list && (stamp === null || newer.length > 0)) {
    console.log(
      stamp === null
        ? 'The browser tests run against build/, and there is none: `npm run build` first.'
        : `The browser tests run against build/, older than ${newer.map((f) => f.path).join(', ')}: \`npm run build\` first.`,
    );
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status ?? 1;
    if (built !== 0) return built;
  }
  return spawnSync(bin('playwright'), args, { cwd: root, stdio: 'inherit' }).status ?? 1;
}

async function main(): Promise<number> {
  const { base: ref, e2e, list } = parseArgs(process.argv.slice(2));
  const base = baseCommit(root, ref);
  const changed = changedFiles(root, base);
  console.log(
    ref === null
      ? `test:changed: ${changed.length} file(s) changed and not committed (staged, unstaged, untracked).`
      : `test:changed: ${changed.length} file(s) changed since ${base.slice(0, 9)}, the merge-base of HEAD and ${ref}` +
          ' (its commits since, and what is not committed).',
  );
  if (changed.length === 0) {
    console.log(
      ref === null
        ? 'Nothing to run. For commits already made: `npm run test:changed -- HEAD~1`, or `-- main` for a branch.'
        : 'Nothing to run.',
    );
    return 0;
  }
  const packageScriptsOnly = changed.some((file) => file.path === 'package.json')
    ? onlyScriptsChanged(fileAt(root, base, 'package.json'), readIfThere('package.json'))
    : false;
  const vitestStatus = await runVitest(base, changed, list, packageScriptsOnly);
  if (!e2e) {
    if (changed.some((file) => file.path.startsWith('tests/e2e/') || file.path.startsWith('app/')))
      console.log('\nBrowser specs or pages changed: add --e2e for Playwright (it needs `npm run build`).');
    return vitestStatus;
  }
  const playwrightStatus = runPlaywright(base, changed, list);
  return vitestStatus !== 0 ? vitestStatus : playwrightStatus;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
}
