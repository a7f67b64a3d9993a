import type { SessionUser, StaffRole } from '@server/services/auth/sessions.ts';
import { type AppLoadContext, data, redirect } from 'react-router';

export const SIGN_IN_PATH = '/admin/ingresar';

/**
 * The first line of every back office loader: the signed-in staff member, or a redirect to the sign-in page that
 * comes back here afterwards. A member without the role gets a 403 page.
 */
export function requireStaffPage(url: URL, context: AppLoadContext, role?: StaffRole): SessionUser {
  const staff = context.staff;
  if (!staff) {
    const back = url.pathname + url.search;
    throw redirect(`${SIGN_IN_PATH}?siguiente=${encodeURIComponent(back)}`);
  }
  if (role && staff.role !== role) throw data('No tienes permiso para ver esta página.', { status: 403 });
  return staff;
}

/**
 * Where to go after signing in: only a path inside the back office (no open redirect). The value is resolved as a
 * browser would resolve it against this site (dot segments, `%2e`, backslashes, stray tabs and newlines) and given
 * back percent-encoded, so it is always a valid Location header; anything that lands outside `/admin` is `/admin`.
 */
export function safeNextPath(value: string | null): string {
  if (!value?.startsWith('/')) return '/admin';
  let resolved: URL;
  try {
    resolved = new URL(value, 'http://back-office.invalid');
  } catch {
    return '/admin';
  }
  if (resolved.origin !== 'http://back-office.invalid') return '/admin';
  const { pathname, search } = resolved;
  // The sign-in page itself would send a signed-in person round in a loop.
  if (pathname.startsWith(SIGN_IN_PATH)) return '/admin';
  return pathname === '/admin' || pathname.startsWith('/admin/') ? pathname + search : '/admin';
}
