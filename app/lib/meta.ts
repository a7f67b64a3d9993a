import type { Dealership, DescribedPage } from '@contracts/dealership';
import type { MetaDescriptor } from 'react-router';

export interface PageMetaInput {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/vehicles/7". */
  path: string;
  publicUrl: string;
  /** Absolute URL of the preview image for link shares. */
  image?: string;
  type?: 'website' | 'product';
}

/** Title, description, canonical link and the Open Graph / Twitter tags every page sets. */
export function pageMeta({
  title,
  description,
  path,
  publicUrl,
  image,
  type = 'website',
}: PageMetaInput): MetaDescriptor[] {
  const url = `${publicUrl}${path}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: type },
    { property: 'og:locale', content: 'es_CL' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
  if (image) tags.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image });
  return tags;
}

/**
 * The description the dealership wrote for `page` in its site settings, else `fallback`, the one the site writes
 * with the dealership's name.
 */
export function pageDescription(
  root: { dealership: Pick<Dealership, 'pageDescriptions'> } | undefined,
  page: DescribedPage,
  fallback: string,
): string {
  return root?.dealership.pageDescriptions[page] || fallback;
}
