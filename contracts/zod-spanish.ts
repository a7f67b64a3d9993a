import { z } from 'zod';

/**
 * Spanish for what a schema's own messages do not cover (a number sent as text, a list too long): zod's Spanish
 * messages, passed to `safeParse` (`{ error: zodSpanish }`), below every message the schemas set themselves.
 */
export const zodSpanish = z.locales.es().localeError;
