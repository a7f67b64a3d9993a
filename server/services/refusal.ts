/** What a refusal means to the caller; the HTTP layer (server/http/refusal.ts) turns it into a status. */
/** `gone`: a link that worked once and no longer does (used or expired). */
export type RefusalKind = 'invalid' | 'not_found' | 'conflict' | 'forbidden' | 'gone';

/**
 * A request the rules refuse, with the Spanish sentence to show and, for a form, the sentence of each field.
 * Services throw it and never choose an HTTP status; anything else they throw is a real failure.
 */
export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly campos?: Record<string, string>,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}
