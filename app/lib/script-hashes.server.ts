import { createHash } from 'node:crypto';

const SCRIPT_OPEN = Buffer.from('<script');
const SCRIPT_CLOSE = Buffer.from('</script>');
const TAG_END = 0x3e; // ">"
// Attributes of scripts a browser never runs (data such as JSON-LD), and of scripts it fetches.
const NOT_INLINE_CODE = /\ssrc=|\stype="application\/(?:ld\+)?json"/;

/**
 * The Content-Security-Policy hash sources (`'sha256-…'`) of every inline script of a rendered page, in the order
 * they occur, each once. A page allowed by hashes instead of a nonce has the same bytes for every visitor, so the
 * page cache can compress it once (ADR 0013). The hash is of the script's bytes as written: a script's text is raw
 * in HTML, so it is also the hash of its `textContent` when `startDeferredScripts` copies the inert module script.
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  let from = 0;
  for (let open = html.indexOf(SCRIPT_OPEN); open !== -1; open = html.indexOf(SCRIPT_OPEN, from)) {
    const tagEnd = html.indexOf(TAG_END, open);
    const close = tagEnd < 0 ? -1 : html.indexOf(SCRIPT_CLOSE, tagEnd);
    if (close < 0) break;
    if (!NOT_INLINE_CODE.test(html.toString('latin1', open, tagEnd))) {
      const digest = createHash('sha256')
        .update(html.subarray(tagEnd + 1, close))
        .digest('base64');
      hashes.add(`'sha256-${digest}'`);
    }
    from = close + SCRIPT_CLOSE.length;
  }
  return [...hashes];
}
