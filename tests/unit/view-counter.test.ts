import { type ViewRequest, viewedVehicle } from '@server/services/catalogue/view-counter.ts';
import { describe, expect, it } from 'vitest';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const view = (extra: Partial<ViewRequest> = {}): ViewRequest => ({
  method: 'GET',
  url: '/vehicles/12',
  statusCode: 200,
  headers: { 'user-agent': BROWSER },
  ...extra,
});

describe('viewedVehicle: which answers are a person viewing a vehicle page', () => {
  it('counts a browser GET of a vehicle page answered 200, with or without a query or final slash', () => {
    expect(viewedVehicle(view())).toBe(12);
    expect(viewedVehicle(view({ url: '/vehicles/12?utm_source=facebook' }))).toBe(12);
    expect(viewedVehicle(view({ url: '/vehicles/12/' }))).toBe(12);
  });

  it.each([
    ['HEAD', view({ method: 'HEAD' })],
    ['POST', view({ method: 'POST' })],
    ['a 404', view({ statusCode: 404 })],
    ['a 304', view({ statusCode: 304 })],
    ['a redirect', view({ statusCode: 301 })],
    ['the listing', view({ url: '/vehicles' })],
    ['a deeper path', view({ url: '/vehicles/12/fotos' })],
    ['the listing data', view({ url: '/vehicles.json?marca=kia' })],
    ['an id past PostgreSQL integer', view({ url: '/vehicles/2147483648' })],
    ['an id with zeros in front', view({ url: '/vehicles/012' })],
    ['an id of zero', view({ url: '/vehicles/0' })],
    ['a negative id', view({ url: '/vehicles/-1' })],
    ['an encoded id', view({ url: '/vehicles/%31%32' })],
    ['text', view({ url: "/vehicles/12'%20or%201=1" })],
    ['a prefetch (Sec-Purpose)', view({ headers: { 'user-agent': BROWSER, 'sec-purpose': 'prefetch' } })],
    [
      'a prerender (Sec-Purpose)',
      view({ headers: { 'user-agent': BROWSER, 'sec-purpose': 'prefetch;prerender' } }),
    ],
    ['a prefetch (Purpose)', view({ headers: { 'user-agent': BROWSER, purpose: 'prefetch' } })],
    ['no user agent', view({ headers: {} })],
    ['Googlebot', view({ headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } })],
    ['bingbot', view({ headers: { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0)' } })],
    ['curl', view({ headers: { 'user-agent': 'curl/8.5.0' } })],
    ['a headless browser', view({ headers: { 'user-agent': BROWSER.replace('Chrome', 'HeadlessChrome') } })],
  ])('does not count %s', (_case, request) => {
    expect(viewedVehicle(request)).toBeNull();
  });
});
