// Which vitest files a change selects, and why: pure, so tests/unit/test-changed.test.ts can hold it to its word.

import type { ChangedLine } from './changed-code.ts';
import { type ChangedFile, classify, type Kind } from './changed-files.ts';
import type { SourceEntry, TestMap } from './map.ts';

export interface FileVerdict {
  file: ChangedFile;
  kind: Kind;
  /** One line for the developer: what this file brings to the run. */
  why: string;
}

export interface Selection {
  verdicts: FileVerdict[];
  /** Test file → the changed files that brought it in. */
  tests: Map<string, string[]>;
  /** Every vitest file runs (a change to what they all run with). */
  everything: boolean;
  /** Code the map does not know: `vitest related` picks their tests by imports. */
  related: string[];
  /** Files the map knows that commits changed after it was built: it knows an older version of them. */
  newerThanMap: string[];
}

/** What a change of a file the map knows reaches. */
export type Reach =
  /** Comments, blank lines, types: nothing that runs. */
  | { kind: 'nothing' }
  /**
   * Code outside every function (imports, constants, schemas, a function's signature), or in a function the map
   * cannot name: every test file that loaded the file. `lines`: where, for the developer.
   */
  | { kind: 'loaded'; tests: string[]; lines: string[] }
  /**
   * Code inside functions the map knows: the test files that ran them; and for a module the file now imports, the
   * test files that load the file and did not load that module (`imports`: module and how many).
   */
  | { kind: 'functions'; tests: string[]; names: string[]; newPrivate: string[]; imports: string[] };

/**
 * Each changed line is looked up by the innermost function around it that the map knows: a function nested in
 * another runs only once that one has run, in the same process, so the outer one's test files hold the inner one's.
 * A line outside every function, or whose functions the map knows none of, reaches every test file that loaded the
 * file, except a new top-level function the module does not export: only changed code of this file calls it. An
 * import of a module the file did not import before reaches the test files that load the file and not yet that
 * module (`newlyLoading`: all of them when the map cannot tell).
 */
