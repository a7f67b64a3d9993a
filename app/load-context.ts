import type { IslandAssets } from '@contracts/islands';
import type { SessionUser } from '@server/services/auth/sessions.ts';
import type { Services } from '@server/services/container.ts';

declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    /**
     * Nonce of this response's Content-Security-Policy, for pages streamed as they render in production. Absent in
     * development and for pages rendered whole, which allow their inline scripts by hash (ADR 0013).
     */
    cspNonce?: string;
    /** The signed-in staff member, resolved for /admin pages only (null elsewhere and when signed out). */
    staff?: SessionUser | null;
    /**
     * Present when the server keeps the whole page (public pages, for the page cache): the document is rendered to
     * its end into `html` and the Response carries no body, so it is not streamed only to be read back.
     */
    wholePage?: { html?: Buffer };
    /** The islands build (ADR 0015), for the public pages that are served as islands; null in development. */
    islands?: IslandAssets | null;
  }
}
