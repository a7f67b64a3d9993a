import type { FastifyReply } from 'fastify';
import { Refusal, type RefusalKind } from '../services/refusal.ts';
import { sendApiError } from './api-error.ts';

const STATUS: Record<RefusalKind, 400 | 403 | 404 | 409 | 410> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
};

/** Answers a service's refusal with its status and Spanish sentence; anything else goes to the error handler. */
export function sendRefusal(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof Refusal) return sendApiError(reply, STATUS[error.kind], error.message, error.campos);
  throw error;
}
