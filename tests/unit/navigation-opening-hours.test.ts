import { defaultDealership } from '@server/config/default-dealership.ts';
import { describe, expect, it } from 'vitest';
import { autoDealerJsonLd, toOpeningHours } from '~/components/layout/structured-data.ts';

describe('toOpeningHours', () => {
  it('turns the Spanish hours of the config into schema.org openingHours', () => {
    expect(toOpeningHours('Lun-Vie 9:30-19:00')).toBe('Mo-Fr 09:30-19:00');
    expect(toOpeningHours('Sáb 10:30-13:30')).toBe('Sa 10:30-13:30');
    expect(toOpeningHours('Mié-Dom 08:00-20:00')).toBe('We-Su 08:00-20:00');
  });

  it('leaves out text it cannot read instead of guessing', () => {
    expect(toOpeningHours('Cerrado')).toBeNull();
    expect(toOpeningHours('Xyz 9:00-18:00')).toBeNull();
  });
});

describe('autoDealerJsonLd', () => {
  it('describes the dealership with its addresses, phone, hours and social profiles', () => {
    const data = autoDealerJsonLd(defaultDealership, 'https://example.cl');
    expect(data).toMatchObject({
      '@type': 'AutoDealer',
      name: defaultDealership.name,
      url: 'https://example.cl/',
      email: defaultDealership.email,
      telephone: '+56223456789',
      openingHours: ['Mo-Fr 09:30-19:00', 'Sa 10:30-13:30'],
    });
    expect(data.address.map((a) => a.streetAddress)).toEqual(
      defaultDealership.addresses.map((a) => a.street),
    );
    // The postal code of each address, from the one setting the feeds read too.
    expect(data.address.map((a) => a.postalCode)).toEqual(['8940000', '2520000']);
    expect(
      JSON.stringify(
        autoDealerJsonLd(
          { ...defaultDealership, addresses: [{ label: 'A', street: 'B 1', commune: 'C', city: 'D' }] },
          'https://example.cl',
        ),
      ),
    ).not.toContain('postalCode');
    expect(data.sameAs).toEqual(defaultDealership.social.map((s) => s.url));
  });
});
