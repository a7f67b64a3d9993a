import { startDeferredScripts } from '../../lib/deferred-scripts';

/** Starts a public page's code after its first paint (ADR 0012); rendered last in <body>. */
export function DeferredScriptsStart({ nonce }: { nonce: string | undefined }) {
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this module, no outside content.
      dangerouslySetInnerHTML={{ __html: startDeferredScripts }}
    />
  );
}
