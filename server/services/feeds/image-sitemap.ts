// /sitemap-imagenes.xml: each published vehicle's page with its photos, in Google's image sitemap extension, so
// image search finds the stock's photos (they are served from /media, which robots.txt allows).
import type { CatalogueSnapshot } from '../catalogue/catalogue.ts';
import { optional, xmlDocument } from './feed-text.ts';
import { photoUrls, vehicleUrl } from './feed-vehicles.ts';

export const IMAGE_SITEMAP_PATH = '/sitemap-imagenes.xml';
/** The image sitemap extension allows up to 1,000 images per page. */
const MAX_IMAGES = 1000;

export function buildImageSitemap(snapshot: CatalogueSnapshot, publicUrl: string): string {
  return xmlDocument({
    urlset: {
      '@xmlns': 'http://www.sitemaps.org/schemas/sitemap/0.9',
      '@xmlns:image': 'http://www.google.com/schemas/sitemap-image/1.1',
      url: snapshot.vehicles
        .filter((v) => v.images.length > 0)
        .map((v) => ({
          loc: optional(vehicleUrl(publicUrl, v)),
          'image:image': photoUrls(publicUrl, v)
            .slice(0, MAX_IMAGES)
            .map((url) => ({ 'image:loc': optional(url) })),
        })),
    },
  });
}
