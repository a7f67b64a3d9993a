// `npm start`: builds the site and the server when missing or older than their sources, then runs the server
// in this same process (so SIGTERM reaches it directly).
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from './server-build.mjs';

const entry = await ensureBuilt().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(entry).href);
