import { positionsOf, splice } from '@server/http/splice-bytes.ts';
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from './deferred-scripts';

// React escapes "<" and ">" in text and attributes, so these can only be in tags the page's code wrote.
const PRELOAD = Buffer.from('<link rel="modulepreload"');
const INERT_PRELOAD = Buffer.from(`<link rel="${DEFERRED_PRELOAD_REL}"`);
const MODULE_TYPE = Buffer.from(' type="module" async="">');
const INERT_MODULE_TYPE = Buffer.from(` type="${DEFERRED_MODULE_TYPE}" async="">`);
const SCRIPT = Buffer.from('<script');
const HEAD_END = Buffer.from('</head>');
const TAG_END = 0x3e; // ">"

/**
 * Makes a public page's module preloads and its module script inert, for `startDeferredScripts` to start after
 * the first paint (ADR 0012). The page has one module script (the islands' runtime, ADR 0015) and one
 * preload per chunk. Should its markup change so the script is not found, the page goes out as rendered and
 * its code loads at once, as before; tests/e2e/deferred-scripts.spec.ts fails on that.
 * Works on the bytes, with no decoding, and reads little of them: it runs on every render the page cache keeps.
 */
export function deferScripts(html: Buffer): Buffer {
  // The module script comes after the page's content, its preloads are hoisted into <head>.
  const module = html.lastIndexOf(MODULE_TYPE);
  const tag = module < 0 ? -1 : html.lastIndexOf(SCRIPT, module);
  // The type must be an attribute of that <script> tag, not further on.
  if (tag < 0 || html.indexOf(TAG_END, tag) < module) return html;
  const headEnd = html.indexOf(HEAD_END);
  const head = headEnd < 0 ? html : html.subarray(0, headEnd);
  return splice(html, [
    [module, MODULE_TYPE.length, INERT_MODULE_TYPE],
    ...positionsOf(head, PRELOAD).map((at) => [at, PRELOAD.length, INERT_PRELOAD] as const),
  ]);
}
