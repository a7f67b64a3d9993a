import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@db/client.ts';
import { sessions, staffUsers } from '@db/schema.ts';
import { and, eq, gt, lt, ne, or } from 'drizzle-orm';

/** A session ends after this long without a request... */
export const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
/** ...and in any case this long after sign-in. */
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** Activity is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

export type StaffRole = 'admin' | 'ventas';

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

/** Who makes a change, as the audit trail records it. */
export type Actor = Pick<SessionUser, 'id' | 'email'>;

/** The cookie name: `__Host-` prefixed (Secure, host-only, Path=/) when served over HTTPS. */
export function sessionCookieName(https: boolean): string {
  return https ? '__Host-sesion' : 'sesion';
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session with a brand-new id (never one the browser brought: no session fixation). */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.insert(sessions).values({
    tokenHash: tokenHash(token),
    userId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + IDLE_TIMEOUT_MS),
  });
  await db
    .update(staffUsers)
    .set({ lastSignInAt: new Date(now) })
    .where(eq(staffUsers.id, userId));
  return token;
}

/** The active user of a session token, sliding its idle expiry; null when expired, unknown or deactivated. */
export async function readSession(db: Db, token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null;
  const hash = tokenHash(token);
  const now = Date.now();
  const [row] = await db
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      name: staffUsers.name,
      role: staffUsers.role,
      active: staffUsers.active,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(staffUsers, eq(staffUsers.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hash), gt(sessions.expiresAt, new Date(now))));
  if (!row?.active || now - row.createdAt.getTime() > ABSOLUTE_TIMEOUT_MS) return null;
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + IDLE_TIMEOUT_MS) })
      .where(eq(sessions.tokenHash, hash));
  }
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash(token)));
}

/** Ends every session of a user (password change, deactivation), except `keepToken`'s when given. */
export async function destroyUserSessions(db: Db, userId: number, keepToken?: string): Promise<number> {
  const mine = eq(sessions.userId, userId);
  const deleted = await db
    .delete(sessions)
    .where(keepToken ? and(mine, ne(sessions.tokenHash, tokenHash(keepToken))) : mine)
    .returning({ tokenHash: sessions.tokenHash });
  return deleted.length;
}

export async function pruneSessions(db: Db): Promise<void> {
  const now = Date.now();
  await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, new Date(now)), lt(sessions.createdAt, new Date(now - ABSOLUTE_TIMEOUT_MS))),
    );
}
