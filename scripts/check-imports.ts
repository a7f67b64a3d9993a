// `npm run check:imports`: the directions the top-level folders may import in (README, "Architecture"). Reads every
// source file's imports with TypeScript's own pre-processor and fails, naming file and import, on any that breaks them.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');

/** Where each folder may import from, besides itself. `npm` lists the packages allowed (true: any). */
export const RULES: Record<string, { folders: string[]; npm: true | string[] }> = {
  contracts: { folders: [], npm: ['zod'] },
  domain: { folders: ['contracts'], npm: [] },
  db: { folders: ['contracts', 'domain'], npm: true },
  // The demo stock is loaded as staff would load it: through the image pipeline of the server.
  'db/seed': { folders: ['contracts', 'domain', 'db', 'server'], npm: true },
  server: { folders: ['contracts', 'domain', 'db'], npm: true },
  app: { folders: ['contracts', 'domain', 'server', 'db'], npm: true },
};

/** Code that runs in the browser (or may): it never reaches the server's modules, not even for a type. */
export function isBrowserCode(file: string): boolean {
  if (/\.server\.tsx?$/.test(file)) return false;
  return /^app\/(components|islands|lib)\//.test(file);
}

const ALIASES: Record<string, string> = {
  '~/': 'app/',
  '@contracts/': 'contracts/',
  '@domain/': 'domain/',
  '@server/': 'server/',
  '@db/': 'db/',
};

/** The repository path an import names, or `npm:<package>` for a package, `node:` for Node's own modules. */
export function target(file: string, specifier: string): string {
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return folder + specifier.slice(alias.length);
  }
  if (specifier.startsWith('.'))
    return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  if (specifier.startsWith('node:')) return 'node:';
  const parts = specifier.split('/');
  return `npm:${specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]}`;
}

/** The folder whose rule a file follows: the longest key of RULES that contains it. */
export function ruleOf(file: string): string | undefined {
  return Object.keys(RULES)
    .filter((key) => file.startsWith(`${key}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** Why `file` may not import `specifier`, or null when it may. */
export function violation(file: string, specifier: string): string | null {
  const from = ruleOf(file) ?? '';
  const rule = RULES[from];
  if (!rule) return null;
  const to = target(file, specifier);
  if (to === 'node:')
    return from === 'contracts' || from === 'domain' ? `${from}/ uses no Node module` : null;
  if (to.startsWith('npm:')) {
    const name = to.slice(4);
    if (rule.npm === true || rule.npm.includes(name)) return null;
    return `${from}/ imports ${rule.npm.length ? `only ${rule.npm.join(', ')}` : 'no package'}, not ${name}`;
  }
  if (to.startsWith('..')) return 'leaves the repository';
  const folder = to.split('/')[0] ?? '';
  if (!to.startsWith(`${from}/`) && !rule.folders.includes(folder))
    return `${from}/ may not import from ${folder}/`;
  if (isBrowserCode(file) && (folder === 'server' || folder === 'db'))
    return `browser code may not import from ${folder}/ (only routes, *.server.ts and entry.server.tsx may)`;
  return null;
}

export function checkImports(files: string[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const source = readFileSync(path.join(root, file), 'utf8');
    const { importedFiles } = ts.preProcessFile(source, true, true);
    for (const { fileName } of importedFiles) {
      const why = violation(file, fileName);
      if (why) problems.push(`${file}: '${fileName}': ${why}`);
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const files = execFileSync(
    'git',
    ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx', '*.mts', '*.mjs'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((file) => ruleOf(file));
  const problems = checkImports(files);
  for (const problem of problems) console.error(problem);
  if (problems.length) {
    console.error(`\n${problems.length} import(s) against the directions of README "Architecture".`);
    process.exit(1);
  }
  console.log(`Import directions: ${files.length} files checked, none against the rules.`);
}
