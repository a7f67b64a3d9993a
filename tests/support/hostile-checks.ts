import type { Db } from '@db/client.ts';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

// Assertions shared by the hostile input and security suites.

/** Runs per property; HOSTILE_RUNS=500 makes a deeper (slower) run. */
export function runs(base: number): number {
  const scale = Number(process.env.HOSTILE_RUNS ?? 0);
  return scale > 0 ? Math.max(base, scale) : base;
}

export interface StoredCounts {
  leads: number;
  photos: number;
  outbox: number;
  keys: number;
  /** Consent events (ADR 0031): a request writes one per box ticked. */
  consents: number;
}

/** What a lead submission can leave behind, in one round trip. */
export async function storedCounts(db: Db): Promise<StoredCounts> {
  const result = await db.execute(sql`select
    (select count(*) from leads)::int as leads,
    (select count(*) from lead_photos)::int as photos,
    (select count(*) from email_outbox)::int as outbox,
    (select count(*) from idempotency_keys)::int as keys,
    (select count(*) from consent_events)::int as consents`);
  const [row] = (result as unknown as { rows: StoredCounts[] }).rows;
  if (!row) throw new Error('count query returned nothing');
  return {
    leads: Number(row.leads),
    photos: Number(row.photos),
    outbox: Number(row.outbox),
    keys: Number(row.keys),
    consents: Number(row.consents),
  };
}

/** English, stack, SQL or runtime words that must never reach a visitor. */
const LEAKS =
  /Error:|\bat [\w.<]+ \(|\bat \/|SELECT|INSERT|UPDATE |DELETE FROM|syntax|undefined|\bnull\b|NaN|\[object|Exception|stack|\.ts:\d|\.js:\d|node_modules|FST_|ERR_|ECONN|Bad Request|Not Found|Internal Server|Unsupported|Payload Too Large|Forbidden|Unauthorized|relation "|column "|violates|constraint/;

// Whether a text reads as Spanish is judged by words, not by chance: tests/unit/spanish-judge.test.ts holds this
// rule to every sentence the product's source can produce (tests/support/product-messages.ts) and to the English
// defaults of zod, Fastify and HTTP. A new message that fails it fails that test, every run, not a random one.

/** Letters English never writes. */
const SPANISH_LETTER = /[áéíóúüñ¿¡]/giu;
/** Spanish words without those letters: the short words of any sentence, and the verbs of the product's messages. */
const SPANISH_WORD =
  /\b(?:al|como|con|cada|de|del|desde|debe|deben|el|ella|en|entre|es|esa|ese|eso|esta|este|esto|fue|ha|han|hasta|hay|la|las|le|les|lo|los|mas|muy|ni|no|nos|o|otra|otro|para|pero|por|puede|pueden|puedes|que|se|ser|si|sin|sobre|solo|son|su|sus|te|tiene|tienen|tu|tus|un|una|uno|unos|unas|y|ya|usa|ingresa|revisa|elige|escribe|selecciona|indica|sube|recurso|solicitud|nombre|correo|fotos?|llave|desconocida|entrada|inesperado|formato|texto|demasiado|grande)\b/giu;
/** The words of an English framework default: "Invalid input: expected string", "Route GET:/x not found", "Too big". */
const ENGLISH_WORD =
  /\b(?:the|is|are|was|be|been|must|should|expected|received|invalid|required|cannot|unexpected|unrecognized|unknown|unsupported|not|too|found|allowed|please|your|input|string|number|characters?|body|request|route|payload|missing|empty|with|of|to|for|has|have|an|and|or|content|type|method|error|server|failed|large|long)\b/giu;

/** A span the product quotes from what it was sent («…»): the sender's words, not the product's. */
const QUOTED = /«[^»]*»/g;

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

/** Whether `text` reads as Spanish: some Spanish, and more of it than English words. */
export function readsAsSpanish(text: string): boolean {
  const own = text.replace(QUOTED, '«»');
  const spanish = 2 * count(own, SPANISH_LETTER) + count(own, SPANISH_WORD);
  return spanish > 0 && spanish > count(own, ENGLISH_WORD);
}

/** Whether `text` names something internal (a stack line, SQL, a runtime's word), outside what it quotes back. */
export function leaksInternals(text: string): boolean {
  return LEAKS.test(text.replace(QUOTED, '«»'));
}

export function expectSpanishSentence(text: unknown, where = 'error'): void {
  expect(typeof text, `${where} is a string`).toBe('string');
  const value = String(text);
  expect(value.trim().length, `${where} is not empty`).toBeGreaterThan(0);
  expect(leaksInternals(value), `${where} leaks internals: ${value}`).toBe(false);
  expect(readsAsSpanish(value), `${where} reads as Spanish: ${value}`).toBe(true);
}

/** A refusal: JSON with a Spanish `error`, Spanish field messages, no internals, the request id header. */
export function expectSpanishRefusal(response: LightMyRequestResponse): {
  error: string;
  campos?: Record<string, string>;
} {
  expect(response.statusCode, response.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  const body = response.json() as { error: string; campos?: Record<string, string> };
  expectSpanishSentence(body.error);
  for (const [field, message] of Object.entries(body.campos ?? {}))
    expectSpanishSentence(message, `campos.${field}`);
  return body;
}

/** Control characters (C0 but tab and line breaks, DEL, C1) and broken UTF-16: never in a stored text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const UNPRINTABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDFFF]/u;
/** The same plus every line break: never in a one-line text (a tab is allowed, as the contracts allow it). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const UNPRINTABLE_LINE = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u2028\u2029]|[\uD800-\uDFFF]/u;

/** What a UTF-8 encoder makes of a string: each lone surrogate becomes U+FFFD. */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD');
}

const NAMED: Record<string, number> = { lt: 60, gt: 62, amp: 38, quot: 34, apos: 39 };
const MARKUP = new Set([38, 60, 62, 34, 39]);

/** Every spelling of an entity for a markup character (&lt; &#60; &#x3c;) written one way: &#60;. */
function canonicalEntities(html: string): string {
  return html.replace(
    /&(?:(lt|gt|amp|quot|apos)|#(\d{1,7})|#x([0-9a-f]{1,6}));/gi,
    (entity, name, dec, hex) => {
      const code = name ? NAMED[name.toLowerCase()] : Number.parseInt(dec ?? hex, dec ? 10 : 16);
      return code !== undefined && MARKUP.has(code) ? `&#${code};` : entity;
    },
  );
}

/** Whether `html` shows `text` with every markup character escaped (any standard entity spelling). */
export function htmlShowsEscaped(html: string, text: string): boolean {
  const escaped = text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return canonicalEntities(wellFormed(html)).includes(escaped);
}

/** The tags the staff e-mail template uses: anything else came from a visitor. */
const TEMPLATE_TAGS = new Set([
  'html',
  'body',
  'h1',
  'h2',
  'p',
  'strong',
  'table',
  'tr',
  'th',
  'td',
  'a',
  'img',
]);

export function expectOnlyTemplateMarkup(html: string): void {
  const tags = [...html.matchAll(/<\s*\/?\s*([a-zA-Z][\w:-]*)/g)].map((m) => (m[1] ?? '').toLowerCase());
  expect(tags.filter((tag) => !TEMPLATE_TAGS.has(tag))).toEqual([]);
  expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i);
  expect(html).not.toMatch(/<!--|<!\[CDATA\[/);
}
