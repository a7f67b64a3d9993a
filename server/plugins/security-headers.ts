import type { FastifyInstance, FastifyReply } from 'fastify';

/** Headers every response carries, pages and API alike. */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  app.addHook('onSend', async (_request, reply) => setSecurityHeaders(reply, options));
}

/** Also called directly for the few answers Fastify sends without running hooks (see http/framework-errors.ts). */
export function setSecurityHeaders(reply: FastifyReply, options: { https: boolean }): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  // Keeps the Origin header on same-origin POSTs (the CSRF check reads it) without leaking paths elsewhere.
  reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  reply.header('X-Frame-Options', 'DENY');
  reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  if (options.https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  // Pages set their own policy (inline scripts by hash or by nonce); everything else (JSON, images) may run and
  // embed nothing.
  if (!reply.hasHeader('content-security-policy')) {
    reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  }
}
