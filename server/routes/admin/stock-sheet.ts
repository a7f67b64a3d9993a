import { STOCK_SHEET_LIMITS } from '@contracts/admin-stock-sheet.ts';
import { chileDayKey } from '@domain/chile-time.ts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiError } from '../../http/api-error.ts';
import { sendRefusal } from '../../http/refusal.ts';
import {
  previewStockImport,
  type SheetFormat,
  sheetFile,
  stockSheetRows,
  TEMPLATE_EXAMPLE,
  type UploadedSheet,
} from '../../services/admin/stock-sheet.ts';
import { actor } from './stock-http.ts';

const L = STOCK_SHEET_LIMITS;
const MB = L.maxBytes / (1024 * 1024);
const TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

interface SheetForm {
  file: UploadedSheet;
  fields: Record<string, string>;
}

/**
 * The stock spreadsheet (ADR 0024), for both roles: the template, the export of the whole stock, the preview of an
 * upload and its import. The import re-sends the file with the preview's fingerprint; nothing is kept between them.
 */
export const stockSheetRoutes: FastifyPluginAsync = async (app) => {
  const { db, stock } = app.services;
  const guard = { preHandler: app.requireStaff() };

  await app.register(multipart, {
    // `aplicar` lists up to every row of a file: 2,000 numbers of up to 6 digits and their commas.
    limits: {
      fileSize: L.maxBytes,
      files: 1,
      fields: 5,
      fieldSize: L.maxRows * 7,
      parts: 6,
      headerPairs: 100,
    },
  });

  /**
   * The one file and the small fields of the form, or null when a refusal has been sent. (Not the reply itself: a
   * reply is a thenable, so awaiting it would wait for the answer to finish and yield undefined.)
   */
  async function readForm(request: FastifyRequest, reply: FastifyReply): Promise<SheetForm | null> {
    const refuse = (status: number, message: string) => {
      sendApiError(reply, status, message);
      return null;
    };
    if (!request.isMultipart()) {
      return refuse(415, `Envía el archivo como multipart/form-data, en el campo ${L.field}.`);
    }
    const fields: Record<string, string> = {};
    let file: UploadedSheet | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.valueTruncated) return refuse(400, 'Un campo del formulario es demasiado largo.');
          fields[part.fieldname] = String(part.value);
          continue;
        }
        const bytes = await part.toBuffer();
        if (part.fieldname === L.field && !file) file = { name: part.filename || 'archivo', bytes };
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        return refuse(413, `El archivo pesa más de ${MB} MB. Divídelo en archivos más pequeños.`);
      }
      if (code?.startsWith('FST_')) {
        return refuse(400, 'Envía un solo archivo, .xlsx o .csv.');
      }
      return refuse(400, 'No se pudo leer el formulario enviado. Inténtalo nuevamente.');
    }
    if (!file) return refuse(400, 'Elige un archivo .xlsx o .csv.');
    return { file, fields };
  }

  const yes = (value: string | undefined) => value === '1' || value === 'true' || value === 'on';

  app.post('/admin/api/planilla-stock/vista-previa', guard, async (request, reply) => {
    const form = await readForm(request, reply);
    if (!form) return reply;
    try {
      return await previewStockImport(db, form.file, yes(form.fields.crearMarcas));
    } catch (error) {
      return sendRefusal(reply, error);
    }
  });

  app.post('/admin/api/planilla-stock/importar', guard, async (request, reply) => {
    const form = await readForm(request, reply);
    if (!form) return reply;
    const huella = form.fields.huella ?? '';
    if (!/^[\w-]{20,100}$/.test(huella)) {
      return sendApiError(reply, 400, 'Revisa la vista previa antes de importar (falta su huella).');
    }
    // The row numbers, among those the preview marked as older, that the person kept (ADR 0040).
    const aplicar = form.fields[L.applyField] ?? '';
    if (!/^(?:\d{1,6}(?:,\d{1,6}){0,1999})?$/.test(aplicar)) {
      return sendApiError(
        reply,
        400,
        'Indica las filas que quieres aplicar con sus números separados por comas, como las da la vista previa.',
      );
    }
    try {
      const resultado = await stock.importSheet(
        actor(request),
        form.file,
        yes(form.fields.crearMarcas),
        huella,
        new Set(aplicar === '' ? [] : aplicar.split(',').map(Number)),
      );
      return { resultado };
    } catch (error) {
      return sendRefusal(reply, error);
    }
  });

  async function sendSheet(
    reply: FastifyReply,
    rows: (string | number)[][],
    name: string,
    format: SheetFormat,
  ) {
    return reply
      .type(TYPES[format])
      .header('Content-Disposition', `attachment; filename="${name}.${format}"`)
      .send(await sheetFile(rows, format));
  }

  app.get<{ Params: { formato: string } }>(
    '/admin/api/planilla-stock/plantilla.:formato',
    guard,
    async (request, reply) => {
      const format = request.params.formato;
      if (format !== 'csv' && format !== 'xlsx')
        return sendApiError(reply, 404, 'Formato desconocido: usa .xlsx o .csv.');
      return sendSheet(reply, [TEMPLATE_EXAMPLE], 'plantilla-stock', format);
    },
  );

  app.get<{ Params: { formato: string } }>(
    '/admin/api/planilla-stock/stock.:formato',
    guard,
    async (request, reply) => {
      const format = request.params.formato;
      if (format !== 'csv' && format !== 'xlsx')
        return sendApiError(reply, 404, 'Formato desconocido: usa .xlsx o .csv.');
      return sendSheet(reply, await stockSheetRows(db), `stock-${chileDayKey(new Date())}`, format);
    },
  );
};
