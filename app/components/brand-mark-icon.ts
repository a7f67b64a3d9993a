// Apart from the mark's component: the icon is for the document's head, which the server writes (and the back
// office's root); the header's island imports the drawing alone.
import { BRAND_MARK_SHAPES, SVG_NS } from './brand-mark';

/**
 * The tab's icon as a data: URL. A file would be one more request on a phone's first visit, started while the page
 * is still being drawn; Lighthouse's simulation counted it before the largest paint of every page (the text pages'
 * LCP 910 → 767 ms without it, ADR 0035). Only `#` needs escaping in an SVG data URL.
 */
export const BRAND_MARK_ICON = `data:image/svg+xml,${`<svg xmlns='${SVG_NS}' viewBox='0 0 64 64'>${BRAND_MARK_SHAPES.map(
  ([tag, attributes]) =>
    `<${tag} ${Object.entries(attributes)
      .map(([name, value]) => `${name}='${value}'`)
      .join(' ')}/>`,
).join('')}</svg>`.replaceAll('#', '%23')}`;
