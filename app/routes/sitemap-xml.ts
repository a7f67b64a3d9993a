import { sitemapVehicles } from '@server/services/catalogue/vehicle-page';
import { SITE_PAGES } from '~/lib/navigation';
import type { Route } from './+types/sitemap-xml';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Every page and every published vehicle, for search engines, and the vehicles sold in the last SOLD_PAGE_DAYS days
 * (ADR 0018). Pages carry today's date as lastmod; a sold vehicle, the day of its sale.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue, config } = context.services;
  const now = Date.now();
  const vehicles = sitemapVehicles(await catalogue.snapshot(), config.soldPageDays, now);
  const today = new Date(now).toISOString().slice(0, 10);
  const entry = (path: string, lastmod?: string) =>
    `  <url><loc>${escapeXml(`${config.publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITE_PAGES.map((page) => entry(page.to, today)),
    ...vehicles.map((vehicle) => entry(`/vehicles/${vehicle.id}`, vehicle.lastmod)),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
