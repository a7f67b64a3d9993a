// The personal-data export as CSV (portability, art. 9: a structured, common format), from the same document as the
// JSON: every value on its own line, named by where it sits in the document ("solicitudes.1.nombre"), so nothing the
// JSON holds is left out and any spreadsheet opens it. Photos are named, not inlined: their bytes are in the JSON.
// Written like every CSV of the product (leads-csv.ts): BOM, ';', CRLF, formulas behind an apostrophe.
import { CSV_BOM, csvLine } from './leads-csv.ts';
import type { PersonalDataExport } from './personal-data-export.ts';

const PHOTO_DATA = /^data:image\/[a-z]+;base64,/;

function* flatten(value: unknown, path: string): Generator<[string, string]> {
  if (value === null || value === undefined) {
    yield [path, ''];
  } else if (Array.isArray(value)) {
    if (value.length === 0) yield [path, ''];
    for (const [index, item] of value.entries()) yield* flatten(item, `${path}.${index + 1}`);
  } else if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) yield [path, ''];
    for (const [key, item] of entries) yield* flatten(item, path ? `${path}.${key}` : key);
  } else if (typeof value === 'string' && PHOTO_DATA.test(value)) {
    yield [path, 'foto incluida en el archivo JSON'];
  } else {
    yield [path, String(value)];
  }
}

export function personalDataCsv(document: PersonalDataExport): string {
  let out = CSV_BOM + csvLine(['Dato', 'Valor']);
  for (const [path, value] of flatten(document, '')) out += csvLine([path, value]);
  return out;
}
