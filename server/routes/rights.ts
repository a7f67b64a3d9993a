import { createHmac } from 'node:crypto';
import {
  CONSENTS_LINK_SENT_MESSAGE,
  ConfirmRightsSchema,
  ConsentsLinkSchema,
  RIGHTS,
  RIGHTS_EXPORT_INVALID,
  RIGHTS_LINK_INVALID,
  RIGHTS_RECEIVED_MESSAGE,
  RIGHTS_SENT_MESSAGE,
  RightsRequestSchema,
  RightsTokenSchema,
} from '@contracts/rights.ts';
import { zodSpanish } from '@contracts/zod-spanish.ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiError } from '../http/api-error.ts';
import { RightsRateLimited } from '../services/rights/submit-rights-request.ts';
import { sendInvalid } from './admin/staff.ts';

const FORM = 'application/x-www-form-urlencoded';

/** A plain HTML form (no JavaScript): answered with redirects to pages; a JSON client gets JSON. */
const isForm = (request: FastifyRequest) => (request.headers['content-type'] ?? '').startsWith(FORM);

const seeOther = (reply: FastifyReply, location: string) =>
  reply.code(303).header('Location', location).send();

/**
 * The rights page's two steps (ADR 0031 decision 6) and its downloads. The forms post here and work without
 * JavaScript: CSRF token in the form body, Post/Redirect/Get to the pages that show the answer.
 */
export const rightsRoutes: FastifyPluginAsync = async (app) => {
  const { config, rights } = app.services;
  const client = (request: FastifyRequest) =>
    createHmac('sha256', config.sessionSecret).update(request.ip).digest('hex').slice(0, 32);

  // A form body is small: an address, a right, a few lines. Repeated fields keep their last value.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post('/derechos', { config: { csrf: 'form' } }, async (request, reply) => {
    const form = isForm(request);
    const parsed = RightsRequestSchema.safeParse(request.body ?? {}, { error: zodSpanish });
    if (!parsed.success) {
      if (!form) return sendInvalid(reply, parsed.error);
      const field = String(parsed.error.issues[0]?.path[0] ?? 'correo');
      const right = (request.body as Record<string, unknown> | undefined)?.derecho;
      const keep = RIGHTS.includes(right as never) ? `&derecho=${right}` : '';
      return seeOther(reply, `/derechos?error=${encodeURIComponent(field)}${keep}#formulario`);
    }
    try {
      await rights.submit(parsed.data, client(request));
    } catch (error) {
      if (!(error instanceof RightsRateLimited)) throw error;
      if (form) return seeOther(reply, '/derechos?error=limite#formulario');
      reply.header('Retry-After', String(error.retryAfter));
      return sendApiError(reply, 429, error.message);
    }
    return form ? seeOther(reply, '/derechos/enviada') : { mensaje: RIGHTS_SENT_MESSAGE };
  });

  // Withdrawing a consent from the rights page: the link to the person's consents goes to the address given.
  app.post('/derechos/autorizaciones', { config: { csrf: 'form' } }, async (request, reply) => {
    const form = isForm(request);
    const parsed = ConsentsLinkSchema.safeParse(request.body ?? {}, { error: zodSpanish });
    if (!parsed.success) {
      return form
        ? seeOther(reply, '/derechos?error=autorizaciones#autorizaciones')
        : sendInvalid(reply, parsed.error);
    }
    try {
      await rights.sendConsentsLink(parsed.data.correo, client(request));
    } catch (error) {
      if (!(error instanceof RightsRateLimited)) throw error;
      if (form) return seeOther(reply, '/derechos?error=autorizaciones-limite#autorizaciones');
      reply.header('Retry-After', String(error.retryAfter));
      return sendApiError(reply, 429, error.message);
    }
    return form
      ? seeOther(reply, '/derechos/enviada?enlace=autorizaciones')
      : { mensaje: CONSENTS_LINK_SENT_MESSAGE };
  });

  app.post('/derechos/confirmar', { config: { csrf: 'form' } }, async (request, reply) => {
    const form = isForm(request);
    const parsed = ConfirmRightsSchema.safeParse(request.body ?? {}, { error: zodSpanish });
    const done = parsed.success ? await rights.confirm(parsed.data.t) : null;
    if (form) return seeOther(reply, done ? '/derechos/recibida' : '/derechos/confirmar?error=enlace');
    if (!parsed.success) return sendInvalid(reply, parsed.error);
    if (!done) return sendApiError(reply, 410, RIGHTS_LINK_INVALID);
    return { mensaje: RIGHTS_RECEIVED_MESSAGE };
  });

  app.get<{ Params: { formato: string }; Querystring: { t?: unknown } }>(
    '/derechos/descarga.:formato',
    async (request, reply) => {
      const { formato } = request.params;
      if (formato !== 'json' && formato !== 'csv') return sendApiError(reply, 404, 'Ese formato no existe.');
      const token = RightsTokenSchema.safeParse(request.query.t, { error: zodSpanish });
      if (!token.success) return sendApiError(reply, 400, RIGHTS_EXPORT_INVALID);
      const file = await rights.download(token.data, formato);
      if (!file) return sendApiError(reply, 410, RIGHTS_EXPORT_INVALID);
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .type(formato === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8')
        .send(file.body);
    },
  );
};
