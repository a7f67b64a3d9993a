import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiError } from '../http/api-error.ts';
import { readCookie, serializeCookie } from '../http/cookies.ts';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  csrfTokensMatch,
  isCsrfSecret,
  maskCsrfSecret,
  newCsrfSecret,
} from '../services/security/csrf.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` lets unsafe requests reach this route without the CSRF token and same-origin check. Only for a route
     * that changes nothing; every other route is protected whatever its path. `'form'`: a plain HTML form that must
     * work without JavaScript (/derechos) may carry the token in its `csrfmiddlewaretoken` field, as Django's forms
     * do, instead of the header; the origin is checked all the same.
     */
    csrf?: boolean | 'form';
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The field of a form body that carries the token (Django's name). */
export const CSRF_FORM_FIELD = 'csrfmiddlewaretoken';
const REFUSED_TOKEN =
  'Solicitud rechazada: falta el token CSRF o no es válido. Recarga la página e inténtalo nuevamente.';

/** The token a parsed form body carries, if any. */
function formToken(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[CSRF_FORM_FIELD];
  return typeof value === 'string' ? value : undefined;
}

/** The origins this site answers as: its PUBLIC_URL and the host the request was addressed to. */
function isSameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin) {
    if (origin === new URL(publicUrl).origin) return true;
    return origin === `${request.protocol}://${request.host}`;
  }
  // Browsers that omit Origin still say where the request comes from.
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/**
 * `GET /api/get-csrf-token/` hands out a masked token and sets the `csrftoken` cookie. Every unsafe request to any
 * route must carry the token in X-CSRFToken and the cookie, and come from this site's own origin.
 *
 * The decision is made on the route the router matched (after it decoded the path), never on the URL as typed:
 * `/%61dmin/api/…` reaches the same handler as `/admin/api/…`, so it meets the same guard. A route opts out only
 * with `config: { csrf: false }`; a request that matched no route changes nothing and gets the 404.
 */
export function registerCsrf(app: FastifyInstance): void {
  const { publicUrl } = app.services.config;
  const secure = publicUrl.startsWith('https://');
  /** Form requests whose token is to be read from the parsed body. */
  const awaitingFormToken = new WeakSet<FastifyRequest>();

  app.get('/api/get-csrf-token/', async (request, reply) => {
    const existing = readCookie(request, CSRF_COOKIE);
    const secret = isCsrfSecret(existing) ? existing : newCsrfSecret();
    return reply
      .header('Set-Cookie', serializeCookie(CSRF_COOKIE, secret, { maxAgeSeconds: 31_449_600, secure }))
      .header('Cache-Control', 'no-store')
      .send({ csrfToken: maskCsrfSecret(secret) });
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!UNSAFE.has(request.method) || request.is404 || request.routeOptions.config.csrf === false) return;
    if (!isSameOrigin(request, publicUrl)) {
      return sendApiError(reply, 403, 'Solicitud rechazada: el origen no está permitido.');
    }
    const header = request.headers[CSRF_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (csrfTokensMatch(readCookie(request, CSRF_COOKIE), token)) return;
    // A form's token is in its body, judged once the body is parsed (below).
    if (request.routeOptions.config.csrf === 'form' && token === undefined) {
      awaitingFormToken.add(request);
      return;
    }
    return sendApiError(reply, 403, REFUSED_TOKEN);
  });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!awaitingFormToken.has(request)) return;
    if (!csrfTokensMatch(readCookie(request, CSRF_COOKIE), formToken(request.body)))
      return sendApiError(reply, 403, REFUSED_TOKEN);
  });
}
