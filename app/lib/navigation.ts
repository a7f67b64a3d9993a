/** The main navigation of SPEC §2, labels verbatim. */
export const NAV_ITEMS = [
  { label: 'Inicio', to: '/' },
  { label: 'Nuestro Stock', to: '/vehicles' },
  { label: 'Financiamiento', to: '/financing' },
  { label: 'Seguros', to: '/insurance' },
  { label: 'Compramos tu auto', to: '/sell-your-car' },
  { label: 'Asesoría Comercial', to: '/commercial-advisory' },
  { label: 'Contacto', to: '/contact' },
] as const;

export function whatsappLink(number: string, text?: string): string {
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}
