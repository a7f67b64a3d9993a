import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a browser stays remembered after a successful sign-in (ADR 0028). */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** `__Host-` prefixed (Secure, host-only, Path=/) when served over HTTPS, like the session cookie. */
export function deviceCookieName(https: boolean): string {
  return https ? '__Host-dispositivo' : 'dispositivo';
}

export interface DeviceCookie {
  userId: number;
  /** Random and unique per issue: names the browser's own lane of the sign-in throttle. */
  nonce: string;
  issuedAt: number;
}

/**
 * The MAC covers the account, nonce and issue time, and a digest of the account's password hash: changing the
 * password forgets every remembered browser of the account.
 */
function mac(secret: string, payload: string, passwordHash: string): Buffer {
  const bound = createHmac('sha256', secret).update(`clave|${passwordHash}`).digest('base64url');
  return createHmac('sha256', secret).update(`dispositivo|${payload}|${bound}`).digest();
}

/** `v1.<account id>.<nonce>.<issued, seconds>.<mac>`: what the browser keeps after signing in. */
export function issueDeviceCookie(
  secret: string,
  userId: number,
  passwordHash: string,
  now = Date.now(),
): { value: string; nonce: string } {
  const nonce = randomBytes(16).toString('base64url');
  const payload = `v1.${userId}.${nonce}.${Math.floor(now / 1000)}`;
  return { value: `${payload}.${mac(secret, payload, passwordHash).toString('base64url')}`, nonce };
}

/**
 * The remembered browser a cookie names, when it was issued by us for `user` less than a year ago and the account's
 * password has not changed since; null otherwise (forged, altered, another account's, expired, malformed).
 */
export function readDeviceCookie(
  secret: string,
  value: string | undefined,
  user: { id: number; passwordHash: string } | undefined,
  now = Date.now(),
): DeviceCookie | null {
  if (!value || !user || value.length > 200) return null;
  const match = /^(v1\.(\d{1,12})\.([\w-]{22})\.(\d{1,12}))\.([\w-]{43})$/.exec(value);
  if (!match) return null;
  const [, payload = '', id, nonce = '', issued, given = ''] = match;
  if (Number(id) !== user.id) return null;
  const expected = mac(secret, payload, user.passwordHash);
  const presented = Buffer.from(given, 'base64url');
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;
  const issuedAt = Number(issued) * 1000;
  if (issuedAt > now + 60_000 || now - issuedAt > DEVICE_COOKIE_MAX_AGE_S * 1000) return null;
  return { userId: user.id, nonce, issuedAt };
}
