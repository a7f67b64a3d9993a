/**
 * Inter on the public pages without a byte of it before the main photo is painted (ADR 0022). On a phone link the
 * 30 kB file shared the bandwidth with the stylesheet and the photo, and was the last of them to arrive: the photo
 * waited for it. The text is now set in the system's sans-serif until the file is in the browser's cache:
 * - `startDeferredScripts` fetches the file once the page is painted and, when it has it, sets `FONT_CACHED_KEY`;
 * - `fontCachedScript`, first in <head>, puts `html.inter` on every later page of a browser that has it, so those
 *   pages are set in Inter from their first paint. The face is `font-display: optional`: should the file have left
 *   the cache, that page stays in the system font and fetches it again, and the text never moves.
 * A visitor's first page therefore keeps the system font while it is open: swapping Inter in under the reader
 * would shift the text. The back office is rendered with `html.inter` from the start.
 */
export const FONT_CACHED_KEY = 'inter';
/** The class that puts Inter first in the page's font stack (app.css). */
export const FONT_CLASS = 'inter';

export const fontCachedScript = `try{if(localStorage.getItem('${FONT_CACHED_KEY}'))document.documentElement.classList.add('${FONT_CLASS}')}catch(e){}`;

/** Statements for `startDeferredScripts`: fetch the font file into the cache, then remember that it is there. */
export function fontPrefetch(fontUrl: string): string {
  return `try{if(!localStorage.getItem('${FONT_CACHED_KEY}'))fetch(${JSON.stringify(fontUrl)}).then(function(r){return r.ok&&r.arrayBuffer()}).then(function(b){if(b)localStorage.setItem('${FONT_CACHED_KEY}','1')},function(){})}catch(e){}`;
}
