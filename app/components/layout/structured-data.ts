import type { Dealership } from '@contracts/dealership';
import { plainLower } from '@domain/plain-text';

const DAYS: Record<string, string> = {
  lun: 'Mo',
  mar: 'Tu',
  mie: 'We',
  jue: 'Th',
  vie: 'Fr',
  sab: 'Sa',
  dom: 'Su',
};

const pad = (time: string) => time.padStart(5, '0');

/**
 * 'Lun-Vie 9:30-19:00' → 'Mo-Fr 09:30-19:00' (schema.org openingHours). The config keeps the text people
 * read; search engines need the coded form. Text that does not parse is left out rather than guessed.
 */
export function toOpeningHours(text: string): string | null {
  const plain = plainLower(text);
  const match = /^([a-z]{3})(?:-([a-z]{3}))?\s+(\d{1,2}:\d{2})-(\d{1,2}:\d{2})$/.exec(plain.trim());
  if (!match) return null;
  const [, from = '', to, open = '', close = ''] = match;
  const first = DAYS[from];
  const last = to ? DAYS[to] : undefined;
  if (!first || (to && !last)) return null;
  return `${last ? `${first}-${last}` : first} ${pad(open)}-${pad(close)}`;
}

/** The dealership as a schema.org AutoDealer (JSON-LD on home and /contact). */
export function autoDealerJsonLd(dealership: Dealership, publicUrl: string) {
  const openingHours = [dealership.hours.weekdays, dealership.hours.saturday]
    .map(toOpeningHours)
    .filter((value): value is string => value !== null);
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoDealer',
    name: dealership.name,
    legalName: dealership.legalName,
    description: dealership.about,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
    email: dealership.email,
    telephone: dealership.phones[0]?.e164,
    address: dealership.addresses.map((a) => ({
      '@type': 'PostalAddress',
      name: a.label,
      streetAddress: a.street,
      addressLocality: a.commune,
      addressRegion: a.city,
      postalCode: a.postalCode,
      addressCountry: 'CL',
    })),
    openingHours,
    hasMap: dealership.mapUrl,
    sameAs: dealership.social.map((s) => s.url),
  };
}
