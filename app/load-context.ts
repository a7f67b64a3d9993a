import type { Services } from '../server/services/container.ts';

declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
  }
}
