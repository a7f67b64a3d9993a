// One rule for every CSV the product writes (the inbox's leads, the stock sheet, the Google vehicle feed): a text
// cell that a spreadsheet program would run as a formula when it opens the file (CSV injection) is written behind an
// apostrophe, which the program shows as text and never evaluates. The starts are OWASP's list: = + - @, tab and
// carriage return. Numbers are not text: a number the product formats is written as it is, a negative one included.

/** How a cell a spreadsheet would read as a formula begins. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as every CSV of the product writes it: text behind an apostrophe when it begins like a formula. */
export function csvSafe(value: string | number): string {
  if (typeof value === 'number') return String(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}
