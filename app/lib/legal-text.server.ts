// The terms and privacy texts as HTML, on the server only (ADR 0025, "Legal texts"): the pages ship no Markdown code.
// The contract (contracts/legal-texts.ts) refuses anything outside the subset with a Spanish sentence; this parser is
// set to the same subset on its own, so a text that got past the contract (an older version, a hand-made row) still
// renders as escaped text and links it allows, never as markup or a script.
import type { Dealership } from '@contracts/dealership';
import { fillLegalPlaceholders, legalPlaceholderValues } from '@domain/legal-placeholders';
import { slugify } from '@domain/plain-text';
import MarkdownIt, { type StateCore, type Token } from 'markdown-it';

export interface LegalSectionHtml {
  id: string;
  title: string;
  /** The section's body, rendered and escaped. */
  html: string;
}

export interface RenderedLegalText {
  /** What comes before the first `##` title; usually empty. */
  lead: string;
  sections: LegalSectionHtml[];
}

/** Links only to the web, to an e-mail address or to a page of this site (never `//other-host`). */
export function isAllowedLink(url: string): boolean {
  return /^(?:https?:\/\/|mailto:)/i.test(url) || /^\/(?![/\\])/.test(url);
}

const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false, breaks: false });
// What the subset leaves out is read as plain text: no tables, code, quotes, rules, images, raw HTML, bare links,
// reference links or character references.
md.disable([
  'table',
  'code',
  'fence',
  'blockquote',
  'hr',
  'reference',
  'html_block',
  'lheading',
  'backticks',
  'strikethrough',
  'image',
  'autolink',
  'html_inline',
  'entity',
  'linkify',
]);
md.validateLink = isAllowedLink;

md.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  const token = tokens[index];
  if (token && /^https?:/i.test(token.attrGet('href') ?? '')) token.attrSet('rel', 'noopener');
  return self.renderToken(tokens, index, options);
};

/** A link whose destination the validator emptied (`[x]()`, say) would point at this page: it stays its text. */
function dropEmptiedLinks(state: StateCore): void {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const children: Token[] = [];
    let linkDepth = 0;
    let dropped = 0;
    for (const child of block.children) {
      if (child.type === 'link_open' && !isAllowedLink(child.attrGet('href') ?? '')) {
        dropped++;
        continue;
      }
      if (child.type === 'link_close' && dropped > 0 && linkDepth === 0) {
        dropped--;
        continue;
      }
      if (child.type === 'link_open') linkDepth++;
      if (child.type === 'link_close') linkDepth--;
      children.push(child);
    }
    block.children = children;
  }
}
md.core.ruler.push('legal_dropped_links', dropEmptiedLinks);

/** Ids the layout already uses (the skip link's target, the top bar) and the index's own. */
const RESERVED_IDS = new Set(['contenido', 'top-bar', 'indice']);

/** An id from a title: lower case, without accents, words joined by hyphens (`Base legal` → `base-legal`). */
const slug = (title: string) => slugify(title, 60);

function plainText(inline: Token | undefined): string {
  return (inline?.children ?? [])
    .filter((child) => child.type === 'text')
    .map((child) => child.content)
    .join('')
    .trim();
}

/**
 * A legal text as the page shows it: each top-level `##` title starts a numbered section of the index, with an id
 * from its title (unique on the page), and the HTML of its body. Deeper titles are subtitles (`h3`). With the
 * dealership, its placeholders are filled first (domain/legal-placeholders.ts); a published version of the privacy
 * policy was filled when it was published and renders without.
 */
export function renderLegalText(source: string, dealership?: Dealership): RenderedLegalText {
  const markdown = dealership ? fillLegalPlaceholders(source, legalPlaceholderValues(dealership)) : source;
  const env = {};
  const tokens = md.parse(markdown, env);
  const lead: Token[] = [];
  const parts: Array<{ title: string; body: Token[] }> = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    const heading = token.type === 'heading_open' || token.type === 'heading_close';
    if (token.type === 'heading_open' && token.level === 0 && (token.tag === 'h1' || token.tag === 'h2')) {
      parts.push({ title: plainText(tokens[index + 1]), body: [] });
      index += 2; // the title's text and its closing tag
      continue;
    }
    if (heading) token.tag = 'h3';
    (parts.at(-1)?.body ?? lead).push(token);
  }
  const used = new Set(RESERVED_IDS);
  const sections = parts.map((part, index) => {
    const title = part.title || `Sección ${index + 1}`;
    const base = slug(title) || `seccion-${index + 1}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return { id, title, html: md.renderer.render(part.body, md.options, env) };
  });
  return { lead: md.renderer.render(lead, md.options, env), sections };
}

/** `2026-11-25` as the pages write it: «25 de noviembre de 2026». */
export function legalDate(isoDate: string): string {
  return new Intl.DateTimeFormat('es-CL', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
