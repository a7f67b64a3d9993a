// The browser code of the public pages (ADR 0015): one module per island under app/islands/ and the runtime that
// hydrates them, built after `react-router build` into the same client folder. The server reads the manifest to
// name each island's module and the chunks to preload with it.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';
import { ISLANDS_MANIFEST } from './server/http/island-assets.ts';

const islandsDir = path.resolve(import.meta.dirname, 'app/islands');
// Every module in app/islands/ is an entry: the runtime and one per island (island() is in app/lib/island.tsx).
const entries = readdirSync(islandsDir).filter((file) => /\.tsx?$/.test(file));

export default defineConfig({
  resolve: { tsconfigPaths: true },
  publicDir: false,
  build: {
    outDir: path.join(process.env.BUILD_DIR ?? 'build', 'client'),
    emptyOutDir: false,
    manifest: ISLANDS_MANIFEST,
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: Object.fromEntries(
        entries.map((file) => [file.replace(/\.tsx?$/, ''), path.join(islandsDir, file)]),
      ),
      // The runtime imports an island's module and renders its default export.
      preserveEntrySignatures: 'exports-only',
      // Only the icons an island draws: icon() (app/components/icon.tsx) has no side effect, and each lucide icon
      // module also builds a component and reads its data's fields, none of which is used.
      treeshake: { manualPureFunctions: ['createLucideIcon', 'icon'], propertyReadSideEffects: false },
      output: {
        entryFileNames: 'assets/island-[name]-[hash].js',
        chunkFileNames: 'assets/island-[name]-[hash].js',
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 }],
        },
      },
    },
  },
});
