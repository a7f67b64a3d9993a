import type { SessionUser } from '../server/services/auth/sessions.ts';
import type { Services } from '../server/services/container.ts';

declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    /** Nonce of this response's Content-Security-Policy (absent in development). */
    cspNonce?: string;
    /** The signed-in staff member, resolved for /admin pages only (null elsewhere and when signed out). */
    staff?: SessionUser | null;
  }
}
