/**
 * Every public page kind, once: the page-weight test holds each to the JavaScript budget and the Lighthouse bench
 * (bench/lighthouse.ts) measures each. Vehicle 1 is a published car of the demo stock on a fresh database.
 */
export const PUBLIC_PAGES = [
  '/',
  '/vehicles',
  '/vehicles?condicion=Usado&orden=price-asc&pagina=2',
  '/vehicles/1',
  '/financing',
  '/insurance',
  '/sell-your-car',
  '/commercial-advisory',
  '/contact',
  '/terminos',
  '/derechos',
  '/sitemap',
  '/pagina-que-no-existe',
  '/favoritos',
  '/favoritos?ids=1,2,3',
  '/comparar?ids=1,2,3',
] as const;
