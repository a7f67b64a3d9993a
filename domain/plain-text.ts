// Text compared or turned into identifiers regardless of case and accents, one rule for the whole project.

/** Lower case without accents or other marks: "Condición" and "condicion" are one key. */
export function plainLower(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * An identifier from a name: plain lower case, every run of other characters a hyphen, none at the ends, at most
 * `max` characters ("Seguro de cesantía" → "seguro-de-cesantia"). Empty when the name has no letter or digit.
 */
export function slugify(text: string, max = 60): string {
  return plainLower(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, max)
    .replace(/-+$/, '');
}
