// The patente (placa patente única) of a Chilean car, as the stock form and the spreadsheet take it (ADR 0040).
//
// Decreto Supremo 53 of 1984 (Ministerio de Transportes y Telecomunicaciones), article 2, fixes the letters and
// digits of the plate: "cuatro letras y dos dígitos" since Decreto 117 of 2012 replaced the older "dos letras y cuatro
// dígitos" (the series issued since 2007). A plate stays with its car for life, so used cars carry both. The decree
// names letters, not which ones, so any of A–Z is taken; motorcycle plates and the five-letter series announced for
// when the current one runs out were found only in press reports, not in the decree's text, and are not taken.

/** What staff type between the groups: spaces, dots, the middle dot of the plate, hyphens. */
const SEPARATORS = /[\s.·•‧∙_-]+/gu;

/** The plate as stored: upper case, no separators ("BBCD12", "AB1234"). */
export function normalizePatente(typed: string): string {
  return typed.replace(SEPARATORS, '').toUpperCase();
}

/** The current series (four letters, two digits) and the older one (two letters, four digits), normalised. */
export const PATENTE_PATTERN = /^(?:[A-Z]{4}[0-9]{2}|[A-Z]{2}[0-9]{4})$/;

export const PATENTE_ERROR =
  'Escribe la patente como BBCD·12 (4 letras y 2 números) o, si es anterior a 2007, como AB·1234 (2 letras y 4 números).';

/** The plate as it is printed, in pairs: "BB·CD·12", "AB·12·34". */
export function formatPatente(patente: string): string {
  return PATENTE_PATTERN.test(patente) ? (patente.match(/.{2}/g) ?? [patente]).join('·') : patente;
}
