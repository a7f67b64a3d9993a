import {
  type Dealership,
  type PrivacySettings,
  RETENTION_KIND_NAMES,
  RETENTION_KINDS,
} from '@contracts/dealership.ts';
import type { LegalPlaceholder } from '@contracts/legal-texts.ts';
import { directCreditDownPaymentText, maxFinancedPercent } from './credit.ts';

// The placeholders of the legal texts (contracts/legal-texts.ts) are filled in the Markdown itself, before it is
// parsed: the privacy policy is published as that filled text (ADR 0031), so a version reads years later as it read
// the day it was published, whatever the settings have become since. Values are escaped, so a name with `**` or
// `<b>` shows as typed and never as formatting or markup.

/** Placeholders that become a link: their value is the link's text, and this gives its destination. */
const LINKS: Partial<Record<LegalPlaceholder, (value: string) => string>> = {
  correo: (email) => `mailto:${email}`,
  paginaDerechos: () => '/derechos',
};

/** "a", "a y b", "a, b y c". */
export function spanishAnd(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;
}

const months = (count: number) => (count === 1 ? '1 mes' : `${count} meses`);

/**
 * The retention periods as one sentence fragment, kinds with the same period together, shortest first: «6 meses
 * para las solicitudes de financiamiento; 12 meses para los mensajes de contacto, … y las pruebas de manejo; y
 * 6 meses para las fotos de tu auto que envías en «Compramos tu auto»».
 */
export function retentionSentence(privacy: PrivacySettings): string {
  const byMonths = new Map<number, string[]>();
  for (const kind of RETENTION_KINDS) {
    const count = privacy.retentionMonths[kind];
    byMonths.set(count, [...(byMonths.get(count) ?? []), RETENTION_KIND_NAMES[kind]]);
  }
  const parts = [...byMonths]
    .sort(([a], [b]) => a - b)
    .map(([count, names]) => `${months(count)} para ${spanishAnd(names)}`);
  parts.push(
    `${months(privacy.photoRetentionMonths)} para las fotos de tu auto que envías en «Compramos tu auto»`,
  );
  return `${parts.slice(0, -1).join('; ')}; y ${parts.at(-1)}`;
}

const unique = (items: readonly string[]) => [...new Set(items)];

/** The values the placeholders stand for, from the settings in use. */
export function legalPlaceholderValues(dealership: Dealership): Record<LegalPlaceholder, string> {
  const address = dealership.addresses[0];
  const insurers = unique(dealership.privacy.insurers);
  return {
    nombre: dealership.name,
    razonSocial: dealership.legalName,
    correo: dealership.email,
    telefono: dealership.phones[0]?.display ?? '',
    direccion: address ? `${address.street}, ${address.commune}, ${address.city}` : '',
    pieCreditoDirecto: directCreditDownPaymentText(dealership.financing).toLowerCase(),
    financiamientoMaximo: `${maxFinancedPercent(dealership.financing, dealership.creditEligibility)}%`,
    plazosConservacion: retentionSentence(dealership.privacy),
    instituciones: spanishAnd(unique(dealership.partners.map((partner) => partner.name))),
    aseguradoras:
      insurers.length > 0
        ? spanishAnd(insurers)
        : 'por ahora ninguna, así que no enviamos tus datos a compañías de seguros',
    paginaDerechos: 'la página de derechos',
  };
}

/**
 * A value as Markdown that reads as the value: a backslash before every character that could start formatting, a
 * link or markup, and before what would make a list of it («- », «1.»); a line break (which the settings never hold)
 * would start a new block, so it is a space.
 */
export function escapeMarkdown(value: string): string {
  return value
    .replace(/[\r\n]+/g, ' ')
    .replace(/[\\`*_[\]{}<>()#!|~]/g, '\\$&')
    .replace(/^(\s*)([+-])/, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/, '$1\\$2');
}

/** Characters a link destination cannot hold as they are. */
const encodeDestination = (href: string) =>
  href.replace(/[\s()<>\\]/g, (character) => encodeURIComponent(character));

interface Span {
  start: number;
  end: number;
  kind: 'text' | 'destination';
}

/** Where the destination of a link opened at `paren` ends (its `)`), or -1 when it does not on that line. */
function destinationEnd(source: string, paren: number): number {
  let depth = 0;
  for (let index = paren; index < source.length; index++) {
    const character = source[index];
    if (character === '\\') index++;
    else if (character === '\n') return -1;
    else if (character === '(') depth++;
    else if (character === ')' && --depth === 0) return index;
  }
  return -1;
}

/** The text and the destination of each inline link `[texto](destino)`, as the parser will read them. */
function linkSpans(source: string): Span[] {
  const spans: Span[] = [];
  const opens: number[] = [];
  for (let index = 0; index < source.length; index++) {
    const character = source[index];
    if (character === '\\') index++;
    else if (character === '\n') opens.length = 0;
    else if (character === '[') opens.push(index);
    else if (character === ']' && opens.length > 0) {
      const open = opens.pop() as number;
      if (source[index + 1] !== '(') continue;
      const close = destinationEnd(source, index + 1);
      if (close < 0) continue;
      spans.push(
        { start: open + 1, end: index, kind: 'text' },
        { start: index + 2, end: close, kind: 'destination' },
      );
      // A link holds no other link: brackets still open around it are text.
      opens.length = 0;
      index = close;
    }
  }
  return spans;
}

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/**
 * The text with each known placeholder replaced by its value, escaped. `{correo}` and `{paginaDerechos}` become links
 * unless they sit inside a link's text; a placeholder inside a link's destination, an escaped one (`\{nombre}`) and
 * an unknown one stay as typed.
 */
export function fillLegalPlaceholders(source: string, values: Record<LegalPlaceholder, string>): string {
  const spans = linkSpans(source);
  let filled = '';
  let last = 0;
  for (const match of source.matchAll(PLACEHOLDER)) {
    const name = match[1] as LegalPlaceholder;
    if (!Object.hasOwn(values, name)) continue;
    const backslashes = /\\*$/.exec(source.slice(0, match.index))?.[0].length ?? 0;
    if (backslashes % 2 === 1) continue;
    const span = spans.find((candidate) => match.index >= candidate.start && match.index < candidate.end);
    if (span?.kind === 'destination') continue;
    const value = values[name];
    const text = escapeMarkdown(value);
    const link = LINKS[name];
    filled += source.slice(last, match.index);
    filled += link && !span && value !== '' ? `[${text}](${encodeDestination(link(value))})` : text;
    last = match.index + match[0].length;
  }
  return filled + source.slice(last);
}
