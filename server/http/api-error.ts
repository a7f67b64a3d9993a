import type { ApiError } from '@contracts/vehicle.ts';
import type { FastifyReply } from 'fastify';

/** Sends the one error shape of the public API: `{error, campos?}` with a Spanish sentence. */
export function sendApiError(
  reply: FastifyReply,
  status: number,
  error: string,
  campos?: Record<string, string>,
): FastifyReply {
  const body: ApiError = campos ? { error, campos } : { error };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** 503 with Retry-After: the server is busy with work of this kind (decoding photos), not broken. */
export function sendBusy(reply: FastifyReply, error: string, retryAfter: number): FastifyReply {
  reply.header('Retry-After', String(retryAfter));
  return sendApiError(reply, 503, error);
}
