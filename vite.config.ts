import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// The browser bundle in a few chunks instead of forty: on a phone each request waits for a connection, so the
// framework and the icons (one module per icon) travel as one file each.
const clientChunks = {
  groups: [
    {
      name: 'framework',
      test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
      priority: 2,
    },
    { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // The icons take only lucide's data (app/components/icon.tsx); each lucide icon module also builds
          // its own component at load, which nothing uses, so that call may go.
          treeshake: { manualPureFunctions: ['createLucideIcon'] },
          output: { codeSplitting: clientChunks },
        },
  },
}));
