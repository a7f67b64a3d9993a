import { data } from 'react-router';
import { requireStaffPage } from '~/lib/admin/session.server';
import type { Route } from './+types/not-found';

/** Unknown back office paths: the sign-in page when signed out, else a 404 inside the admin frame. */
export async function loader({ url, context }: Route.LoaderArgs) {
  requireStaffPage(url, context);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
