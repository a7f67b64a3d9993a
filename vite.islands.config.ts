// The browser code of the public pages (ADR 0015): one module per island under app/islands/ and the runtime that
// hydrates them, built after `react-router build` into the same client folder. The server reads the manifest to
// name each island's module and the chunks to preload with it.
// The islands run on Preact through preact/compat (ADR 0035): `react` and `react-dom` are aliased here, and only
// here. With `--ssr`, the same islands are built for the server (app/lib/island-render.server.ts), which renders
// their markup with Preact too. In `npm run dev` this config is the islands' own Vite server, with Preact's refresh.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import prefresh from '@prefresh/vite';
import { type Alias, defineConfig, type UserConfig } from 'vite';
import { ISLANDS_MANIFEST, ISLANDS_SERVER_DIR } from './server/http/island-assets.ts';

const islandsDir = path.resolve(import.meta.dirname, 'app/islands');
// Every module in app/islands/ is an entry: the runtime and one per island (island() is in app/lib/island.tsx).
const entries = readdirSync(islandsDir).filter((file) => /\.tsx?$/.test(file));
const buildDir = process.env.BUILD_DIR ?? 'build';

/** React's modules as the islands import them, and what they get instead. */
export const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  // preact/compat and React's resource hints, which Preact lacks.
  { find: /^react-dom$/, replacement: path.resolve(import.meta.dirname, 'app/lib/island-dom.ts') },
];

// Only the icons an island draws: icon() (app/components/icon.tsx) has no side effect, and each lucide icon
// module also builds a component and reads its data's fields, none of which is used.
const treeshake = {
  manualPureFunctions: ['createLucideIcon', 'icon'],
  propertyReadSideEffects: false as const,
};

export default defineConfig(
  async ({ command, isSsrBuild }): Promise<UserConfig> => ({
    resolve: { tsconfigPaths: true, alias: PREACT_ALIASES },
    // JSX as React writes it (react/jsx-runtime), which the aliases send to Preact.
    oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
    // Development: an edited island is refreshed in place, its state kept.
    plugins: command === 'serve' ? [await prefresh()] : [],
    publicDir: false,
    // Development: its pre-bundled packages (Preact under React's names) apart from the site's Vite server's.
    cacheDir: 'node_modules/.vite-islands',
    // The server build takes Preact and every module in: the server's other React code never meets it.
    ssr: { noExternal: true },
    build: isSsrBuild
      ? {
          outDir: path.join(buildDir, ISLANDS_SERVER_DIR),
          emptyOutDir: true,
          rolldownOptions: {
            input: { render: path.resolve(import.meta.dirname, 'app/lib/island-render.server.ts') },
            treeshake,
            output: { entryFileNames: '[name].js' },
          },
        }
      : {
          outDir: path.join(buildDir, 'client'),
          emptyOutDir: false,
          manifest: ISLANDS_MANIFEST,
          assetsInlineLimit: 0,
          rolldownOptions: {
            input: Object.fromEntries(
              entries.map((file) => [file.replace(/\.tsx?$/, ''), path.join(islandsDir, file)]),
            ),
            // The runtime imports an island's module and renders its default export.
            preserveEntrySignatures: 'exports-only',
            treeshake,
            output: {
              entryFileNames: 'assets/island-[name]-[hash].js',
              chunkFileNames: 'assets/island-[name]-[hash].js',
              codeSplitting: {
                groups: [{ name: 'preact', test: /node_modules[\\/]preact[\\/]/, priority: 2 }],
              },
            },
          },
        },
  }),
);
