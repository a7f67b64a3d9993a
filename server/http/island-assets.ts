import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { IslandAsset, IslandAssets } from '@contracts/islands.ts';

/** Where vite.islands.config.ts writes its manifest, under the build's client folder. */
export const ISLANDS_MANIFEST = '.vite/islands.json';

/** What the islands' server render exports (app/lib/island-render.server.ts). */
export interface IslandRenderModule {
  renderIsland: NonNullable<IslandAssets['render']>;
}

/** Where `vite build --ssr` of vite.islands.config.ts writes the islands' server render, under the build folder. */
export const ISLANDS_SERVER_DIR = 'islands-server';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The islands build (ADR 0015) as the pages need it: for the runtime and for each island (named by its file under
 * app/islands/), the module's address and every chunk it imports, directly or not. Null when the build has no
 * islands manifest, and every public page is then hydrated by React Router as a whole.
 */
export function readIslandAssets(clientDir: string): IslandAssets | null {
  const manifestPath = path.join(clientDir, ISLANDS_MANIFEST);
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const url = (key: string) => `/${manifest[key]?.file}`;
  const asset = (key: string): IslandAsset => {
    const seen = new Set<string>();
    const visit = (chunk: string) => {
      for (const imported of manifest[chunk]?.imports ?? []) {
        if (seen.has(imported)) continue;
        seen.add(imported);
        visit(imported);
      }
    };
    visit(key);
    return { src: url(key), preload: [...seen].map(url) };
  };
  const islands: Record<string, IslandAsset> = {};
  let runtime: IslandAsset | undefined;
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry || !chunk.src) continue;
    const name = path.basename(chunk.src).replace(/\.tsx?$/, '');
    if (name === 'runtime') runtime = asset(key);
    else islands[name] = asset(key);
  }
  if (!runtime) throw new Error(`${manifestPath}: no runtime entry`);
  return { runtime, islands };
}

/**
 * In `npm run dev`, the islands have a Vite server of their own (vite.islands.config.ts: Preact through
 * preact/compat, and Preact's refresh), whose addresses all begin with this; the site's Vite server (React) serves
 * the rest, the back office included.
 */
export const DEV_ISLANDS_BASE = '/islands-dev/';

/** What runs before the runtime in development: the islands' Vite client (hot reload over its websocket). */
export const DEV_PREAMBLE = [`${DEV_ISLANDS_BASE}@vite/client`];

/**
 * The islands as their Vite server serves them (`npm run dev`): each module from its source under app/islands/,
 * which Vite transforms on request and refreshes on change, and Vite's client first. The pages are then the
 * production pages' markup, rendered and hydrated island by island with Preact like production (ADR 0015, 0035).
 */
export function devIslandAssets(root: string): IslandAssets {
  const files = readdirSync(path.join(root, 'app', 'islands')).filter((file) => /\.tsx?$/.test(file));
  const asset = (file: string): IslandAsset => ({
    src: `${DEV_ISLANDS_BASE}app/islands/${file}`,
    preload: [],
  });
  const islands: Record<string, IslandAsset> = {};
  let runtime: IslandAsset | undefined;
  for (const file of files) {
    const name = file.replace(/\.tsx?$/, '');
    if (name === 'runtime') runtime = asset(file);
    else islands[name] = asset(file);
  }
  if (!runtime) throw new Error('app/islands/runtime.ts is missing');
  return { runtime, islands, preamble: DEV_PREAMBLE };
}
