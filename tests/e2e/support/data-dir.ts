import { test } from '@playwright/test';

/**
 * The data directory of the server the running test talks to: each project names its server's in its metadata
 * (playwright.config.ts), as the site-wide project has a server of its own.
 */
export function serverDataDir(): string {
  const { dataDir } = test.info().project.metadata as { dataDir?: string };
  if (!dataDir) throw new Error('this project names no data directory in its metadata');
  return dataDir;
}
