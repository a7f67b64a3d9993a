import { randomBytes } from 'node:crypto';
import type { Db } from '@db/client.ts';
import { insertStaffUser, NewStaffUserSchema } from '@server/services/auth/create-staff-user.ts';
import type { StaffRole } from '@server/services/auth/sessions.ts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { argon2id } from 'hash-wasm';
import { csrfHeaders } from './csrf-client.ts';

export const STAFF_PASSWORD = 'una-clave-larga-2026';

export interface SignedInStaff {
  id: number;
  email: string;
  /** Session + CSRF cookies, the CSRF header and our Origin: ready for any back office call. */
  headers: { cookie: string; 'x-csrftoken': string; origin: string };
}

/**
 * argon2id at its smallest cost (64 KiB, 1 pass): the product reads the cost from each stored hash, so signing in as a
 * test account runs the real check, about 50 times cheaper than at the OWASP cost accounts are created with. ADR 0033.
 */
const CHEAP_ARGON2 = { memorySize: 64, iterations: 1, parallelism: 1, hashLength: 32 } as const;
const cheapHashes = new Map<string, Promise<string>>();

/**
 * Stores an account the way `createStaffUser` does (same schema, same unique e-mail), with a cheap hash of its
 * password and no strength check. For tests whose subject is not how an account is created: those go through the
 * API, the CLI or `createStaffUser` and pay the full cost.
 */
export async function testStaffUser(
  db: Db,
  input: { email: string; name: string; password: string; role: StaffRole },
): Promise<{ id: number; email: string }> {
  const user = NewStaffUserSchema.parse(input);
  let hash = cheapHashes.get(user.password);
  if (!hash) {
    hash = argon2id({
      password: user.password,
      salt: randomBytes(16),
      ...CHEAP_ARGON2,
      outputType: 'encoded',
    });
    cheapHashes.set(user.password, hash);
  }
  return insertStaffUser(db, user, await hash);
}

let counter = 0;

/** Creates a staff member of the role and signs in through the real sign-in endpoint. */
export async function signedInStaff(
  app: FastifyInstance,
  role: StaffRole,
  email = `${role}${++counter}-${Date.now()}@automotora.cl`,
): Promise<SignedInStaff> {
  const { id } = await testStaffUser(app.services.db, {
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
