import {
  SettingsRestoreSchema,
  SettingsSaveSchema,
  settingsFieldErrors,
  settingsRefusal,
  zodSpanish,
} from '@contracts/admin-settings.ts';
import { STOCK_PHOTO_LIMITS } from '@contracts/admin-stock.ts';
import { dbIdFromText } from '@contracts/db-id.ts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { sendApiError, sendBusy } from '../../http/api-error.ts';
import { sendRefusal } from '../../http/refusal.ts';
import { DecodeBusyError } from '../../services/images/decode-gate.ts';
import { ImageRejectedError, prepareImage } from '../../services/images/ingest-image.ts';
import {
  listSettingsVersions,
  loadSettingsEditor,
  restoreSettings,
  type SavedSettings,
  saveSettings,
  storeSitePhoto,
} from '../../services/settings/site-settings.ts';
import { staffOf } from './staff.ts';

/** The site settings (ADR 0025): admins only. Every save or restore is a new version, audited. */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  const { catalogue, config, db } = app.services;
  const adminOnly = { preHandler: app.requireStaff('admin') };

  const answer = async (saved: SavedSettings) => {
    // The pages, feeds and e-mails read the settings from the catalogue snapshot: drop it here, and on every other
    // instance through the catalogue's own announcement.
    catalogue.invalidate();
    return {
      version: saved.version,
      datos: saved.data,
      versiones: await listSettingsVersions(db),
      // The privacy policy version in force after the change, and whether this change published it (ADR 0031).
      politica: saved.policy ? { version: saved.policy.version, publicada: saved.policy.published } : null,
    };
  };

  const MB = Math.round(STOCK_PHOTO_LIMITS.maxBytes / 1024 / 1024);

  // One photo per request (a slide's), with the stock photos' size limit.
  await app.register(multipart, {
    limits: { fileSize: STOCK_PHOTO_LIMITS.maxBytes, files: 1, fields: 0, parts: 1, headerPairs: 200 },
  });

  app.post('/admin/api/sitio/fotos', adminOnly, async (request, reply) => {
    const review = (message: string, status: 400 | 413 = 400) =>
      sendApiError(reply, status, 'Revisa la foto.', { foto: message });
    if (!request.isMultipart()) {
      return sendApiError(reply, 415, 'Envía la foto como multipart/form-data, en el campo foto.');
    }
    let data: Buffer | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'foto') {
          await part.toBuffer();
          return review('La foto debe enviarse en el campo foto.');
        }
        data = await part.toBuffer();
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') return review(`La foto pesa más de ${MB} MB.`, 413);
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
        return review('Sube una sola foto a la vez.');
      if (code?.startsWith('FST_')) throw error;
      return sendApiError(reply, 400, 'No se pudo leer el formulario enviado. Inténtalo nuevamente.');
    }
    if (!data) return review('Elige una foto.');
    try {
      const foto = await storeSitePhoto(db, await prepareImage(data));
      return reply.code(201).send({ foto });
    } catch (error) {
      if (error instanceof ImageRejectedError) return review(error.message);
      if (error instanceof DecodeBusyError) return sendBusy(reply, error.message, error.retryAfter);
      throw error;
    }
  });

  app.get('/admin/api/sitio', adminOnly, async () => {
    const { version, data, versions } = await loadSettingsEditor(db, config.dealership);
    return { version, datos: data, versiones: versions };
  });

  app.put('/admin/api/sitio', adminOnly, async (request, reply) => {
    const parsed = SettingsSaveSchema.safeParse(request.body, { error: zodSpanish });
    if (!parsed.success) {
      const { _: whole, ...campos } = settingsFieldErrors(parsed.error);
      return sendApiError(reply, 400, whole ?? settingsRefusal(parsed.error), campos);
    }
    try {
      const saved = await saveSettings(
        db,
        staffOf(request),
        config.dealership,
        parsed.data.datos,
        parsed.data.version,
      );
      return await answer(saved);
    } catch (error) {
      return sendRefusal(reply, error);
    }
  });

  app.post<{ Params: { version: string } }>(
    '/admin/api/sitio/versiones/:version/restaurar',
    adminOnly,
    async (request, reply) => {
      const version = dbIdFromText(request.params.version);
      if (version === null) return sendApiError(reply, 404, 'Esa versión de la configuración no existe.');
      const parsed = SettingsRestoreSchema.safeParse(request.body);
      if (!parsed.success) return sendApiError(reply, 400, 'Indica la versión que estabas viendo.');
      try {
        const restored = await restoreSettings(
          db,
          staffOf(request),
          config.dealership,
          version,
          parsed.data.version,
        );
        return await answer(restored);
      } catch (error) {
        return sendRefusal(reply, error);
      }
    },
  );
};
