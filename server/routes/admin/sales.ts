import { SaleInputSchema, SalesQuerySchema, SaleUndoSchema } from '@contracts/admin-sales.ts';
import type { FastifyPluginAsync } from 'fastify';
import { sendRefusal } from '../../http/refusal.ts';
import { saleOptions, salesCsv, salesReport, salesScope, vehicleSale } from '../../services/admin/sales.ts';
import { getStockVehicle } from '../../services/admin/stock-queries.ts';
import { vehicleNotFound } from '../../services/admin/stock-support.ts';
import { actor, idParam, parseBody } from './stock-http.ts';

/**
 * Sales (issue 31, ADR 0038): record one (the vehicle becomes 'vendido'), undo it (back to 'publicado'), the
 * vehicle's sale and the dialog's choices, and the report with its CSV. Both roles; what each sees is in salesScope.
 */
export const salesRoutes: FastifyPluginAsync = async (app) => {
  const { db, stock, config } = app.services;
  const guard = { preHandler: app.requireStaff() };

  app.get<{ Params: { id: string } }>('/admin/api/vehiculos/:id/venta', guard, async (request, reply) => {
    const id = idParam(request.params.id);
    if (id === null || !(await getStockVehicle(db, id, config.publicUrl)))
      return sendRefusal(reply, vehicleNotFound());
    const [venta, opciones] = await Promise.all([vehicleSale(db, id, actor(request)), saleOptions(db, id)]);
    return { venta, opciones };
  });

  app.post<{ Params: { id: string } }>('/admin/api/vehiculos/:id/venta', guard, async (request, reply) => {
    const id = idParam(request.params.id);
    if (id === null) return sendRefusal(reply, vehicleNotFound());
    const input = parseBody(SaleInputSchema, request, reply, 'Revisa los datos de la venta.');
    if (!input.ok) return input.reply;
    try {
      await stock.recordSale(actor(request), id, input.data);
    } catch (error) {
      return sendRefusal(reply, error);
    }
    return reply.code(201).send({ venta: await vehicleSale(db, id, actor(request)) });
  });

  app.post<{ Params: { id: string } }>(
    '/admin/api/vehiculos/:id/venta/deshacer',
    guard,
    async (request, reply) => {
      const id = idParam(request.params.id);
      if (id === null) return sendRefusal(reply, vehicleNotFound());
      const input = parseBody(SaleUndoSchema, request, reply, 'Revisa el motivo.');
      if (!input.ok) return input.reply;
      try {
        await stock.undoSale(actor(request), id, input.data.motivo);
      } catch (error) {
        return sendRefusal(reply, error);
      }
      return { ok: true };
    },
  );

  app.get('/admin/api/ventas', guard, async (request) =>
    salesReport(db, SalesQuerySchema.parse(request.query ?? {}), salesScope(actor(request))),
  );

  app.get('/admin/api/ventas.csv', guard, async (request, reply) => {
    const report = await salesReport(
      db,
      SalesQuerySchema.parse(request.query ?? {}),
      salesScope(actor(request)),
    );
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="ventas-${report.desde}-a-${report.hasta}.csv"`)
      .send(salesCsv(report));
  });
};