export function reach(
  entry: SourceEntry,
  lines: readonly ChangedLine[],
  newlyLoading: (module: string) => readonly string[] = () => entry.loaded,
): Reach {
  const outside: string[] = [];
  const names = new Set<string>();
  const newPrivate = new Set<string>();
  const imports = new Map<string, readonly string[]>();
  for (const { side, line, chain, newModule, via } of lines) {
    const where = `${side === 'before' ? 'removed ' : ''}line ${line}${via ? ` (${via}, used outside functions)` : ''}`;
    if (newModule !== undefined) {
      const tests = newlyLoading(newModule);
      if (tests.length > 0) imports.set(newModule, tests);
      continue;
    }
    const known = chain.find((fn) => fn.name !== null && Object.hasOwn(entry.functions, fn.name));
    if (known?.name) {
      names.add(known.name);
      continue;
    }
    const outer = chain.at(-1);
    if (outer?.name && !outer.existedBefore && outer.private) newPrivate.add(outer.name);
    else outside.push(where);
  }
  if (outside.length > 0) return { kind: 'loaded', tests: entry.loaded, lines: [...new Set(outside)] };
  if (names.size === 0 && newPrivate.size === 0 && imports.size === 0) return { kind: 'nothing' };
  const tests = new Set([
    ...[...names].flatMap((name) => entry.functions[name] ?? []),
    ...[...imports.values()].flat(),
  ]);
  return {
    kind: 'functions',
    tests: [...tests].sort(),
    names: [...names].sort(),
    newPrivate: [...newPrivate].sort(),
    imports: [...imports.entries()].map(([module, loading]) => `${module} (${loading.length})`),
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function list(items: readonly string[], most = 4): string {
  return items.length <= most
    ? items.join(', ')
    : `${items.slice(0, most).join(', ')} and ${items.length - most} more`;
}

function describe(found: Reach, entry: SourceEntry): string {
  if (found.kind === 'nothing') return 'only comments, blank lines or types changed: no test runs them';
  if (found.kind === 'loaded')
    return `changed outside the functions the map knows (${list(found.lines, 3)}): every test file that loads it (${found.tests.length})`;
  const parts: string[] = [];
  const ran = new Set(found.names.flatMap((name) => entry.functions[name] ?? [])).size;
  if (found.names.length > 0)
    parts.push(
      ran === 0
        ? `changed in ${list(found.names)}, which no test runs`
        : `changed in ${list(found.names)}: ${plural(ran, 'test file')} ran ${found.names.length === 1 ? 'it' : 'them'} (test map)`,
    );
  if (found.imports.length > 0)
    parts.push(
      `now imports ${list(found.imports)}: the test files that load this file and not that module yet`,
    );
  if (found.newPrivate.length > 0)
    parts.push(`new ${list(found.newPrivate)}, called only from this file's changed code`);
  return parts.join('; ');
}

export interface SelectOptions {
  map: TestMap | null;
  /** vitest's `include`, as regular expressions. */
  include: readonly RegExp[];
  /** Files commits changed between the map's commit and the base (`git diff --name-only`). */
  changedSinceMap: ReadonlySet<string>;
  /** The changed lines of code of a modified file, with the functions around them (changedCode). */
  changedLines: (file: ChangedFile) => ChangedLine[];
  /** package.json changed in its "scripts" alone (onlyScriptsChanged). */
  packageScriptsOnly?: boolean;
  /** The repository path an import of `file` names (resolveImport), or null for a package's. */
  resolveImport?: (file: string, specifier: string) => string | null;
  /** For a file added since the base: whether it only declares, and what it imports (declaresOnly). */
  newFile?: (file: string) => { declaresOnly: boolean; imports: string[] } | null;
}

export function selectVitest(changed: readonly ChangedFile[], options: SelectOptions): Selection {
  const {
    map,
    include,
    changedSinceMap,
    changedLines,
    packageScriptsOnly = false,
    resolveImport,
    newFile,
  } = options;
  /**
   * Which of `loaders` would load, for the first time, what `importer` imports by `specifier`: those not loading a
   * file the map knows; for a new file that only declares, those not loading what it imports; all of them for a
   * package, or a file the map cannot tell about.
   */
  const newlyLoading = (
    loaders: readonly string[],
    importer: string,
    specifier: string,
    seen: Set<string>,
  ): string[] => {
    const target = resolveImport?.(importer, specifier);
    if (!target) return [...loaders];
    const known = map?.sources[target];
    if (known) {
      const loaded = new Set(known.loaded);
      return loaders.filter((test) => !loaded.has(test));
    }
    if (seen.has(target)) return [];
    seen.add(target);
    const facts = changed.some((file) => file.path === target && file.status === 'A')
      ? newFile?.(target)
      : null;
    if (!facts?.declaresOnly) return [...loaders];
    return [...new Set(facts.imports.flatMap((next) => newlyLoading(loaders, target, next, seen)))];
  };
  const selection: Selection = {
    verdicts: [],
    tests: new Map(),
    everything: false,
    related: [],
    newerThanMap: [],
  };
  const add = (test: string, because: string) => {
    const reasons = selection.tests.get(test) ?? [];
    if (!reasons.includes(because)) reasons.push(because);
    selection.tests.set(test, reasons);
  };
  for (const file of changed) {
    const kind = classify(file.path, include, packageScriptsOnly);
    const verdict = (why: string) => selection.verdicts.push({ file, kind, why });
    if (kind === 'vitest-test') {
      if (file.status === 'D') verdict('a deleted test file');
      else {
        add(file.path, 'changed');
        verdict('a test file: runs as it is');
      }
    } else if (kind === 'e2e') verdict("Playwright's (a spec, its support, its config): --e2e");
    else if (kind === 'other')
      verdict(
        file.path === 'package.json'
          ? 'only its "scripts" changed: no vitest test runs them'
          : 'not code: no vitest test runs it',
      );
    else if (kind === 'vitest-wide') {
      selection.everything = true;
      verdict(
        file.path === 'package.json'
          ? 'more than its "scripts" changed (dependencies, "type", "imports"): the whole vitest suite'
          : 'every vitest file runs with it: the whole vitest suite',
      );
    } else if (!map) {
      if (file.status === 'D')
        verdict('deleted; without a test map, the test files importing it are not known');
      else {
        selection.related.push(file.path);
        verdict('no test map: vitest related (imports)');
      }
    } else {
      const entry = map.sources[file.path];
      if (!entry) {
        if (file.status === 'D') verdict('deleted, and no test loaded it');
        else if (file.status === 'A' && newFile?.(file.path)?.declaresOnly)
          verdict('new, and only declares: it runs where the changed files that import it call it');
        else {
          selection.related.push(file.path);
          verdict('not in the test map (new, or no test loaded it): vitest related (imports)');
        }
        continue;
      }
      if (file.status !== 'M') {
        // Deleted, added since the base (the map saw the work tree), or no longer a plain file.
        for (const test of entry.loaded) add(test, file.path);
        const what = { A: 'added since the base', D: 'deleted', T: 'changed type' }[file.status];
        verdict(`${what}: every test file that loads it (${entry.loaded.length})`);
      } else {
        const found = reach(entry, changedLines(file), (module) =>
          newlyLoading(entry.loaded, file.path, module, new Set()),
        );
        for (const test of found.kind === 'nothing' ? [] : found.tests) add(test, file.path);
        verdict(describe(found, entry));
      }
      if (changedSinceMap.has(file.path)) selection.newerThanMap.push(file.path);
    }
  }
  return selection;
}
