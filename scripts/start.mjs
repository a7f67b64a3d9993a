// `npm start`: builds the site and the server when missing or older than their sources, then runs the server
// in this same process (so SIGTERM reaches it directly).
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { builtEntry, ensureBuilt } from './server-build.mjs';

// A server a browser test starts during a run (BUILD_AS_IS=1, set by playwright.config.ts) serves the build the run
// began with. Checking the sources again rebuilt, in the middle of the run, the files the other servers were serving,
// as soon as someone edited a file while the suite ran (their pages then asked for scripts that were gone).
const entry =
  process.env.BUILD_AS_IS === '1'
    ? builtEntry()
    : await ensureBuilt().catch((error) => {
        console.error(error.message);
        process.exit(1);
      });
if (!existsSync(entry)) {
  console.error(`No hay compilación en ${entry}: ejecuta npm run build.`);
  process.exit(1);
}
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(entry).href);
