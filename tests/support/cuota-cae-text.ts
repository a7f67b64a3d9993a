// Ley 19.496 art. 17 G in an e-mail (issue 30): a message that states a cuota in pesos states its CAE too. The message
// is the unit a person reads, as a card is on a page (tests/e2e/support/cuota-cae.ts); its HTML is read as text.

/** The lines of `body` that state a cuota in pesos, when the message states no CAE; empty when it does or has none. */
export function cuotasWithoutCae(body: string): string[] {
  const text = body.replace(/<[^>]+>/g, ' ').replace(/&nbsp;|&#160;/g, ' ');
  const cuotas = text.split('\n').filter((line) => /\bcuota/i.test(line) && /\$\s?\d/.test(line));
  return /\bCAE\b/.test(text) ? [] : cuotas.map((line) => line.trim());
}

/** Whether `body` states a cuota in pesos at all: a check that reads nothing proves nothing. */
export const statesCuota = (body: string) =>
  body.split('\n').some((line) => /\bcuota/i.test(line) && /\$\s?\d/.test(line));
