import { randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Django-compatible CSRF tokens: the `csrftoken` cookie holds a 32-character secret; the token handed to
 * pages is that secret masked with a fresh random mask (64 characters), so it differs on every request
 * (no BREACH leak) while any of them unmasks to the same secret.
 */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const SECRET_LENGTH = 32;
const VALID = /^[a-zA-Z0-9]+$/;

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';

function randomString(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export function newCsrfSecret(): string {
  return randomString(SECRET_LENGTH);
}

export function isCsrfSecret(value: string | undefined): value is string {
  return value !== undefined && value.length === SECRET_LENGTH && VALID.test(value);
}

export function maskCsrfSecret(secret: string): string {
  const mask = randomString(SECRET_LENGTH);
  let cipher = '';
  for (let i = 0; i < SECRET_LENGTH; i++) {
    cipher +=
      ALPHABET[(ALPHABET.indexOf(secret[i] ?? '') + ALPHABET.indexOf(mask[i] ?? '')) % ALPHABET.length];
  }
  return mask + cipher;
}

/** The secret inside a header token: masked (64 chars) or, as Django also accepts, unmasked (32). */
export function unmaskCsrfToken(token: string): string | null {
  if (!VALID.test(token)) return null;
  if (token.length === SECRET_LENGTH) return token;
  if (token.length !== SECRET_LENGTH * 2) return null;
  const mask = token.slice(0, SECRET_LENGTH);
  const cipher = token.slice(SECRET_LENGTH);
  let secret = '';
  for (let i = 0; i < SECRET_LENGTH; i++) {
    const index = ALPHABET.indexOf(cipher[i] ?? '') - ALPHABET.indexOf(mask[i] ?? '');
    secret += ALPHABET[(index + ALPHABET.length) % ALPHABET.length];
  }
  return secret;
}

/** Constant-time comparison of the cookie's secret with the header token's. */
export function csrfTokensMatch(cookieSecret: string | undefined, headerToken: string | undefined): boolean {
  if (!isCsrfSecret(cookieSecret) || !headerToken) return false;
  const secret = unmaskCsrfToken(headerToken);
  if (!secret) return false;
  return timingSafeEqual(Buffer.from(secret), Buffer.from(cookieSecret));
}
