// Readers of the ad-catalog feeds for the tests. XML: fast-xml-parser's XMLValidator decides whether the document is
// well-formed (tags closed, and in order; attributes quoted, with a value, not repeated; no bare `&` or `<` in text),
// then its XMLParser gives the tree. The validator lets through a few things a strict XML 1.0 parser refuses, or
// that a feed of ours must never hold; `strictExtras` checks those. CSV: csv-parse, strictly.

import { parse } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface XmlElement {
  name: string;
  attribs: Record<string, string>;
  children: XmlElement[];
  /** The text of the element and of everything inside it, in document order, entities decoded. */
  text: string;
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const XML_CHARS = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

/** What XMLValidator accepts although XML 1.0 (or our feeds' own rule) does not. */
function strictExtras(text: string): string[] {
  const problems: string[] = [];
  if (!text.startsWith(DECLARATION)) problems.push('no XML declaration');
  // XML 1.0's Char production.
  if (!XML_CHARS.test(text)) problems.push('a character XML 1.0 does not allow');
  // Without a DTD only the five predefined entities exist; the feeds write no character references.
  const entity = /&(?!(?:amp|lt|gt|quot|apos);)[^;\s]{0,10};?/.exec(text);
  if (entity) problems.push(`an unknown entity: ${entity[0]}`);
  // `]]>` may not appear in text; the feeds write no CDATA, no DTD.
  if (text.includes(']]>')) problems.push('a "]]>"');
  if (/<!\[CDATA\[/.test(text)) problems.push('a CDATA section');
  if (/<!DOCTYPE/i.test(text)) problems.push('a DOCTYPE');
  // XMLParser drops text after the root element (text before it, the validator refuses).
  if (!/>\s*$/.test(text)) problems.push('text after the root');
  return problems;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
});

type ParsedNode = Record<string, unknown>;

function toElement(name: string, node: ParsedNode): XmlElement {
  const element: XmlElement = {
    name,
    attribs: (node[':@'] as Record<string, string> | undefined) ?? {},
    children: [],
    text: '',
  };
  for (const child of node[name] as ParsedNode[]) {
    if ('#text' in child) {
      element.text += String(child['#text']);
      continue;
    }
    const childName = Object.keys(child).find((key) => key !== ':@') ?? '';
    if (childName.startsWith('?')) throw new Error(`a processing instruction ${childName}`);
    const inner = toElement(childName, child);
    element.children.push(inner);
    element.text += inner.text;
  }
  return element;
}

/** Throws, saying why, when the document is not well-formed; returns its root element. */
export function parseXml(text: string): XmlElement {
  const verdict = XMLValidator.validate(text);
  if (verdict !== true)
    throw new Error(`${verdict.err.msg} (line ${verdict.err.line}, col ${verdict.err.col})`);
  const problems = strictExtras(text);
  if (problems.length > 0) throw new Error(problems.join('; '));
  const nodes = parser.parse(text) as ParsedNode[];
  const roots: XmlElement[] = [];
  for (const node of nodes) {
    if ('#text' in node) {
      if (String(node['#text']).trim() !== '') throw new Error('text outside the root');
      continue;
    }
    const name = Object.keys(node).find((key) => key !== ':@') ?? '';
    if (name === '?xml') continue;
    if (name.startsWith('?')) throw new Error(`a processing instruction ${name}`);
    roots.push(toElement(name, node));
  }
  const [root] = roots;
  if (!root || roots.length > 1) throw new Error(`${roots.length} root elements`);
  return root;
}

export const children = (parent: XmlElement, name: string): XmlElement[] =>
  parent.children.filter((child) => child.name === name);

/** The text of the first child `name` (path separated by '/'), or undefined. */
export function childText(parent: XmlElement, path: string): string | undefined {
  let current: XmlElement | undefined = parent;
  for (const name of path.split('/')) current = current ? children(current, name)[0] : undefined;
  return current?.text;
}

/**
 * RFC 4180: ',' separated, CRLF after each row, quoted fields with doubled quotes. csv-parse refuses a stray or
 * unclosed quote and a row with another number of fields than the first; a line break outside quotes that is not
 * CRLF would be read into a field, so such a field is refused here.
 */
export function parseCsv(text: string): string[][] {
  return parse(text, {
    record_delimiter: '\r\n',
    relax_quotes: false,
    relax_column_count: false,
    skip_empty_lines: false,
    cast: (value, context) => {
      if (!context.quoting && /[\r\n]/.test(value))
        throw new Error(`a bare line break in row ${context.lines}, field ${context.index + 1}`);
      return value;
    },
  });
}
