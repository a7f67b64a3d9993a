import interLatin from '../../fonts/inter-latin-400-700.woff2?url';
import { startDeferredScripts } from '../../lib/deferred-scripts';
import { fontCachedScript } from '../../lib/font-loading';
import { captureVisitSource } from '../../lib/visit-source';

// One script, so one hash in the page's CSP header: the header and the document share the first round trip.
const startScript = captureVisitSource + startDeferredScripts(interLatin);

/**
 * Keeps where the visit began (app/lib/visit-source.ts) and starts a public page's code after its first paint
 * (ADR 0012); rendered last in <body>.
 */
export function DeferredScriptsStart({ nonce }: { nonce: string | undefined }) {
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this module, no outside content.
      dangerouslySetInnerHTML={{ __html: startScript }}
    />
  );
}

/** Sets a public page in Inter from its first paint when the browser already has the file (ADR 0022); first in <head>. */
export function FontCachedCheck({ nonce }: { nonce: string | undefined }) {
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this module, no outside content.
      dangerouslySetInnerHTML={{ __html: fontCachedScript }}
    />
  );
}
