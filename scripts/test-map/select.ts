// Which vitest files a change selects, and why: pure, so tests/unit/test-changed.test.ts can hold it to its word.

import { type ChangedFile, classify, type Kind } from './changed-files.ts';
import { lookup, type TestMap } from './map.ts';

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
  /** Files of the map changed after it was built: their selection is what their previous version ran. */
  newerThanMap: string[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function selectVitest(
  changed: readonly ChangedFile[],
  map: TestMap | null,
  include: readonly RegExp[],
  modifiedAt: (file: string) => number | null,
  /** package.json changed in its "scripts" alone (onlyScriptsChanged). */
  packageScriptsOnly = false,
): Selection {
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
  const builtAt = map ? Date.parse(map.builtAt) : 0;
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
      selection.related.push(file.path);
      verdict('no test map: vitest related (imports)');
    } else {
      const found = lookup(map, file.path);
      if (found.kind === 'unknown') {
        if (file.status === 'D') verdict('deleted, and no test loaded it');
        else {
          selection.related.push(file.path);
          verdict('not in the test map (new, or no test loaded it): vitest related (imports)');
        }
        continue;
      }
      for (const test of found.tests) add(test, file.path);
      verdict(
        found.kind === 'ran'
          ? `${plural(found.tests.length, 'test file')} ran a function of it (test map)`
          : `no test ran a function of it, only its top level: the ${plural(found.tests.length, 'test file')} that loaded it`,
      );
      const modified = file.status === 'D' ? null : modifiedAt(file.path);
      if (modified !== null && modified > builtAt) selection.newerThanMap.push(file.path);
    }
  }
  return selection;
}
