// The legal texts' renderer on any input (ADR 0025, "Legal texts"): whatever a text holds, accepted by the contract
// or not, and whatever the dealership's name is, the HTML has only the subset's elements, no attribute but a link's
// href, rel and title and a list's start, and no link but https, http, mailto and the site's own pages.
import type { Dealership } from '@contracts/dealership.ts';
import { fillLegalPlaceholders, legalPlaceholderValues } from '@domain/legal-placeholders.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAllowedLink, renderLegalText } from '~/lib/legal-text.server';
import { runs } from '../support/hostile-checks.ts';
import { hostileString } from '../support/naughty-strings.ts';

const ELEMENTS = new Set(['p', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'h3', 'br']);

/** Markdown pieces a hostile text would mix in: links of every scheme, titles, lists, placeholders, references. */
const MARKDOWN = fc.constantFrom(
  '\n',
  '\n\n',
  '## ',
  '# ',
  '### ',
  '- ',
  '1. ',
  '**',
  '*',
  '_',
  '`',
  '    ',
  '> ',
  '[x](',
  ')',
  '](javascript:alert(1))',
  '](JAVASCRIPT:alert(1))',
  '](data:text/html,<script>alert(1)</script>)',
  '](//evil.example)',
  '](/\\evil.example)',
  '](&#106;avascript:alert(1))',
  '](https://ejemplo.cl "t")',
  '](<javascript:alert(1)>)',
  '[r]: javascript:alert(1)\n\n[x][r]',
  '![i](https://e.cl/i.png)',
  '<https://e.cl>',
  '<script>',
  '<img src=x onerror=alert(1)>',
  '&lt;',
  '&#60;script&#62;',
  '{nombre}',
  '{correo}',
  '{razonSocial}',
  '{x}',
  '|a|b|\n|-|-|\n|1|2|',
);

const hostileText = fc
  .array(fc.oneof(MARKDOWN, hostileString({ maxLength: 60 })), { minLength: 1, maxLength: 14 })
  .map((parts) => parts.join(''));

function expectOnlySubset(html: string): void {
  for (const [tag, name = '', attributes = ''] of html.matchAll(/<\/?([A-Za-z][A-Za-z0-9]*)([^>]*)>/g)) {
    expect(ELEMENTS.has(name.toLowerCase()), tag).toBe(true);
    for (const [, attribute, value = ''] of attributes.matchAll(/\s([^\s=]+)="([^"]*)"/g)) {
      expect(['href', 'rel', 'title', 'start'], tag).toContain(attribute);
      if (attribute === 'href') {
        const href = value.replaceAll('&amp;', '&').replaceAll('&quot;', '"');
        expect(isAllowedLink(href), tag).toBe(true);
      }
    }
    // Nothing but quoted attributes inside a tag: no bare `onerror=…`.
    expect(attributes.replace(/\s[^\s=]+="[^"]*"/g, '').trim(), tag).toBe('');
  }
}

describe('renderLegalText on hostile input', () => {
  it('renders any text as the subset only, with safe links', () => {
    fc.assert(
      fc.property(hostileText, (source) => {
        const { lead, sections } = renderLegalText(source, defaultDealership);
        for (const html of [lead, ...sections.map((s) => s.html)]) expectOnlySubset(html);
        const ids = sections.map((s) => s.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }),
      { numRuns: runs(300) },
    );
  });

  it('keeps any dealership value a placeholder stands for as text', () => {
    fc.assert(
      fc.property(hostileString(), hostileString(), (name, legalName) => {
        const dealership: Dealership = { ...defaultDealership, name, legalName };
        const { lead } = renderLegalText(
          '{nombre} **{razonSocial}** [{nombre}](/contact) {correo}',
          dealership,
        );
        expectOnlySubset(lead);
      }),
      { numRuns: runs(200) },
    );
  });

  // Published versions of the privacy policy hold the Markdown with the values written in (ADR 0031): a value must
  // read as itself there, whatever Markdown or markup it holds.
  it('writes any value into the Markdown so that it renders exactly as typed', () => {
    const escapeHtml = (text: string) =>
      text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
    fc.assert(
      fc.property(hostileString(), (name) => {
        const filled = fillLegalPlaceholders(
          'Hola {nombre}.',
          legalPlaceholderValues({ ...defaultDealership, name }),
        );
        const { lead } = renderLegalText(filled);
        // A line break (never in a setting) is a space; markdown-it reads NUL as U+FFFD.
        const shown = name.replace(/[\r\n]+/g, ' ').replaceAll('\0', '\uFFFD');
        expect(lead).toBe(`<p>Hola ${escapeHtml(shown)}.</p>\n`);
      }),
      { numRuns: runs(300) },
    );
  });
});
