import { serializeCookie } from '@server/http/cookies.ts';
import { CSRF_COOKIE, isCsrfSecret, maskCsrfSecret, newCsrfSecret } from '@server/services/security/csrf.ts';

/**
 * The token a server-rendered form carries in its `csrfmiddlewaretoken` field (a form that works without
 * JavaScript, server/plugins/csrf.ts), and the cookie it pairs with, set again on every render. The page must not be
 * kept for others (Cache-Control: no-store): the token is this visitor's.
 */
export function csrfForm(request: Request, https: boolean): { token: string; headers: Headers } {
  const cookies = request.headers.get('cookie') ?? '';
  const existing = cookies
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === CSRF_COOKIE)?.[1];
  const secret = isCsrfSecret(existing) ? existing : newCsrfSecret();
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  headers.append(
    'Set-Cookie',
    serializeCookie(CSRF_COOKIE, secret, { maxAgeSeconds: 31_449_600, secure: https }),
  );
  return { token: maskCsrfSecret(secret), headers };
}

export const NO_STORE = { 'Cache-Control': 'private, no-store' };
