import {
  PhotoOrderSchema,
  PUBLISH_WITHOUT_PHOTOS,
  STOCK_PHOTO_LIMITS,
  StockQuerySchema,
  VehicleInputSchema,
  VehicleQuickEditSchema,
} from '@contracts/admin-stock.ts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiError, sendBusy } from '../../http/api-error.ts';
import { sendRefusal } from '../../http/refusal.ts';
import { getStockVehicle, listStock } from '../../services/admin/stock-queries.ts';
import type { StockService } from '../../services/admin/stock-service.ts';
import { vehicleNotFound } from '../../services/admin/stock-support.ts';
import { DecodeBusyError } from '../../services/images/decode-gate.ts';
import {
  decodeImages,
  ImageRejectedError,
  inspectImages,
  type PreparedImage,
} from '../../services/images/ingest-image.ts';
import { actor, idParam, parseBody, parseObject } from './stock-http.ts';

const FIELD = STOCK_PHOTO_LIMITS.field;
const MB = Math.round(STOCK_PHOTO_LIMITS.maxBytes / (1024 * 1024));
const REVIEW_VEHICLE = 'Revisa los datos del vehículo.';
const REVIEW_PHOTOS = 'Revisa las fotos.';
/** The form of a new vehicle travels as JSON in one field of the multipart body (its description is the longest). */
const CREATE_FIELD_BYTES = 16 * 1024;

/** The person ticked «Publicar sin fotos» (ADR 0040); anything but true is no. */
const publishWithoutPhotos = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  (body as Record<string, unknown>)[PUBLISH_WITHOUT_PHOTOS] === true;

interface Upload {
  name: string;
  data: Buffer;
}

/** "Foto 2 (frente.jpg)": which file a message is about, as the person chose it. */
const photoLabel = (index: number, name?: string) =>
  name ? `Foto ${index + 1} (${name.slice(0, 80)})` : `Foto ${index + 1}`;

/**
 * The stock API of the back office: vehicles, their photos, quick status changes. Both roles may use it. The
 * stock service empties the public catalogue cache after each committed change (stock-service.ts).
 */
