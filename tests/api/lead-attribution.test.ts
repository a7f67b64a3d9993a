// Issue 21, item 3: a lead carries where the visit began (landing page, referring host, utm_*), sent by the site's
// forms as optional fields. A client that sends none of them gets the lead it always had; a bad value is dropped,
// never the lead.
import { LeadCreatedSchema } from '@contracts/leads.ts';
import { leads } from '@db/schema.ts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrfHeaders, csrfHeaders, multipartBody } from '../support/csrf-client.ts';
import { JSON_LEAD_PATHS, type LeadPath, VALID_PAYLOADS } from '../support/lead-payloads.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let headers: CsrfHeaders;

beforeAll(async () => {
  t = await createTestApp({ LEAD_RATE_LIMIT: '1000' });
  headers = await csrfHeaders(t.app);
});
afterAll(() => t.close());

const ORIGIN = {
  landing_page: '/vehicles/3?utm_source=facebook&utm_campaign=verano',
  referrer: 'l.facebook.com',
  utm_source: 'Facebook',
  utm_medium: 'cpc',
  utm_campaign: 'Verano 2026',
};

async function send(path: LeadPath, extra: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    payload: { ...VALID_PAYLOADS[path], ...extra },
    headers,
  });
  expect(response.statusCode, response.body).toBe(201);
  const { id } = LeadCreatedSchema.parse(response.json());
  const [row] = await t.database.db.select().from(leads).where(eq(leads.id, id));
  if (!row) throw new Error('lead not stored');
  return row;
}

const originOf = (row: typeof leads.$inferSelect) => ({
  landingPage: row.landingPage,
  referrerHost: row.referrerHost,
  utmSource: row.utmSource,
  utmMedium: row.utmMedium,
  utmCampaign: row.utmCampaign,
});

describe.each(JSON_LEAD_PATHS)('POST %s with the origin of the visit', (path) => {
  it('keeps every origin field with the lead (source and medium lower-cased)', async () => {
    const row = await send(path, ORIGIN);
    expect(originOf(row)).toEqual({
      landingPage: '/vehicles/3?utm_source=facebook&utm_campaign=verano',
      referrerHost: 'l.facebook.com',
      utmSource: 'facebook',
      utmMedium: 'cpc',
      utmCampaign: 'Verano 2026',
    });
  });

  it('stores the SPEC §7 payload alone exactly as before, with no origin', async () => {
    const row = await send(path, {});
    expect(originOf(row)).toEqual({
      landingPage: null,
      referrerHost: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
    });
  });
});

describe('hostile origin values', () => {
  const path = '/api/contacto-contacto/' as const;

  it.each([
    ['a referrer that is a whole address', { referrer: 'https://evil.example/path?x=1' }, 'referrerHost'],
    ['a referrer with a port', { referrer: 'evil.example:8080' }, 'referrerHost'],
    ['a referrer with credentials', { referrer: 'user@evil.example' }, 'referrerHost'],
    ['a referrer of another type', { referrer: { host: 'x' } }, 'referrerHost'],
    ['a landing page on another site', { landing_page: '//evil.example/x' }, 'landingPage'],
    ['a landing page that is an address', { landing_page: 'https://evil.example/' }, 'landingPage'],
    ['a landing page with a line break', { landing_page: '/contact\nSet-Cookie: x' }, 'landingPage'],
    ['a campaign with a control character', { utm_campaign: 'verano\u0000' }, 'utmCampaign'],
    ['a campaign with a bidirectional override', { utm_campaign: 'ver\u202Eano' }, 'utmCampaign'],
    ['a source longer than 100 characters', { utm_source: 'f'.repeat(101) }, 'utmSource'],
    ['a medium that is a number', { utm_medium: 42 }, 'utmMedium'],
    ['a source that is a list', { utm_source: ['facebook'] }, 'utmSource'],
    ['a landing page of 3 kB', { landing_page: `/${'a'.repeat(3000)}` }, 'landingPage'],
  ] as const)('drops %s and keeps the lead and the other values', async (_case, bad, column) => {
    const [before] = await t.database.db.select({ n: count() }).from(leads);
    const row = await send(path, { ...ORIGIN, ...bad });
    const [after] = await t.database.db.select({ n: count() }).from(leads);
    expect(after?.n).toBe((before?.n ?? 0) + 1);
    const origin = originOf(row);
    expect(origin[column]).toBeNull();
    const kept = Object.entries(origin).filter(([name]) => name !== column);
    for (const [name, value] of kept) expect(value, name).not.toBeNull();
  });

  it('cuts a long landing page at 300 characters and drops ad click identifiers from it', async () => {
    const row = await send(path, {
      landing_page: `/vehicles?fbclid=${'x'.repeat(120)}&marca=toyota&gclid=abc&q=${'y'.repeat(400)}`,
    });
    expect(row.landingPage?.startsWith('/vehicles?marca=toyota&q=yyy')).toBe(true);
    expect(row.landingPage).toHaveLength(300);
    expect(row.landingPage).not.toContain('clid');
  });

  it('keeps a lead whose every origin field is bad, with no origin', async () => {
    const row = await send(path, {
      landing_page: 'javascript:alert(1)',
      referrer: '<script>',
      utm_source: '\u0007',
      utm_medium: '   ',
      utm_campaign: null,
    });
    expect(Object.values(originOf(row)).every((value) => value === null)).toBe(true);
  });
});

describe('POST /api/vendeauto/ (multipart) with the origin of the visit', () => {
  it('keeps the origin sent as form fields beside the appraisal', async () => {
    const { payload, contentType } = multipartBody(
      {
        ...(VALID_PAYLOADS['/api/vendeauto/'] as Record<string, string>),
        ...ORIGIN,
        referrer: 'www.google.cl',
      },
      [],
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vendeauto/',
      payload,
      headers: { ...headers, 'content-type': contentType },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(leads)
      .where(eq(leads.id, LeadCreatedSchema.parse(response.json()).id));
    expect(row?.utmSource).toBe('facebook');
    expect(row?.utmCampaign).toBe('Verano 2026');
    expect(row?.referrerHost).toBe('www.google.cl');
  });
});
