import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ISLANDS_MANIFEST, readIslandAssets } from '@server/http/island-assets.ts';
import { describe, expect, it } from 'vitest';

/** A client folder holding an islands manifest as vite.islands.config.ts writes it. */
function clientDir(manifest: object | null): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'islands-'));
  if (manifest) {
    mkdirSync(path.join(dir, path.dirname(ISLANDS_MANIFEST)), { recursive: true });
    writeFileSync(path.join(dir, ISLANDS_MANIFEST), JSON.stringify(manifest));
  }
  return dir;
}

describe('readIslandAssets', () => {
  it('names each island by its file and lists every chunk it imports, directly or not, once', () => {
    const assets = readIslandAssets(
      clientDir({
        '_react.js': { file: 'assets/island-react-A.js' },
        '_icons.js': { file: 'assets/island-icons-B.js', imports: ['_react.js'] },
        'app/islands/runtime.ts': {
          file: 'assets/island-runtime-C.js',
          src: 'app/islands/runtime.ts',
          isEntry: true,
          imports: ['_react.js'],
        },
        'app/islands/site-header.ts': {
          file: 'assets/island-site-header-D.js',
          src: 'app/islands/site-header.ts',
          isEntry: true,
          imports: ['_icons.js', '_react.js'],
          dynamicImports: ['contracts/leads.ts'],
        },
        'contracts/leads.ts': {
          file: 'assets/island-leads-E.js',
          src: 'contracts/leads.ts',
          isDynamicEntry: true,
        },
      }),
    );
    expect(assets).toEqual({
      runtime: { src: '/assets/island-runtime-C.js', preload: ['/assets/island-react-A.js'] },
      islands: {
        'site-header': {
          src: '/assets/island-site-header-D.js',
          preload: ['/assets/island-icons-B.js', '/assets/island-react-A.js'],
        },
      },
    });
  });

  it('is null without an islands build (development), so React Router hydrates the pages whole', () => {
    expect(readIslandAssets(clientDir(null))).toBeNull();
  });

  it('refuses a manifest without the runtime', () => {
    expect(() => readIslandAssets(clientDir({}))).toThrow(/no runtime entry/);
  });
});
