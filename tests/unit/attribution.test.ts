import { LANDING_PAGE_MAX, readAttribution } from '@contracts/attribution.ts';
import { leadSourceLabel, referrerLabel, sourceLabel } from '@domain/attribution.ts';
import { groupBySource } from '@server/services/admin/dashboard-insights.ts';
import { describe, expect, it } from 'vitest';
import { captureVisitSource, visitSourceFields } from '~/lib/visit-source.ts';

describe('readAttribution', () => {
  it('reads nothing from a body without origin fields, and drops nothing', () => {
    expect(readAttribution({ name: 'Ana', email: 'ana@example.cl' })).toEqual({
      attribution: {
        landingPage: null,
        referrerHost: null,
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
      },
      dropped: [],
    });
  });

  it('names the values it dropped and keeps the rest', () => {
    const { attribution, dropped } = readAttribution({
      landing_page: '/contact',
      referrer: 'https://www.google.cl/search?q=autos',
      utm_source: ' Google ',
      utm_campaign: 'a\tb',
    });
    expect(dropped).toEqual(['referrer', 'utm_campaign']);
    expect(attribution).toMatchObject({ landingPage: '/contact', referrerHost: null, utmSource: 'google' });
  });

  it('keeps a host lower-cased, and a landing page normalised, cut and without its fragment', () => {
    const { attribution } = readAttribution({
      referrer: 'WWW.Google.CL',
      landing_page: `/vehicles/../financing?x=${'1'.repeat(500)}#arriba`,
    });
    expect(attribution.referrerHost).toBe('www.google.cl');
    expect(attribution.landingPage?.startsWith('/financing?x=111')).toBe(true);
    expect(attribution.landingPage).toHaveLength(LANDING_PAGE_MAX);
  });
});

describe('the source staff read', () => {
  it('names the usual sources and sites', () => {
    expect(sourceLabel('facebook')).toBe('Facebook');
    expect(sourceLabel('boletin-marzo')).toBe('boletin-marzo');
    expect(referrerLabel('l.facebook.com')).toBe('Facebook');
    expect(referrerLabel('www.google.cl')).toBe('Google');
    expect(referrerLabel('www.autosdelsur.cl')).toBe('autosdelsur.cl');
    expect(referrerLabel('notfacebook.com')).toBe('notfacebook.com');
  });

  it('prefers utm_source, then the referring site, then "Directo"', () => {
    expect(leadSourceLabel('instagram', 'www.google.cl')).toBe('Instagram');
    expect(leadSourceLabel(null, 'www.google.cl')).toBe('Google');
    expect(leadSourceLabel(null, null)).toBe('Directo');
  });

  it('adds up the leads of one source however it arrived, most first', () => {
    expect(
      groupBySource([
        { utmSource: null, referrerHost: null, count: 2 },
        { utmSource: 'facebook', referrerHost: null, count: 3 },
        { utmSource: null, referrerHost: 'm.facebook.com', count: 1 },
        { utmSource: null, referrerHost: 'www.google.com', count: 2 },
      ]),
    ).toEqual([
      { source: 'Facebook', count: 4 },
      { source: 'Directo', count: 2 },
      { source: 'Google', count: 2 },
    ]);
  });
});

describe('the browser side', () => {
  it('sends nothing where there is no sessionStorage', () => {
    expect(visitSourceFields()).toEqual({});
  });

  it('keeps the inline capture small: it runs on every public page', () => {
    expect(captureVisitSource.length).toBeLessThan(600);
    expect(captureVisitSource).not.toContain('cookie');
  });
});
