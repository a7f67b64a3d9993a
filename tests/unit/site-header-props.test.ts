// The header island's props are written into every public page and parsed when it hydrates (ADR 0035): they carry
// what the header shows and nothing else of the settings.
import { defaultDealership } from '@server/config/default-dealership.ts';
import { describe, expect, it } from 'vitest';
import { headerDealership } from '~/components/site-header';

describe('headerDealership', () => {
  const props = headerDealership(defaultDealership);

  it('carries the name, the ways to reach the dealership and the hours as lines, nothing more', () => {
    expect(Object.keys(props).sort()).toEqual(['email', 'hours', 'name', 'phones', 'social', 'whatsapp']);
    expect(props.name).toBe(defaultDealership.name);
    expect(props.phones).toEqual(defaultDealership.phones);
    expect(props.hours).toEqual(['Lun-Vie 9:30-19:00', 'Sáb 10:30-13:30']);
  });

  it('leaves out the settings other parts of the page use (financing, legal texts, slides)', () => {
    const json = JSON.stringify(props);
    for (const text of [
      defaultDealership.financing.credits.convencional.label,
      defaultDealership.about,
      defaultDealership.slides[0]?.title ?? '',
    ])
      expect(json).not.toContain(text);
  });
});
