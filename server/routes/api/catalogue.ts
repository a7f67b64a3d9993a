import { dbIdFromText } from '@contracts/db-id.ts';
import type { FastifyPluginAsync } from 'fastify';
import { sendApiError } from '../../http/api-error.ts';
import { sendCachedJson } from '../../http/cached-json.ts';
import { toApiVehicle, toVehicleSummary } from '../../services/catalogue/to-api.ts';

// A Map, not an object literal: `destacado=constructor` must not find Object.prototype's members.
const BOOLEAN_VALUES = new Map([
  ['true', true],
  ['false', false],
  ['1', true],
  ['0', false],
]);

/** The read-only catalogue of docs/api.md, in the exact shapes of docs/api.md. */
export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  const { catalogue, config } = app.services;
  const base = config.publicUrl;

  app.get<{ Querystring: { destacado?: string | string[] } }>('/api/vehiculos/', async (request, reply) => {
    const raw = request.query.destacado;
    // A repeated parameter arrives as an array: refused like any other value that is not true or false.
    const featured = typeof raw === 'string' ? BOOLEAN_VALUES.get(raw.toLowerCase()) : undefined;
    if (raw !== undefined && featured === undefined) {
      return sendApiError(reply, 400, 'El parámetro destacado debe ser true o false.', {
        destacado: 'Usa true o false.',
      });
    }
    const cached = await catalogue.json(`vehiculos:${featured ?? 'all'}`, ({ vehicles }) =>
      vehicles
        .filter((v) => featured === undefined || v.featured === featured)
        .map((v) => toApiVehicle(v, base)),
    );
    return sendCachedJson(request, reply, cached);
  });

  app.get<{ Params: { id: string } }>('/api/vehiculos/:id/', async (request, reply) => {
    const { id } = request.params;
    if (dbIdFromText(id) === null) {
      return sendApiError(reply, 400, 'El identificador del vehículo debe ser un número entero positivo.');
    }
    const snapshot = await catalogue.snapshot();
    const record = snapshot.byId.get(Number(id));
    if (!record) return sendApiError(reply, 404, 'Vehículo no encontrado.');
    const cached = await catalogue.json(`vehiculo:${id}`, () => toApiVehicle(record, base));
    return sendCachedJson(request, reply, cached);
  });

  app.get('/api/vehiculos-resumen/', async (request, reply) => {
    const cached = await catalogue.json('resumen', ({ vehicles }) =>
      vehicles.map((v) => toVehicleSummary(v, base)),
    );
    return sendCachedJson(request, reply, cached);
  });

  const lookup = (path: string, key: 'brands' | 'bodyTypes' | 'fuels' | 'transmissions') =>
    app.get(path, async (request, reply) =>
      sendCachedJson(request, reply, await catalogue.json(`lookup:${key}`, ({ lookups }) => lookups[key])),
    );
  lookup('/api/marcas/', 'brands');
  lookup('/api/tipovehiculo/', 'bodyTypes');
  lookup('/api/combustibles/', 'fuels');
  lookup('/api/transmision/', 'transmissions');
};
