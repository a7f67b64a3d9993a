// Text for the ad-catalog feeds and the image sitemap (ADR 0021). The XML documents are written by fast-xml-builder's
// XMLBuilder, which escapes `& < > " '` in text and attribute values itself; the CSV by csv-stringify, which quotes.
// What neither library does is remove the characters XML 1.0 does not allow: `plainText` does, and every value of
// every feed goes through it (both writers below apply it to each value they write). The CSV's text cells then get
// the rule of every CSV of the product against spreadsheet formulas (csvSafe).

import { csvSafe } from '@domain/csv-safe.ts';
import { stringify } from 'csv-stringify/sync';
import XMLBuilder from 'fast-xml-builder';

/**
 * What XML 1.0 does not allow (its Char production: controls other than tab and line breaks, lone surrogates,
 * U+FFFE and U+FFFF), plus the C1 controls and DEL it only discourages. With the u flag a paired surrogate is one
 * code point and stays; a lone one is removed.
 */
const NOT_TEXT = /[^\t\n\r\u0020-\u007E\u00A0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** A value as one line of plain text: invisible characters removed, whitespace runs made one space. */
export function plainText(value: string): string {
  return value.replace(NOT_TEXT, '').replace(/\s+/g, ' ').trim();
}

/** An element's value, or undefined (XMLBuilder then leaves the element out) when it is null or empty as text. */
export function optional(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = plainText(String(value));
  return text === '' ? undefined : text;
}

const clean = (_name: string, value: unknown) => plainText(String(value));

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // An attribute whose value is "true" is written with its value, never as a bare name (not XML).
  suppressBooleanAttributes: false,
  format: true,
  tagValueProcessor: clean,
  attributeValueProcessor: clean,
});

/**
 * An XML document: the declaration, then the root element given as XMLBuilder's object (keys in document order,
 * `@name` an attribute, `#text` the text of an element that has attributes, an array a repeated element).
 */
export function xmlDocument(root: Record<string, unknown>): string {
  return builder.build({ '?xml': { '@version': '1.0', '@encoding': 'UTF-8' }, ...root });
}

/**
 * A CSV document as RFC 4180 has it: a header row naming `columns`, CRLF after every row, a field quoted when it
 * holds a comma or a quote (after plainText it holds no line break); null or undefined is an empty field. A text
 * that begins like a formula once plainText has cleaned it is written behind an apostrophe (csvSafe); numbers are
 * written as they are, and the text the product formats (a price, '87000 km', URLs) never begins that way.
 */
export function csvDocument<Column extends string>(
  columns: readonly Column[],
  rows: Record<Column, string | number | null | undefined>[],
): string {
  return stringify(rows, {
    header: true,
    columns: [...columns],
    record_delimiter: 'windows',
    cast: { string: (value) => csvSafe(plainText(value)) },
  });
}

/**
 * Several values in one CSV field, as Google reads a list (`vehicle_option`): separated by commas, a comma inside a
 * value made a space, and each value cleaned and made safe like a cell of its own, so a program that splits the field
 * into cells finds no formula either.
 */
export function csvList(values: readonly string[]): string {
  return values
    .map((value) => csvSafe(plainText(value.replaceAll(',', ' '))))
    .filter((value) => value !== '')
    .join(',');
}
