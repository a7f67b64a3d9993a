import type { Dealership } from '@contracts/dealership';
import { openingHoursSpecification } from '@domain/opening-hours';

/** The dealership as a schema.org AutoDealer (JSON-LD on home and /contact). */
export function autoDealerJsonLd(dealership: Dealership, publicUrl: string) {
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
    // From the one opening-hours setting (ADR 0036): the week, and each date the admin closed.
    openingHoursSpecification: openingHoursSpecification(dealership.schedule),
    hasMap: dealership.mapUrl,
    sameAs: dealership.social.map((s) => s.url),
  };
}
