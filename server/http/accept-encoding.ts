import type { FastifyRequest } from 'fastify';

/** The compression this server prefers among those the client accepts (`q=0` means "not this one"). */
export function preferredEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = new Set(
    String(request.headers['accept-encoding'] ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([token]) => token?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}
