// `npm start`: builds the site when the build is missing or older than the sources, then runs the server
// in this same process (so SIGTERM reaches it directly).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
const serverBuild = path.join(buildDir, 'server/index.js');

function newestMtime(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const sources = ['app', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'].map((p) =>
  path.join(root, p),
);
const stale =
  !existsSync(serverBuild) ||
  Math.max(...sources.filter(existsSync).map(newestMtime)) > statSync(serverBuild).mtimeMs;
if (stale) {
  console.info('Compilando el sitio (react-router build)...');
  const result = spawnSync(path.join(root, 'node_modules/.bin/react-router'), ['build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
register();
await import('../server/main.ts');
