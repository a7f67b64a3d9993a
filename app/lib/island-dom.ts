// `react-dom` for the public islands (ADR 0035): vite.islands.config.ts aliases `react-dom` to this module, so the
// islands run on Preact's compatibility layer, which has no resource hints. `preload` and `preloadModule` are
// React's: on the server they are collected while an island renders (app/lib/island-render.server.ts), and the page
// around it asks React to write them into <head> as before; in the browser they are already there.
import type { IslandPreload } from '@contracts/islands';

// What the islands import from react-dom besides the hints.
export { createPortal, flushSync } from 'preact/compat';

let collected: IslandPreload[] | null = null;

export function preload(href: string, options: Extract<IslandPreload, { options: object }>['options']): void {
  collected?.push({ href, options });
}

export function preloadModule(href: string): void {
  collected?.push({ href, module: true });
}

/** Runs `render` and returns what it rendered with the preloads it asked for. */
export function collectPreloads<T>(render: () => T): { result: T; preloads: IslandPreload[] } {
  const preloads: IslandPreload[] = [];
  collected = preloads;
  try {
    return { result: render(), preloads };
  } finally {
    collected = null;
  }
}
