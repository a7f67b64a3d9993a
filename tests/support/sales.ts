// Selling a vehicle as the back office does (ADR 0038): the sale's own call, today, at its price, by the caller.
import { chileDayKey } from '@domain/chile-time.ts';
import type { FastifyInstance } from 'fastify';
import { callAs, type SignedInStaff } from './staff.ts';

export function sellAs(app: FastifyInstance, staff: SignedInStaff, vehicleId: number, price = 10_000_000) {
  return callAs(app, 'POST', `/admin/api/vehiculos/${vehicleId}/venta`, staff, {
    fecha: chileDayKey(new Date()),
    precio: price,
    vendedor: staff.id,
  });
}

export function undoSaleAs(app: FastifyInstance, staff: SignedInStaff, vehicleId: number) {
  return callAs(app, 'POST', `/admin/api/vehiculos/${vehicleId}/venta/deshacer`, staff, {});
}
