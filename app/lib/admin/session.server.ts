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

/** Only a path inside the back office may be the target after signing in (no open redirect). */
export function safeNextPath(value: string | null): string {
  if (!value || value.includes('\\')) return '/admin';
  return value === '/admin' || /^\/admin[/?]/.test(value) ? value : '/admin';
}
