// The tab's icon is written into every page as a data: URL (no request of its own): it must be the same drawing as
// the mark the header shows and /favicon.svg serves, and an SVG a browser can read.
import { XMLParser } from 'fast-xml-parser';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BrandMark } from '~/components/brand-mark';
import { BRAND_MARK_ICON } from '~/components/brand-mark-icon';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });

/** The shapes of an SVG document, by kind, with their attributes. */
const shapes = (svg: string) => {
  const root = parser.parse(svg).svg as Record<string, unknown>;
  const asList = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
  return {
    viewBox: root.viewBox,
    rect: asList(root.rect),
    path: asList(root.path),
    circle: asList(root.circle),
  };
};

describe('the tab icon', () => {
  it('is an SVG data: URL whose only escaped character is #', () => {
    expect(BRAND_MARK_ICON.startsWith('data:image/svg+xml,<svg ')).toBe(true);
    const body = BRAND_MARK_ICON.slice('data:image/svg+xml,'.length);
    expect(body).not.toMatch(/[#"]/);
    // A URL parser reads it back to the document.
    expect(decodeURIComponent(new URL(BRAND_MARK_ICON).pathname.slice('image/svg+xml,'.length))).toContain(
      "fill='#1e3a8a'",
    );
  });

  it('draws what the header and /favicon.svg draw', () => {
    const icon = shapes(decodeURIComponent(BRAND_MARK_ICON.slice('data:image/svg+xml,'.length)));
    const mark = shapes(renderToStaticMarkup(createElement(BrandMark, { title: 'Automotora' })));
    expect(icon).toEqual(mark);
    expect(icon.rect).toHaveLength(1);
    expect(icon.path).toHaveLength(1);
    expect(icon.circle).toHaveLength(2);
  });
});
