import { LOOKUP_KINDS, type LookupKind, LookupNameSchema } from '@contracts/admin-lookups.ts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sendApiError } from '../../http/api-error.ts';
import { sendRefusal } from '../../http/refusal.ts';
import { listAllLookups, listLookup } from '../../services/admin/lookups.ts';
import { actor, idParam, parseBody } from './stock-http.ts';

type Params = { tipo: string; id?: string };

const isKind = (value: string): value is LookupKind => (LOOKUP_KINDS as readonly string[]).includes(value);

const unknownList = (reply: FastifyReply) =>
  sendApiError(
    reply,
    404,
    'Esa lista no existe. Las listas son marcas, tipos, combustibles, transmisiones y caracteristicas.',
  );

/**
 * The lookup lists of the back office (brands, body types, fuels, transmissions, features). Names are unique; one
 * a vehicle uses cannot be deleted. Renames reach the public site at once (stock-service.ts empties the catalogue).
 */
export const lookupsRoutes: FastifyPluginAsync = async (app) => {
  const { db, stock } = app.services;
  const guard = { preHandler: app.requireStaff() };

  app.get('/admin/api/listas', guard, async () => ({ listas: await listAllLookups(db) }));

  app.get<{ Params: Params }>('/admin/api/listas/:tipo', guard, async (request, reply) => {
    const { tipo } = request.params;
    if (!isKind(tipo)) return unknownList(reply);
    return { items: await listLookup(db, tipo) };
  });

  app.post<{ Params: Params }>('/admin/api/listas/:tipo', guard, async (request, reply) => {
    const { tipo } = request.params;
    if (!isKind(tipo)) return unknownList(reply);
    const input = parseBody(LookupNameSchema, request, reply, 'Revisa el nombre.');
    if (!input.ok) return input.reply;
    try {
      const item = await stock.createLookup(actor(request), tipo, input.data.nombre);
      return reply.code(201).send({ item });
    } catch (error) {
      return sendRefusal(reply, error);
    }
  });

  app.put<{ Params: Params }>('/admin/api/listas/:tipo/:id', guard, async (request, reply) => {
    const { tipo } = request.params;
    if (!isKind(tipo)) return unknownList(reply);
    const id = idParam(request.params.id);
    if (id === null) return sendApiError(reply, 404, 'Ese elemento de la lista no existe.');
    const input = parseBody(LookupNameSchema, request, reply, 'Revisa el nombre.');
    if (!input.ok) return input.reply;
    try {
      await stock.renameLookup(actor(request), tipo, id, input.data.nombre);
    } catch (error) {
      return sendRefusal(reply, error);
    }
    const item = (await listLookup(db, tipo)).find((entry) => entry.id === id);
    return { item };
  });

  app.delete<{ Params: Params }>('/admin/api/listas/:tipo/:id', guard, async (request, reply) => {
    const { tipo } = request.params;
    if (!isKind(tipo)) return unknownList(reply);
    const id = idParam(request.params.id);
    if (id === null) return sendApiError(reply, 404, 'Ese elemento de la lista no existe.');
    try {
      await stock.deleteLookup(actor(request), tipo, id);
    } catch (error) {
      return sendRefusal(reply, error);
    }
    return reply.code(204).send();
  });
};
