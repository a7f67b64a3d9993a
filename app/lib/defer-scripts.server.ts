import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from './deferred-scripts';

// React escapes "<" in text and attributes, so these can only match tags React Router wrote.
const PRELOAD = '<link rel="modulepreload"';
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">/;

/**
 * Makes React Router's module preloads and its module script inert, for `startDeferredScripts` to start after
 * the first paint (ADR 0012). React Router writes one module script (the route modules and the entry) and one
 * preload per chunk. Should its markup change so the script is not found, the page goes out as rendered and
 * its code loads at once, as before; tests/e2e/deferred-scripts.spec.ts fails on that.
 */
export function deferScripts(html: string): string {
  const inert = html.replace(MODULE_SCRIPT, `<script$1 type="${DEFERRED_MODULE_TYPE}" async="">`);
  if (inert === html) return html;
  return inert.replaceAll(PRELOAD, `<link rel="${DEFERRED_PRELOAD_REL}"`);
}
