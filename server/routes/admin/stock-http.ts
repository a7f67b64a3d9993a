// What the stock and lookup routes share: reading ids and JSON bodies.

import { dbIdFromText } from '@contracts/db-id.ts';
import { fieldErrors } from '@contracts/lead-options.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { sendApiError } from '../../http/api-error.ts';
import type { SessionUser } from '../../services/auth/sessions.ts';

/** A positive database id from a path segment, or null (the route answers 404). */
export function idParam(value: string | undefined): number | null {
  return dbIdFromText(value);
}

/** The signed-in staff member; the route's requireStaff preHandler has already made sure there is one. */
export function actor(request: FastifyRequest): SessionUser {
  if (!request.staff) throw new Error('route without requireStaff');
  return request.staff;
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; reply: FastifyReply };

/** Validates a JSON object body; a refusal is already sent (400 with `campos` in Spanish). */
export function parseBody<S extends z.ZodType>(
  schema: S,
  request: FastifyRequest,
  reply: FastifyReply,
  summary: string,
): Parsed<z.output<S>> {
  return parseObject(schema, request.body, reply, summary);
}

/** The same for an object read from elsewhere (a JSON field of a multipart form). */
export function parseObject<S extends z.ZodType>(
  schema: S,
  body: unknown,
  reply: FastifyReply,
  summary: string,
): Parsed<z.output<S>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      ok: false,
      reply: sendApiError(reply, 400, 'El cuerpo de la solicitud debe ser un objeto JSON.'),
    };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    return { ok: false, reply: sendApiError(reply, 400, summary, fieldErrors(parsed.error)) };
  return { ok: true, data: parsed.data };
}
