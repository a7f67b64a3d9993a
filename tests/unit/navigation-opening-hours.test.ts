import { defaultDealership } from '@server/config/default-dealership.ts';
import { describe, expect, it } from 'vitest';
import { autoDealerJsonLd } from '~/components/layout/structured-data.ts';

describe('autoDealerJsonLd', () => {
  it('describes the dealership with its addresses, phone, hours and social profiles', () => {
    const data = autoDealerJsonLd(defaultDealership, 'https://example.cl');
    expect(data).toMatchObject({
      '@type': 'AutoDealer',
      name: defaultDealership.name,
      url: 'https://example.cl/',
      email: defaultDealership.email,
      telephone: '+56223456789',
    });
    // From the one opening-hours setting (ADR 0036).
    expect(data.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:30',
        closes: '19:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '10:30', closes: '13:30' },
    ]);
    const closed = autoDealerJsonLd(
      {
        ...defaultDealership,
        schedule: {
          ...defaultDealership.schedule,
          week: defaultDealership.schedule.week.with(6, []),
          closedDates: ['2027-12-24'],
        },
      },
      'https://example.cl',
    );
    expect(closed.openingHoursSpecification.slice(1)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        validFrom: '2027-12-24',
        validThrough: '2027-12-24',
        opens: '00:00',
        closes: '00:00',
      },
    ]);
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
