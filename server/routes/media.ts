import type { VariantFormat } from '@domain/media.ts';
import type { FastifyPluginAsync } from 'fastify';
import { sendApiError } from '../http/api-error.ts';

const FILE_PATTERN = /^(\d{2,4})\.(avif|webp|jpg)$/;
const HASH_PATTERN = /^[0-9a-f]{32}$/;
const EXTENSION_FORMAT: Record<string, VariantFormat> = { avif: 'avif', webp: 'webp', jpg: 'jpeg' };

/** `/media/{hash}/{width}.{ext}`: content-addressed, so every response may be cached forever. */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { hash: string; file: string } }>('/media/:hash/:file', async (request, reply) => {
    const { hash, file } = request.params;
    const match = FILE_PATTERN.exec(file);
    const format = match ? EXTENSION_FORMAT[match[2] ?? ''] : undefined;
    if (!HASH_PATTERN.test(hash) || !match || !format || !(await app.services.variants.isPublicImage(hash)))
      return sendApiError(reply, 404, 'Imagen no encontrada.');
    const variant = await app.services.variants.get(hash, Number(match[1]), format);
    if (!variant) return sendApiError(reply, 404, 'Imagen no encontrada.');
    return reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', `"${hash}-${file}"`)
      .type(variant.mime)
      .send(variant.data);
  });
};
