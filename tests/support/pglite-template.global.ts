import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migratedPgliteDump } from '@db/client.ts';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  interface ProvidedContext {
    /** A file holding the dump of a migrated PGlite database (absent when the tests run on PostgreSQL). */
    pgliteTemplate: string | undefined;
  }
}

/**
 * Vitest global setup: migrates one PGlite database and writes its dump to a file, which `openTestDatabase`
 * starts every test database from. A fresh in-memory PGlite with its migrations takes 3–6 s on this machine; one
 * from the dump about a third of that, and the suite opens dozens.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DB === 'postgres') {
    project.provide('pgliteTemplate', undefined);
    return () => {};
  }
  const dump = await migratedPgliteDump();
  const dir = mkdtempSync(path.join(tmpdir(), 'automotora-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
