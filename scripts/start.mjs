// `npm start`: builds the site and the server when missing or older than their sources, then runs the server
// in this same process (so SIGTERM reaches it directly).
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { builtEntry, ensureBuilt } from './server-build.mjs';

// A server a browser test starts during a run (BUILD_AS_IS=1, set by playwright.config.ts) serves the build the run
// began with. Checking the sources again rebuilt, in the middle of the run, the files the other servers were serving,
// as soon as someone edited a file while the suite ran (their pages then asked for scripts that were gone).
function buildAsIs() {
  const entry = builtEntry();
  if (existsSync(entry)) return entry;
  console.error(`No hay compilación en ${entry}: ejecuta npm run build.`);
  process.exit(1);
}

const entry =
  process.env.BUILD_AS_IS === '1'
    ? buildAsIs()
    : await ensureBuilt().catch((error) => {
        console.error(error.message);
        process.exit(1);
      });
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(entry).href);
