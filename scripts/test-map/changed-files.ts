// The files a change touches, and what kind of file each is for the test runners.

import { execFileSync } from 'node:child_process';
import path from 'node:path';

export interface ChangedFile {
  path: string;
  /** A: added (untracked files too), M: modified, D: deleted, T: type changed. */
  status: 'A' | 'M' | 'D' | 'T';
}

/**
 * `git diff --name-status --no-renames -z <base>` (the work tree against the base: commits since it, staged and
 * unstaged changes) and `git ls-files --others --exclude-standard -z` (untracked files), as one list. Without renames
 * a moved file is its old path deleted and its new path added: tests that ran the old one are selected too.
 */
export function parseChangedFiles(nameStatus: string, untracked: string): ChangedFile[] {
  const files = new Map<string, ChangedFile>();
  const fields = nameStatus.split('\0').filter(Boolean);
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const letter = fields[i]?.[0];
    const file = fields[i + 1] ?? '';
    const status = letter === 'A' || letter === 'D' || letter === 'T' ? letter : 'M';
    files.set(file, { path: file, status });
  }
  for (const file of untracked.split('\0').filter(Boolean)) files.set(file, { path: file, status: 'A' });
  return [...files.values()].sort((a, b) => a.path.localeCompare(b.path));
}

export type Kind =
  /** A vitest test file: it runs as it is. */
  | 'vitest-test'
  /** Playwright's: a spec or its support code. */
  | 'e2e'
  /** Changes what every vitest file runs with (config, dependencies, migrations the template database is made of). */
  | 'vitest-wide'
  /** Code a test may load: the map (or vitest related) says which tests run it. */
  | 'code'
  /** Documentation, styles, images: no vitest test runs them. */
  | 'other';

const VITEST_WIDE = [
  /^vitest\.config\.ts$/,
  /^package-lock\.json$/,
  /^tsconfig\.json$/,
  /^tests\/support\/[^/]+\.global\.ts$/,
  /^db\/migrations\//,
];

/** A glob of vitest's `include` (`tests/unit/**\/*.test.ts`) as a regular expression. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] ?? '';
    if (glob.startsWith('**/', i)) {
      source += '(?:.*/)?';
      i += 2;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/**
 * What kind of file `file` is. package.json counts as what every test runs with (dependencies, "type", "imports"),
 * unless `packageScriptsOnly` says its change is in "scripts" alone (onlyScriptsChanged).
 */
export function classify(file: string, vitestInclude: readonly RegExp[], packageScriptsOnly = false): Kind {
  if (vitestInclude.some((pattern) => pattern.test(file))) return 'vitest-test';
  if (file.startsWith('tests/e2e/') || file === 'playwright.config.ts') return 'e2e';
  if (VITEST_WIDE.some((pattern) => pattern.test(file))) return 'vitest-wide';
  if (file === 'package.json') return packageScriptsOnly ? 'other' : 'vitest-wide';
  if (/\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|json)$/.test(file)) return 'code';
  return 'other';
}

function git(args: string[], root: string): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * The commit changes are counted from: HEAD (what is not committed yet, as `vitest --changed` and Playwright's
 * `--only-changed` count), or where HEAD left `ref` (the merge-base: a branch's commits, and what is not committed).
 */
export function baseCommit(root: string, ref: string | null): string {
  return git(ref === null ? ['rev-parse', 'HEAD'] : ['merge-base', 'HEAD', ref], root).trim();
}

/** A file's text at a commit, or null when it has none there. */
export function fileAt(root: string, commit: string, file: string): string | null {
  try {
    return git(['show', `${commit}:${file}`], root);
  } catch {
    return null;
  }
}

export function changedFiles(root: string, base: string): ChangedFile[] {
  return parseChangedFiles(
    git(['diff', '--name-status', '--no-renames', '-z', base], root),
    git(['ls-files', '--others', '--exclude-standard', '-z'], root),
  );
}

/** `git diff -U0` of one file against the base: its hunks, for changedLineNumbers. */
export function fileDiff(root: string, base: string, file: string): string {
  return git(['diff', '-U0', '--no-color', '--no-ext-diff', '--no-renames', base, '--', file], root);
}

/** tsconfig.json's `paths` (`"~/*": ["./app/*"]`) as prefixes: `~/` → `app/`. */
export function aliases(paths: Record<string, string[]> | undefined): [string, string][] {
  return Object.entries(paths ?? {}).flatMap(([from, [to]]) =>
    from.endsWith('/*') && to?.endsWith('/*')
      ? [[from.slice(0, -1), path.posix.normalize(to.slice(0, -1)).replace(/^\.\//, '')] as [string, string]]
      : [],
  );
}

/**
 * The repository path an import in `file` names: relative or through an alias, with or without its extension; null
 * for a package's, or for a path that `exists` does not know.
 */
export function resolveImport(
  file: string,
  specifier: string,
  prefixes: readonly [string, string][],
  exists: (file: string) => boolean,
): string | null {
  let target: string | null = null;
  if (specifier.startsWith('.')) target = path.posix.join(path.posix.dirname(file), specifier);
  for (const [alias, folder] of prefixes)
    if (specifier.startsWith(alias)) target = folder + specifier.slice(alias.length);
  if (target === null) return null;
  const candidates = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((end) => target + end);
  return candidates.find(exists) ?? null;
}

/**
 * Whether two versions of package.json (null: absent) differ in "scripts" alone, which no vitest test runs. An
 * unreadable version counts as a wider change.
 */
export function onlyScriptsChanged(before: string | null, after: string | null): boolean {
  const withoutScripts = (text: string | null) => {
    if (text === null) return null;
    try {
      const { scripts: _scripts, ...rest } = JSON.parse(text) as Record<string, unknown>;
      return JSON.stringify(rest);
    } catch {
      return undefined;
    }
  };
  const a = withoutScripts(before);
  const b = withoutScripts(after);
  return a !== undefined && b !== undefined && a !== null && a === b;
}

/** `npm run test:changed -- [<base>] [--e2e] [--list]`; no base: HEAD. */
export function parseArgs(argv: readonly string[]): { base: string | null; e2e: boolean; list: boolean } {
  const refs = argv.filter((arg) => !arg.startsWith('--'));
  const unknown = argv.filter((arg) => arg.startsWith('--') && arg !== '--e2e' && arg !== '--list');
  if (unknown.length > 0 || refs.length > 1)
    throw new Error(`usage: npm run test:changed [-- <base>] [--e2e] [--list] (not ${argv.join(' ')})`);
  return { base: refs[0] ?? null, e2e: argv.includes('--e2e'), list: argv.includes('--list') };
}
