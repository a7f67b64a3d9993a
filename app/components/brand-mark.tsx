import { createElement } from 'react';

// The dealership's mark, drawn once: the header and footer draw it inline (an <img> of an SVG made the browser build
// a document of its own for it, 15 ms of a phone's first paint), /favicon.svg serves the same drawing as a file
// (the structured data's logo), and the tab's icon is that drawing written into the page as a data: URL
// (brand-mark-icon.ts).
export const BRAND_MARK_SHAPES: ReadonlyArray<
  readonly ['rect' | 'path' | 'circle', Readonly<Record<string, string>>]
> = [
  ['rect', { width: '64', height: '64', rx: '14', fill: '#1e3a8a' }],
  [
    'path',
    {
      d: 'M12 38l6-12c1-2 3-3 5-3h18c2 0 4 1 5 3l6 12v8a2 2 0 0 1-2 2h-4a2 2 0 0 1-2-2v-2H20v2a2 2 0 0 1-2 2h-4a2 2 0 0 1-2-2z',
      fill: '#f59e0b',
    },
  ],
  ['circle', { cx: '21', cy: '38', r: '3', fill: '#1e3a8a' }],
  ['circle', { cx: '43', cy: '38', r: '3', fill: '#1e3a8a' }],
];

export const SVG_NS = 'http://www.w3.org/2000/svg';

export function BrandMark({ className, title }: { className?: string; title?: string }) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: beside the name it is decoration (aria-hidden); as a file it has its title.
    <svg
      xmlns={SVG_NS}
      viewBox="0 0 64 64"
      width={40}
      height={40}
      className={className}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
      {BRAND_MARK_SHAPES.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
