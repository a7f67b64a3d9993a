/**
 * The interface's long words with a soft hyphen where Spanish breaks them. On a narrow phone a word wider than its
 * box then breaks as «Financia-miento» instead of scrolling away or splitting anywhere («Financiamient» over «o»);
 * `hyphens: auto` cannot be relied on, since a browser without a Spanish dictionary breaks nothing. Accessible names
 * ignore soft hyphens.
 */
const BREAKS: Readonly<Record<string, string>> = {
  Especificaciones: 'Especifi\u00ADcaciones',
  Características: 'Caracte\u00ADrísticas',
  Financiamiento: 'Financia\u00ADmiento',
};

/** The word with its break point, or the text as it is when it is not one of them. */
export function withSoftHyphens(text: string): string {
  return BREAKS[text] ?? text;
}
