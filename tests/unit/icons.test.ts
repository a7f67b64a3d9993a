import * as lucide from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Icon } from '~/components/icon.tsx';
import * as icons from '~/components/icons.ts';

/** React closes each SVG shape with an end tag; the icons' constant markup closes it in the tag itself. */
const sameShapes = (html: string) => html.replace(/<(\w+)([^<>]*?)><\/\1>/g, '<$1$2/>');

const ours = Object.entries(icons) as Array<[string, Icon]>;

describe('the site icons', () => {
  it('are the icons the site imports (about a hundred), each drawn from lucide data', () => {
    expect(ours.length).toBeGreaterThanOrEqual(90);
  });

  it.each(ours)('%s draws exactly what lucide-react draws, decorative or labelled', (name, own) => {
    const theirs = (lucide as unknown as Record<string, Icon>)[name];
    expect(theirs, `${name} is not a lucide-react icon`).toBeDefined();
    for (const props of [
      {},
      { className: 'size-5 text-brand-700', 'aria-hidden': true },
      { 'aria-label': 'Cerrar', role: 'img', strokeWidth: 0.75, size: 40 },
    ]) {
      const ours = renderToStaticMarkup(createElement(own, props));
      expect(ours).toBe(sameShapes(renderToStaticMarkup(createElement(theirs as Icon, props))));
    }
  });
});
