// How the back office names where a lead came from (contracts/attribution.ts has what is stored). Pure.

/** Lead source when the visit named none and came from no other site (typed address, bookmark, app, or API). */
export const DIRECT_SOURCE = 'Directo';

/** The usual utm_source values and referring sites, by the name staff know them by. */
const KNOWN_SOURCES: Record<string, string> = {
  facebook: 'Facebook',
  fb: 'Facebook',
  instagram: 'Instagram',
  ig: 'Instagram',
  google: 'Google',
  bing: 'Bing',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  whatsapp: 'WhatsApp',
  linkedin: 'LinkedIn',
  twitter: 'X (Twitter)',
  x: 'X (Twitter)',
  mercadolibre: 'Mercado Libre',
  chileautos: 'Chileautos',
  yapo: 'Yapo',
  email: 'Correo',
  newsletter: 'Correo',
  // The links of the e-mails of alerts (issue 33, ADR 0039).
  alertas: 'Alertas por correo',
};

/** Referring hosts under these domains are the same source as their utm_source name. */
const KNOWN_DOMAINS: Array<[domain: string, source: string]> = [
  ['facebook.com', 'facebook'],
  ['instagram.com', 'instagram'],
  ['youtube.com', 'youtube'],
  ['tiktok.com', 'tiktok'],
  ['linkedin.com', 'linkedin'],
  ['bing.com', 'bing'],
  ['whatsapp.com', 'whatsapp'],
  ['mercadolibre.cl', 'mercadolibre'],
  ['chileautos.cl', 'chileautos'],
  ['yapo.cl', 'yapo'],
];
const GOOGLE = /(^|\.)google\.[a-z.]+$/;

/** A utm_source as staff read it: 'facebook' → 'Facebook'; an unknown one as it was sent. */
export function sourceLabel(utmSource: string): string {
  return KNOWN_SOURCES[utmSource.toLowerCase()] ?? utmSource;
}

/** A referring host as staff read it: 'l.facebook.com' → 'Facebook', 'www.google.cl' → 'Google', else the host. */
export function referrerLabel(host: string): string {
  if (GOOGLE.test(host)) return 'Google';
  for (const [domain, source] of KNOWN_DOMAINS) {
    if (host === domain || host.endsWith(`.${domain}`)) return sourceLabel(source);
  }
  return host.replace(/^www\./, '');
}

/** The one source a lead is counted under: its utm_source, else the site it came from, else 'Directo'. */
export function leadSourceLabel(utmSource: string | null, referrerHost: string | null): string {
  if (utmSource) return sourceLabel(utmSource);
  if (referrerHost) return referrerLabel(referrerHost);
  return DIRECT_SOURCE;
}
