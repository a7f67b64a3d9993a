import { z } from 'zod';
import { isPrintableLine } from './text-field.ts';

// Where a visit that ended in a lead began: the browser keeps it in the tab's sessionStorage from the visit's first
// page (app/lib/visit-source.ts) and sends it with the lead as optional fields beside the form's own. The public API
// contract does not know these fields: a client that sends none of them gets exactly the lead it always had.
//
// Each value is judged on its own and a bad one is dropped, never the lead: the visitor asked for something and the
// origin is only the dealership's bookkeeping, so a mangled address or a hostile campaign name must not cost a sale.

/** The wire names of the five fields, in lead bodies (JSON and multipart alike). */
export const ATTRIBUTION_FIELDS = [
  'landing_page',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
] as const;
export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];

/** A landing page is kept up to this many characters (path and query). */
export const LANDING_PAGE_MAX = 300;
export const UTM_MAX = 100;
/** Longer input than this is not cut but refused (nobody's landing address is 2 kB). */
const RAW_MAX = 2048;
/** Bidirectional overrides and isolates would let a value rearrange how the back office shows the text around it. */
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
const HOSTNAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
/** Per-click identifiers of ad platforms: they say nothing about the source and point at a person's click. */
const CLICK_IDS = new Set([
  'fbclid',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'msclkid',
  'ttclid',
  'yclid',
  'twclid',
]);

const line = (max: number) =>
  z
    .string()
    .max(RAW_MAX)
    .trim()
    .min(1)
    .max(max)
    .refine((v) => isPrintableLine(v) && !BIDI.test(v));

/** A path of this site with its query, without fragment or click identifiers, cut at LANDING_PAGE_MAX. */
const landingPage = z
  .string()
  .max(RAW_MAX)
  .refine((v) => v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\') && isPrintableLine(v))
  .transform((v, ctx) => {
    const base = 'http://origen.invalid';
    let url: URL;
    try {
      url = new URL(v, base);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'no es una dirección del sitio' });
      return z.NEVER;
    }
    if (url.origin !== base) {
      ctx.addIssue({ code: 'custom', message: 'es una dirección de otro sitio' });
      return z.NEVER;
    }
    for (const name of [...url.searchParams.keys()]) {
      if (CLICK_IDS.has(name.toLowerCase())) url.searchParams.delete(name);
    }
    return `${url.pathname}${url.search}`.slice(0, LANDING_PAGE_MAX);
  });

/** A host name only (no scheme, port, path or credentials), lower-cased. */
const referrer = z
  .string()
  .max(RAW_MAX)
  .trim()
  .toLowerCase()
  .refine((v) => HOSTNAME.test(v));

/** utm_source and utm_medium group the dashboard, so case does not split them; a campaign keeps its spelling. */
const FIELD_SCHEMAS: Record<AttributionField, z.ZodType<string>> = {
  landing_page: landingPage,
  referrer,
  utm_source: line(UTM_MAX).transform((v) => v.toLowerCase()),
  utm_medium: line(UTM_MAX).transform((v) => v.toLowerCase()),
  utm_campaign: line(UTM_MAX),
};

export interface Attribution {
  landingPage: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

export const NO_ATTRIBUTION: Attribution = {
  landingPage: null,
  referrerHost: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
};

/**
 * The origin fields of a lead body: each valid one kept, each absent, empty or invalid one null. `dropped` names the
 * fields that were sent but refused; the visitor is not told, since the request itself was fine.
 */
export function readAttribution(fields: Record<string, unknown>): {
  attribution: Attribution;
  dropped: AttributionField[];
} {
  const dropped: AttributionField[] = [];
  const value = (name: AttributionField): string | null => {
    const raw = fields[name];
    if (raw === undefined || raw === null || raw === '') return null;
    const parsed = FIELD_SCHEMAS[name].safeParse(raw);
    if (parsed.success) return parsed.data;
    dropped.push(name);
    return null;
  };
  return {
    attribution: {
      landingPage: value('landing_page'),
      referrerHost: value('referrer'),
      utmSource: value('utm_source'),
      utmMedium: value('utm_medium'),
      utmCampaign: value('utm_campaign'),
    },
    dropped,
  };
}
