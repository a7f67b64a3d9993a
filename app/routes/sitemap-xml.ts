import { SITE_PAGES } from '~/lib/navigation';
import type { Route } from './+types/sitemap-xml';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every page and every published vehicle, for search engines. Pages carry today's date as lastmod. */
export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue, config } = context.services;
  const { vehicles } = await catalogue.snapshot();
  const today = new Date().toISOString().slice(0, 10);
  const entry = (path: string, lastmod?: string) =>
    `  <url><loc>${escapeXml(`${config.publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITE_PAGES.map((page) => entry(page.to, today)),
    ...vehicles.map((vehicle) => entry(`/vehicles/${vehicle.id}`)),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
