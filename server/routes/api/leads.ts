import { createHmac } from 'node:crypto';
import { SELL_PHOTO_LIMITS } from '@contracts/leads.ts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiError, sendBusy } from '../../http/api-error.ts';
import { sendRefusal } from '../../http/refusal.ts';
import { LEAD_KIND_DEFS, type LeadKindDef } from '../../services/leads/lead-kinds.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;
const JSON_BODY_LIMIT = 64 * 1024;

interface Submission {
  fields: Record<string, unknown>;
  files: Buffer[];
}

/**
 * The lead endpoints: each reads its body (JSON, or the appraisal's multipart form with its photos) and hands it
 * to the lead service (services/leads/submit-lead.ts), which stores the lead and its staff e-mail in one transaction.
 */
export const leadRoutes: FastifyPluginAsync = async (app) => {
  const { config, leads } = app.services;

  await app.register(multipart, {
    limits: {
      fileSize: SELL_PHOTO_LIMITS.maxBytes,
      files: SELL_PHOTO_LIMITS.maxFiles,
      fields: 40,
      fieldSize: 16 * 1024,
      parts: 50,
      headerPairs: 200,
    },
  });

  const ipHash = (request: FastifyRequest) =>
    createHmac('sha256', config.sessionSecret).update(request.ip).digest('hex').slice(0, 32);

  const sourcePage = (request: FastifyRequest): string | null => {
    const referer = request.headers.referer;
    if (!referer) return null;
    try {
      const url = new URL(referer);
      return url.host === request.host || url.origin === new URL(config.publicUrl).origin
        ? url.pathname.slice(0, 300)
        : null;
    } catch {
      return null;
    }
  };

  /** Reads the request's headers, lets the lead service judge and store the submission, and answers. */
  async function handle(
    def: LeadKindDef,
    request: FastifyRequest,
    reply: FastifyReply,
    submission: Submission,
  ) {
    const keyHeader = request.headers['idempotency-key'];
    const key = typeof keyHeader === 'string' ? keyHeader : null;
    if (keyHeader !== undefined && (!key || !IDEMPOTENCY_KEY.test(key))) {
      return sendApiError(
        reply,
        400,
        'La cabecera Idempotency-Key no es válida (8 a 100 letras, números, - o _).',
      );
    }
    const result = await leads.submit({
      def,
      ...submission,
      idempotencyKey: key,
      client: ipHash(request),
      sourcePage: sourcePage(request),
    });
    switch (result.outcome) {
      case 'accepted':
        return reply.code(201).send(result.body);
      case 'refused':
        return sendRefusal(reply, result.refusal);
      case 'conflict':
        return sendApiError(reply, 409, result.message, { [result.field]: result.message });
      case 'key_reused':
        return sendApiError(reply, 422, 'La clave Idempotency-Key ya se usó con otra solicitud distinta.');
      case 'rate_limited':
        reply.header('Retry-After', String(result.retryAfter));
        return sendApiError(
          reply,
          429,
          'Has enviado demasiadas solicitudes. Inténtalo nuevamente en unos minutos.',
        );
      case 'busy':
        return sendBusy(reply, result.message, result.retryAfter);
    }
  }

  for (const def of LEAD_KIND_DEFS) {
    if (def.kind === 'vendeauto') {
      app.post(def.path, async (request, reply) => {
        if (!request.isMultipart()) {
          return sendApiError(reply, 415, 'Envía el formulario como multipart/form-data.');
        }
        const submission: Submission = { fields: {}, files: [] };
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'images') {
                await part.toBuffer();
                return sendApiError(reply, 400, 'Revisa las fotos adjuntas.', {
                  images: 'Las fotos deben enviarse en el campo images.',
                });
              }
              submission.files.push(await part.toBuffer());
            } else if (typeof part.value === 'string') {
              submission.fields[part.fieldname] = part.value;
            }
          }
        } catch (error) {
          // Limits (FST_* codes) have their own answers; anything else is a body the parser could not read
          // (no boundary, cut short), which is the client's fault, not a 500.
          if (String((error as { code?: unknown }).code ?? '').startsWith('FST_')) throw error;
          return sendApiError(reply, 400, 'No se pudo leer el formulario enviado. Inténtalo nuevamente.');
        }
        return handle(def, request, reply, submission);
      });
    } else {
      app.post(def.path, { bodyLimit: JSON_BODY_LIMIT }, async (request, reply) => {
        const type = request.headers['content-type'] ?? '';
        if (!/^application\/json\b/i.test(type)) {
          return sendApiError(reply, 415, 'Envía los datos como JSON (Content-Type: application/json).');
        }
        const body = request.body;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
          return sendApiError(reply, 400, 'El cuerpo de la solicitud debe ser un objeto JSON.');
        }
        return handle(def, request, reply, { fields: body as Record<string, unknown>, files: [] });
      });
    }
  }
};
