import { createHmac } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fieldErrors, HONEYPOT_FIELD, SELL_PHOTO_LIMITS } from '../../../contracts/leads.ts';
import { sendApiError } from '../../http/api-error.ts';
import { ImageRejectedError, type PreparedImage, prepareImage } from '../../services/images/ingest-image.ts';
import { createLead, findIdempotentReply, requestHash } from '../../services/leads/create-lead.ts';
import { buildLeadEmail } from '../../services/leads/lead-email.ts';
import { LEAD_KIND_DEFS, type LeadKindDef } from '../../services/leads/lead-kinds.ts';
import { hitRateLimit } from '../../services/rate-limit.ts';

const RATE_WINDOW_MS = 10 * 60 * 1000;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;
const JSON_BODY_LIMIT = 64 * 1024;

interface Submission {
  fields: Record<string, unknown>;
  files: Buffer[];
}

/** The six lead endpoints of SPEC §7: validate, store with the staff e-mail in one transaction, answer 201. */
export const leadRoutes: FastifyPluginAsync = async (app) => {
  const { config, db, catalogue } = app.services;

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

    // A bot filled the field people never see: answer as if accepted and keep nothing.
    const honeypot = submission.fields[HONEYPOT_FIELD];
    if (typeof honeypot === 'string' && honeypot.trim() !== '') {
      return reply
        .code(201)
        .send({ id: Math.floor(100_000 + Math.random() * 900_000), mensaje: def.accepted });
    }

    const parsed = def.schema.safeParse(submission.fields);
    if (!parsed.success) {
      return sendApiError(reply, 400, 'Revisa los datos del formulario.', fieldErrors(parsed.error));
    }
    const fields = def.toFields(parsed.data);
    const vehicle =
      fields.vehicleId === null ? null : ((await catalogue.snapshot()).byId.get(fields.vehicleId) ?? null);
    if (fields.vehicleId !== null && !vehicle && def.vehicleField) {
      return sendApiError(reply, 400, 'Revisa los datos del formulario.', {
        [def.vehicleField]: 'El vehículo indicado no existe o ya no está disponible.',
      });
    }

    const photos: PreparedImage[] = [];
    for (const [index, file] of submission.files.entries()) {
      try {
        photos.push(await prepareImage(file));
      } catch (error) {
        if (!(error instanceof ImageRejectedError)) throw error;
        return sendApiError(reply, 400, 'Revisa las fotos adjuntas.', {
          images: `Foto ${index + 1}: ${error.message}`,
        });
      }
    }

    // A retry of an acknowledged submission is answered without counting against the limit.
    if (key) {
      const previous = await findIdempotentReply(db, key, requestHash(def, fields, photos));
      if (previous) return sendResult(reply, previous);
    }
    const limit = await hitRateLimit(db, `lead:${ipHash(request)}`, config.leadRateLimit, RATE_WINDOW_MS);
    if (!limit.allowed) {
      reply.header('Retry-After', String(limit.retryAfter));
      return sendApiError(
        reply,
        429,
        'Has enviado demasiadas solicitudes. Inténtalo nuevamente en unos minutos.',
      );
    }

    const result = await createLead(db, {
      def,
      fields,
      photos,
      sourcePage: sourcePage(request),
      ipHash: ipHash(request),
      idempotencyKey: key,
      email: ({ id, createdAt, dueAt }) =>
        buildLeadEmail({
          id,
          def,
          fields,
          vehicle,
          photoCount: photos.length,
          createdAt,
          dueAt,
          dealership: config.dealership,
          publicUrl: config.publicUrl,
        }),
    });
    if (result.status === 201 && !result.replayed) app.services.outbox.poke();
    return sendResult(reply, result);
  }

  function sendResult(reply: FastifyReply, result: Awaited<ReturnType<typeof createLead>>) {
    if (result.status === 422) return sendApiError(reply, 422, result.error);
    return reply.code(201).send(result.body);
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
