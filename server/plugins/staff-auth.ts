import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiError } from '../http/api-error.ts';
import { readCookie } from '../http/cookies.ts';
import {
  readSession,
  type SessionUser,
  type StaffRole,
  sessionCookieName,
} from '../services/auth/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    staff: SessionUser | null;
  }
  interface FastifyInstance {
    /** The signed-in staff member of a request, or null (also refreshes the session's idle timer). */
    readStaff(request: FastifyRequest): Promise<SessionUser | null>;
    /** preHandler for back office API routes: a signed-in staff member, optionally of one role. */
    requireStaff(role?: StaffRole): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
}

/** Reads the staff session of back office requests and offers the role guard. */
export function registerStaffAuth(app: FastifyInstance): void {
  const { config, db } = app.services;
  const cookieName = sessionCookieName(config.publicUrl.startsWith('https://'));

  app.decorateRequest('staff', null);
  app.decorate('readStaff', (request: FastifyRequest) => readSession(db, readCookie(request, cookieName)));
  app.decorate('requireStaff', (role?: StaffRole) => async (request: FastifyRequest, reply: FastifyReply) => {
    // The default guard of the admin API may already have read the session of this request.
    request.staff ??= await app.readStaff(request);
    if (!request.staff) return sendApiError(reply, 401, 'Inicia sesión para continuar.');
    if (role && request.staff.role !== role)
      return sendApiError(reply, 403, 'No tienes permiso para esta acción.');
    return undefined;
  });
}
