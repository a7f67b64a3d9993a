import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedJson } from '../services/catalogue/catalogue.ts';
import { preferredEncoding } from './accept-encoding.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Bodies below this go out as they are (compression would cost more than it saves). */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Compressed copies of each memoized body, made once per catalogue snapshot (off the event loop) instead of once per
 * request: the vehicle list of a large stock is megabytes of JSON.
 */
const encoded = new WeakMap<CachedJson, Partial<Record<'br' | 'gzip', Promise<Buffer>>>>();

function compressed(cached: CachedJson, encoding: 'br' | 'gzip'): Promise<Buffer> {
  let copies = encoded.get(cached);
  if (!copies) {
    copies = {};
    encoded.set(cached, copies);
  }
  copies[encoding] ??=
    encoding === 'br'
      ? brotli(cached.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })
      : gzipAsync(cached.body, { level: 6 });
  return copies[encoding];
}

/**
 * Replies with a memoized JSON body. Clients and CDNs may keep it but must revalidate (`no-cache`),
 * so a change made by staff is visible at once while unchanged data costs a 304.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson,
): Promise<FastifyReply> {
  return sendCachedBody(request, reply, cached, 'application/json; charset=utf-8');
}

/** The same for a memoized body of another type (the ad-catalog feeds, the image sitemap). */
export async function sendCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson,
  contentType: string,
): Promise<FastifyReply> {
  reply
    .header('ETag', cached.etag)
    .header('Cache-Control', 'public, no-cache')
    .header('Vary', 'Accept-Encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === cached.etag)) {
    return reply.code(304).send();
  }
  reply.type(contentType);
  const encoding = cached.body.length >= MIN_COMPRESS_BYTES ? preferredEncoding(request) : null;
  if (!encoding) return reply.send(cached.body);
  // A Content-Encoding already set tells the compression plugin to leave the body alone.
  return reply.header('Content-Encoding', encoding).send(await compressed(cached, encoding));
}