export const stockRoutes: FastifyPluginAsync = async (app) => {
  const { db, stock, config } = app.services;
  const guard = { preHandler: app.requireStaff() };

  // Scoped to these routes: the same per-file limit as the appraisal photos, more files per request.
  await app.register(multipart, {
    limits: {
      fileSize: STOCK_PHOTO_LIMITS.maxBytes,
      files: STOCK_PHOTO_LIMITS.maxFiles,
      fields: 10,
      fieldSize: 1024,
      parts: STOCK_PHOTO_LIMITS.maxFiles + 10,
      headerPairs: 200,
    },
  });

  async function sendVehicle(reply: FastifyReply, id: number, status = 200, extra: object = {}) {
    const vehiculo = await getStockVehicle(db, id, config.publicUrl);
    if (!vehiculo) return sendRefusal(reply, vehicleNotFound());
    return reply.code(status).send({ vehiculo, ...extra });
  }

  /**
   * The files under `fotos` and the text fields of a multipart request (a field's size limit given per name), or
   * the refusal already sent.
   */
  async function readPhotoForm(
    request: FastifyRequest,
    reply: FastifyReply,
    fieldBytes: Record<string, number> = {},
  ): Promise<
    { ok: true; uploads: Upload[]; fields: Record<string, string> } | { ok: false; reply: FastifyReply }
  > {
    const uploads: Upload[] = [];
    const fields: Record<string, string> = {};
    const refuse = (status: number, message: string, campos?: Record<string, string>) => ({
      ok: false as const,
      reply: sendApiError(reply, status, message, campos),
    });
    const largest = Math.max(1024, ...Object.values(fieldBytes));
    try {
      for await (const part of request.parts({ limits: { fieldSize: largest } })) {
        if (part.type === 'field') {
          const value = String(part.value);
          if (
            !(part.fieldname in fieldBytes) ||
            value.length > (fieldBytes[part.fieldname] ?? 0) ||
            part.valueTruncated
          )
            return refuse(400, 'El formulario trae un campo desconocido o demasiado largo.');
          fields[part.fieldname] = value;
          continue;
        }
        if (part.fieldname !== FIELD) {
          await part.toBuffer();
          return refuse(400, REVIEW_PHOTOS, { [FIELD]: 'Las fotos deben enviarse en el campo fotos.' });
        }
        uploads.push({ name: part.filename, data: await part.toBuffer() });
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
        return refuse(400, REVIEW_PHOTOS, {
          [FIELD]: `Puedes subir hasta ${STOCK_PHOTO_LIMITS.maxFiles} fotos a la vez.`,
        });
      }
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        return refuse(413, `Cada foto puede pesar hasta ${MB} MB.`, {
          [FIELD]: `${photoLabel(uploads.length)} pesa más de ${MB} MB.`,
        });
      }
      if (code?.startsWith('FST_')) throw error;
      // The parser's own errors (no boundary, a body cut short) mean a broken request, not a server failure.
      return refuse(400, 'No se pudo leer el formulario enviado. Inténtalo nuevamente.');
    }
    return { ok: true, uploads, fields };
  }

  /**
   * Every file is judged before anything is stored: one bad file refuses the whole upload. Every header is read
   * before any file is decoded, and the decodes take their turn in the process's decode slots (ADR 0026).
   */
  async function judgePhotos(
    reply: FastifyReply,
    uploads: Upload[],
  ): Promise<{ ok: true; photos: PreparedImage[] } | { ok: false; reply: FastifyReply }> {
    try {
      const files = uploads.map((upload) => upload.data);
      return { ok: true, photos: await decodeImages(files, await inspectImages(files)) };
    } catch (error) {
      if (error instanceof DecodeBusyError)
        return { ok: false, reply: sendBusy(reply, error.message, error.retryAfter) };
      if (!(error instanceof ImageRejectedError)) throw error;
      const index = error.index ?? 0;
      return {
        ok: false,
        reply: sendApiError(reply, 400, REVIEW_PHOTOS, {
          [FIELD]: `${photoLabel(index, uploads[index]?.name)}: ${error.message}`,
        }),
      };
    }
  }

  app.get('/admin/api/vehiculos', guard, async (request) =>
    listStock(db, StockQuerySchema.parse(request.query ?? {})),
  );

  app.get<{ Params: { id: string } }>('/admin/api/vehiculos/:id', guard, async (request, reply) => {
    const id = idParam(request.params.id);
    if (id === null) return sendRefusal(reply, vehicleNotFound());
    return sendVehicle(reply, id);
  });

  /**
   * A new vehicle: JSON, or multipart with the form as JSON in `datos` and the photos of its creation step under
   * `fotos`; the photos are judged before anything is stored, and stored with the vehicle in one transaction.
   */
  app.post('/admin/api/vehiculos', guard, async (request, reply) => {
    let body: unknown = request.body;
    let photos: PreparedImage[] = [];
    if (request.isMultipart()) {
      const form = await readPhotoForm(request, reply, { datos: CREATE_FIELD_BYTES });
      if (!form.ok) return form.reply;
      try {
        body = JSON.parse(form.fields.datos ?? '');
      } catch {
        return sendApiError(reply, 400, 'Envía los datos del vehículo como JSON en el campo datos.');
      }
      if (form.uploads.length > 0) {
        const judged = await judgePhotos(reply, form.uploads);
        if (!judged.ok) return judged.reply;
        photos = judged.photos;
      }
    }
    const input = parseObject(VehicleInputSchema, body, reply, REVIEW_VEHICLE);
    if (!input.ok) return input.reply;
    let id: number;
    try {
      id = await stock.createVehicle(actor(request), input.data, {
        photos,
        publishWithoutPhotos: publishWithoutPhotos(body),
      });
    } catch (error) {
      return sendRefusal(reply, error);
    }
    reply.header('Location', `/admin/api/vehiculos/${id}`);
    return sendVehicle(reply, id, 201);
  });

  app.put<{ Params: { id: string } }>('/admin/api/vehiculos/:id', guard, async (request, reply) => {
    const id = idParam(request.params.id);
    if (id === null) return sendRefusal(reply, vehicleNotFound());
    const input = parseBody(VehicleInputSchema, request, reply, REVIEW_VEHICLE);
    if (!input.ok) return input.reply;
    return applyChange(reply, request, id, input.data, publishWithoutPhotos(request.body));
  });

  app.patch<{ Params: { id: string } }>('/admin/api/vehiculos/:id', guard, async (request, reply) => {
    const id = idParam(request.params.id);
    if (id === null) return sendRefusal(reply, vehicleNotFound());
    const input = parseBody(VehicleQuickEditSchema, request, reply, REVIEW_VEHICLE);
    if (!input.ok) return input.reply;
    const { estado, destacado } = input.data;
    return applyChange(
      reply,
      request,
      id,
      {
        ...(estado === undefined ? {} : { estado }),
        ...(destacado === undefined ? {} : { destacado }),
      },
      publishWithoutPhotos(request.body),
    );
  });

  async function applyChange(
    reply: FastifyReply,
    request: FastifyRequest,
    id: number,
    change: Parameters<StockService['updateVehicle']>[2],
    publishWithoutPhotos: boolean,
  ) {
    let cambios: string[];
    try {
      cambios = await stock.updateVehicle(actor(request), id, change, { publishWithoutPhotos });
    } catch (error) {
      return sendRefusal(reply, error);
    }
    return sendVehicle(reply, id, 200, { cambios });
  }

  app.delete<{ Params: { id: string } }>('/admin/api/vehiculos/:id', guard, async (request, reply) => {
    const id = idParam(request.params.id);
    if (id === null) return sendRefusal(reply, vehicleNotFound());
    try {
      await stock.deleteVehicle(actor(request), id);
    } catch (error) {
      return sendRefusal(reply, error);
    }
    return reply.code(204).send();
  });

  // ---------------------------------------------------------------- photos

  app.post<{ Params: { id: string } }>('/admin/api/vehiculos/:id/fotos', guard, async (request, reply) => {
    const id = idParam(request.params.id);
    if (id === null) return sendRefusal(reply, vehicleNotFound());
    if (!request.isMultipart()) {
      return sendApiError(reply, 415, 'Envía las fotos como multipart/form-data, en el campo fotos.');
    }
    const form = await readPhotoForm(request, reply);
    if (!form.ok) return form.reply;
    if (form.uploads.length === 0) {
      return sendApiError(reply, 400, REVIEW_PHOTOS, { [FIELD]: 'Elige al menos una foto.' });
    }
    const judged = await judgePhotos(reply, form.uploads);
    if (!judged.ok) return judged.reply;
    const photos = judged.photos;
    let added: number[];
    try {
      added = await stock.addPhotos(actor(request), id, photos);
    } catch (error) {
      return sendRefusal(reply, error);
    }
    return sendVehicle(reply, id, 201, { agregadas: added });
  });

  app.put<{ Params: { id: string } }>(
    '/admin/api/vehiculos/:id/fotos/orden',
    guard,
    async (request, reply) => {
      const id = idParam(request.params.id);
      if (id === null) return sendRefusal(reply, vehicleNotFound());
      const input = parseBody(PhotoOrderSchema, request, reply, 'Revisa el orden de las fotos.');
      if (!input.ok) return input.reply;
      try {
        await stock.reorderPhotos(actor(request), id, input.data.fotos);
      } catch (error) {
        return sendRefusal(reply, error);
      }
      return sendVehicle(reply, id);
    },
  );

  app.delete<{ Params: { id: string; fotoId: string } }>(
    '/admin/api/vehiculos/:id/fotos/:fotoId',
    guard,
    async (request, reply) => {
      const id = idParam(request.params.id);
      const photoId = idParam(request.params.fotoId);
      if (id === null) return sendRefusal(reply, vehicleNotFound());
      if (photoId === null) return sendApiError(reply, 404, 'La foto no existe o ya fue eliminada.');
      try {
        await stock.deletePhoto(actor(request), id, photoId);
      } catch (error) {
        return sendRefusal(reply, error);
      }
      return reply.code(204).send();
    },
  );
};
