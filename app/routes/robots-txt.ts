import type { Route } from './+types/robots-txt';

/** Everything public may be crawled; the back office and the API may not. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    '',
    `Sitemap: ${context.services.config.publicUrl}/sitemap.xml`,
    `Sitemap: ${context.services.config.publicUrl}/sitemap-imagenes.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
