import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedJson } from '../services/catalogue/catalogue.ts';

/**
 * Replies with a memoized JSON body. Clients and CDNs may keep it but must revalidate (`no-cache`),
 * so a change made by staff is visible at once while unchanged data costs a 304.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson,
): FastifyReply {
  reply.header('ETag', cached.etag).header('Cache-Control', 'public, no-cache');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === cached.etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
