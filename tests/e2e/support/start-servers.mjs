// The browser suite's production servers, started at once (playwright.config.ts's one webServer). Playwright starts
// the entries of a webServer list one after the other; these two each seed their staff accounts and open a fresh
// database, so starting them side by side takes about half as long (ADR 0045).
//
// E2E_SERVERS is a JSON list of { name, port, env }. The build is checked (and rebuilt when stale) once here, as
// `npm start` does, and both servers serve it as it is. Prints "e2e servers ready" once every /healthz answers;
// exits (and stops the others) as soon as one of them exits.
import { spawn } from 'node:child_process';
import { ensureBuilt } from '../../../scripts/server-build.mjs';

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
if (servers.length === 0) throw new Error('E2E_SERVERS names no server');

await ensureBuilt();

const children = servers.map(({ name, env }) => {
  const child = spawn(
    'node_modules/.bin/tsx tests/e2e/support/seed-staff.ts && exec node scripts/start.mjs',
    { shell: true, stdio: 'inherit', env: { ...process.env, ...env, BUILD_AS_IS: '1' } },
  );
  child.on('exit', (code, signal) => {
    console.error(`e2e server ${name} exited (${signal ?? `code ${code}`})`);
    stopAll();
    process.exit(1);
  });
  return child;
});

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    for (const child of children) child.removeAllListeners('exit');
    stopAll();
    process.exit(0);
  });
}

async function healthy(port) {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  } catch {
    return false;
  }
}

const waiting = new Set(servers.map(({ port }) => port));
while (waiting.size > 0) {
  for (const port of waiting) if (await healthy(port)) waiting.delete(port);
  if (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 250));
}
console.log('e2e servers ready');
