// The signed links a person gets by e-mail (ADR 0031): no account, no password; the address they wrote is who they
// are, and a MAC with SESSION_SECRET proves that the link was made by us for that address. Made like the device
// cookie of ADR 0028: a versioned payload, an HMAC-SHA256 over it and what it is for, compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a link opens; a token made for one never opens another. */
export type PersonLinkPurpose = 'consentimientos' | 'alertas' | 'baja';

const PATHS: Record<PersonLinkPurpose, string> = {
  consentimientos: '/privacidad/consentimientos',
  // ADR 0039: the page of a person's alerts, and the one-click unsubscribe of RFC 8058 (POST, no page).
  alertas: '/alertas/gestionar',
  baja: '/alertas/baja',
};

/** The longest address a token may carry (RFC 5321's path limit), so a token is never unbounded. */
const MAX_EMAIL = 254;
/** `v1.<address, base64url>.<MAC, 43 characters>`. */
const TOKEN = /^v1\.([A-Za-z0-9_-]{4,340})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, purpose: PersonLinkPurpose, payload: string): Buffer {
  return createHmac('sha256', secret).update(`persona|${purpose}|${payload}`).digest();
}

/** The address as every register keys a person: trimmed and lower-cased. */
export function personKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A token for `email` and `purpose`. It does not expire: withdrawing a consent must stay possible for as long as the
 * consent lasts (art. 12), and the link travels in every e-mail the site sends the person.
 */
export function signPersonToken(secret: string, purpose: PersonLinkPurpose, email: string): string {
  const payload = `v1.${Buffer.from(personKey(email), 'utf8').toString('base64url')}`;
  return `${payload}.${mac(secret, purpose, payload).toString('base64url')}`;
}

/**
 * The address a token was made for, or null for anything we did not sign for this purpose: forged, altered, cut,
 * of another purpose or format, or not text at all. Says nothing about whether the address is known.
 */
export function readPersonToken(secret: string, purpose: PersonLinkPurpose, token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 400) return null;
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, encoded = '', given = ''] = match;
  const payload = `v1.${encoded}`;
  const expected = mac(secret, purpose, payload);
  const presented = Buffer.from(given, 'base64url');
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  // Only what signPersonToken writes: the canonical encoding of a lower-cased address.
  if (email.length > MAX_EMAIL || !email.includes('@') || personKey(email) !== email) return null;
  if (Buffer.from(email, 'utf8').toString('base64url') !== encoded) return null;
  return email;
}

/** The absolute address of the person's page for `purpose`, as e-mails carry it. */
export function personLink(
  publicUrl: string,
  secret: string,
  purpose: PersonLinkPurpose,
  email: string,
): string {
  return `${publicUrl}${PATHS[purpose]}?t=${signPersonToken(secret, purpose, email)}`;
}
