import { createStaffUser } from '@server/services/auth/create-staff-user.ts';
import type { StaffRole } from '@server/services/auth/sessions.ts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { csrfHeaders } from './csrf-client.ts';

export const STAFF_PASSWORD = 'una-clave-larga-2026';

export interface SignedInStaff {
  id: number;
  email: string;
  /** Session + CSRF cookies, the CSRF header and our Origin: ready for any back office call. */
  headers: { cookie: string; 'x-csrftoken': string; origin: string };
}

let counter = 0;

/** Creates a staff member of the role and signs in through the real sign-in endpoint. */
export async function signedInStaff(
  app: FastifyInstance,
  role: StaffRole,
  email = `${role}${++counter}-${Date.now()}@automotora.cl`,
): Promise<SignedInStaff> {
  const { id } = await createStaffUser(app.services.db, {
    email,
    name: role === 'admin' ? `Admin ${counter}` : `Vendedor ${counter}`,
    password: STAFF_PASSWORD,
    role,
  });
  const csrf = await csrfHeaders(app);
  const response = await app.inject({
    method: 'POST',
    url: '/admin/api/sesion',
    payload: { email, password: STAFF_PASSWORD },
    headers: csrf,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const session = String(response.headers['set-cookie']).split(';')[0] ?? '';
  return { id, email, headers: { ...csrf, cookie: `${csrf.cookie}; ${session}` } };
}

/** Who makes a back office call: a signed-in member, bare headers (CSRF only, say), or nobody. */
export type Caller = SignedInStaff | Record<string, string> | null;

/** One back office API call as `caller`, with a JSON body when `payload` is given. */
export function callAs(
  app: FastifyInstance,
  method: NonNullable<InjectOptions['method']>,
  url: string,
  caller: Caller,
  payload?: unknown,
) {
  const headers =
    caller === null
      ? {}
      : 'headers' in caller && typeof caller.headers === 'object'
        ? caller.headers
        : caller;
  return app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
