import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';

// An island is named once, by its file: app/islands/{name}.ts exports as default the component that
// island('{name}', Component) renders on the server. A name that matches no module, or a module that exports
// another component, would only fail when a page renders or hydrates; these tests fail first.
const root = path.resolve(import.meta.dirname, '../..');
const islandsDir = path.join(root, 'app/islands');
const islandFiles = readdirSync(islandsDir).filter(
  (file) => /\.tsx?$/.test(file) && !file.startsWith('runtime.'),
);

function filesCallingIsland(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => /\bisland\(\s*'/.test(readFileSync(file, 'utf8')));
}

interface Registered {
  source: { name: string; Component: ComponentType<never> };
}
const isRegistered = (value: unknown): value is Registered =>
  typeof value === 'function' && 'source' in value && typeof (value as Registered).source?.name === 'string';

describe('island registry', () => {
  it('gives every island() the module of its name, whose default export is the same component', async () => {
    const registered: Registered['source'][] = [];
    for (const file of filesCallingIsland(path.join(root, 'app/components'))) {
      const module = (await import(file)) as Record<string, unknown>;
      for (const value of Object.values(module)) if (isRegistered(value)) registered.push(value.source);
    }
    expect(registered.length).toBe(islandFiles.length);
    for (const { name, Component } of registered) {
      const file = islandFiles.find((candidate) => candidate.replace(/\.tsx?$/, '') === name);
      expect(file, `app/islands/${name}.ts`).toBeDefined();
      const module = (await import(path.join(islandsDir, file ?? ''))) as { default: unknown };
      expect(module.default, `default export of app/islands/${file}`).toBe(Component);
    }
    expect(new Set(registered.map(({ name }) => name)).size).toBe(registered.length);
  });

  it('keeps React Router out of every island and the runtime (ADR 0015)', async () => {
    const entryPoints = readdirSync(islandsDir)
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => path.join(islandsDir, file));
    const result = await build({
      entryPoints,
      bundle: true,
      write: false,
      metafile: true,
      outdir: 'out',
      format: 'esm',
      platform: 'browser',
      logLevel: 'silent',
      tsconfig: path.join(root, 'tsconfig.json'),
      loader: { '.css': 'empty', '.svg': 'empty', '.woff2': 'empty' },
    });
    const offenders = Object.values(result.metafile.outputs).flatMap((output) =>
      output.entryPoint &&
      Object.keys(output.inputs).some((input) => input.includes('node_modules/react-router'))
        ? [output.entryPoint]
        : [],
    );
    expect(offenders).toEqual([]);
  });
});
