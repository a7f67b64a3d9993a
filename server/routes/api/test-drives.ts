import { dbIdFromText } from '@contracts/db-id.ts';
import { leads } from '@db/schema.ts';
import { dayLabel, openSlots, slotTime } from '@domain/test-drive.ts';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { sendApiError } from '../../http/api-error.ts';
import { slotUse } from '../../services/leads/test-drive-booking.ts';
import { testDriveCalendar, validCalendarToken } from '../../services/leads/test-drive-calendar.ts';
import { chileHolidays } from '../../services/rights/chile-holidays.ts';

const validId = (value: unknown): value is string => dbIdFromText(value) !== null;

/**
 * The test drive's reads (ADR 0020): the free slots of a vehicle, and a booked test drive's calendar file. Booking
 * is POST /api/prueba-de-manejo/, one of the lead endpoints (routes/api/leads.ts).
 */
export const testDriveRoutes: FastifyPluginAsync = async (app) => {
  const { catalogue, config, db } = app.services;

  app.get<{ Querystring: { vehiculo?: unknown } }>(
    '/api/prueba-de-manejo/horarios/',
    async (request, reply) => {
      const raw = request.query.vehiculo;
      if (!validId(raw)) {
        return sendApiError(reply, 400, 'Indica el vehículo con su número, por ejemplo ?vehiculo=7.', {
          vehiculo: 'El vehículo indicado no es válido.',
        });
      }
      const vehicleId = Number(raw);
      const snapshot = await catalogue.snapshot();
      if (!snapshot.byId.has(vehicleId)) {
        return sendApiError(reply, 404, 'El vehículo indicado no existe o ya no está disponible.', {
          vehiculo: 'El vehículo indicado no existe o ya no está disponible.',
        });
      }
      const { schedule, testDrives } = snapshot.settings.data;
      const days = openSlots(new Date(), { schedule, isHoliday: await chileHolidays() }, testDrives);
      const first = days[0]?.slots[0];
      const last = days.at(-1)?.slots.at(-1);
      const use = first && last ? await slotUse(db, first, new Date(last.getTime() + 1)) : new Map();
      const dias = days
        .map(({ day, slots }) => ({
          fecha: day,
          etiqueta: dayLabel(day),
          horarios: slots
            .filter((slot) => {
              const taken = use.get(slot.getTime());
              return !taken || (taken.count < testDrives.slotCapacity && !taken.vehicles.has(vehicleId));
            })
            .map((slot) => ({ inicio: slot.toISOString(), hora: slotTime(slot) })),
        }))
        .filter((day) => day.horarios.length > 0);
      reply.header('Cache-Control', 'no-store');
      return { vehiculo: vehicleId, dias };
    },
  );

  app.get<{ Params: { id: string }; Querystring: { t?: unknown } }>(
    '/api/prueba-de-manejo/:id/calendario.ics',
    async (request, reply) => {
      const { id } = request.params;
      const notFound = () => sendApiError(reply, 404, 'No encontramos esa prueba de manejo.');
      if (!validId(id) || !validCalendarToken(Number(id), request.query.t, config.sessionSecret))
        return notFound();
      const [lead] = await db
        .select({ id: leads.id, at: leads.testDriveAt, vehicleId: leads.vehicleId })
        .from(leads)
        .where(and(eq(leads.id, Number(id)), eq(leads.kind, 'prueba')));
      if (!lead?.at) return notFound();
      const vehicle =
        lead.vehicleId === null
          ? null
          : ((await catalogue.snapshot()).byId.get(lead.vehicleId) ??
            (await catalogue.soldVehicle(lead.vehicleId)));
      const body = testDriveCalendar({
        id: lead.id,
        start: new Date(lead.at),
        vehicleName: vehicle ? `${vehicle.brand.nombre} ${vehicle.model} ${vehicle.year}` : null,
        dealership: await catalogue.dealership(),
        publicUrl: config.publicUrl,
        vehicleUrl: vehicle ? `${config.publicUrl}/vehicles/${vehicle.id}` : null,
      });
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="prueba-de-manejo-${lead.id}.ics"`)
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  );
};
