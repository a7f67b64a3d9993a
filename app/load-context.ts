import type { Services } from '../server/services/container.ts';

declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    /** Nonce of this response's Content-Security-Policy (absent in development). */
    cspNonce?: string;
  }
}
