/** An address inside the site, from its root: '/financing', '/financing#credito-directo-section'. */
export type SitePath = `/${string}`;

export interface NavLinkItem {
  label: string;
  to: SitePath;
}

export interface NavItem extends NavLinkItem {
  children?: readonly NavLinkItem[];
}

/** The financing page's two sections (docs/product.md: Tradicional / Directo). */
export const FINANCING_LINKS: readonly NavLinkItem[] = [
  { label: 'Tradicional', to: '/financing#credito-convencional-section' },
  { label: 'Directo', to: '/financing#credito-directo-section' },
];

/** The main navigation of docs/product.md, labels verbatim. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Inicio', to: '/' },
  { label: 'Nuestro Stock', to: '/vehicles' },
  { label: 'Financiamiento', to: '/financing', children: FINANCING_LINKS },
  { label: 'Seguros', to: '/insurance' },
  { label: 'Compramos tu auto', to: '/sell-your-car' },
  { label: 'Asesoría Comercial', to: '/commercial-advisory' },
  { label: 'Contacto', to: '/contact' },
];

/** Footer 'Enlaces rápidos' (docs/product.md Footer). */
export const QUICK_LINKS: readonly NavLinkItem[] = [
  { label: 'Inicio', to: '/' },
  { label: 'Nuestro Stock', to: '/vehicles' },
  { label: 'Nosotros', to: '/#about' },
  { label: 'Contacto', to: '/contact' },
  { label: 'Financiamiento', to: '/financing' },
  { label: 'Seguros', to: '/insurance' },
  { label: 'Compramos tu auto', to: '/sell-your-car' },
];

/** Footer vehicle links: both lead to the listing, pre-filtered by condition (query read by /vehicles). */
export const VEHICLE_LINKS: readonly NavLinkItem[] = [
  { label: 'Autos nuevos', to: '/vehicles?condicion=Nuevo' },
  { label: 'Autos usados', to: '/vehicles?condicion=Usado' },
];

export const LEGAL_LINKS: readonly NavLinkItem[] = [
  { label: 'Términos y condiciones', to: '/terminos' },
  { label: 'Política de privacidad', to: '/privacidad' },
  { label: 'Ejercer mis derechos', to: '/derechos' },
];

export const SITEMAP_LINK: NavLinkItem = { label: 'Mapa del sitio', to: '/sitemap' };

/** Every indexable page, for /sitemap and /sitemap.xml (vehicle pages are added from the catalogue). */
export const SITE_PAGES: readonly NavItem[] = [...NAV_ITEMS, ...LEGAL_LINKS, SITEMAP_LINK];

export function whatsappLink(number: string, text?: string): string {
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}
