// The places of a test-drive slot (ADR 0020). A booking locks the slot's row, then counts the test drives already in
// it, inside the lead's own transaction: bookings of one slot, on any instance, count one after the other, so the
// last place goes to exactly one of them. A discarded test drive no longer counts, which frees its place.

import type { Db } from '@db/client.ts';
import { leads, testDriveSlots } from '@db/schema.ts';
import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const SLOT_FULL = 'Ese horario ya no tiene cupo: alguien lo acaba de tomar. Elige otro horario.';
export const VEHICLE_TAKEN = 'Este vehículo ya tiene una prueba de manejo a esa hora. Elige otro horario.';
export const ALREADY_BOOKED = 'Ya tienes una prueba de manejo agendada a esa hora.';

/** Null when the place is taken by the caller's insert that follows; otherwise why it cannot be. */
export async function claimTestDrivePlace(
  tx: Tx,
  booking: { at: Date; capacity: number; vehicleId: number | null; email: string },
): Promise<string | null> {
  await tx.insert(testDriveSlots).values({ startsAt: booking.at }).onConflictDoNothing();
  // Waits for any other booking of this slot to commit; the count below then sees its test drive.
  await tx
    .select({ startsAt: testDriveSlots.startsAt })
    .from(testDriveSlots)
    .where(eq(testDriveSlots.startsAt, booking.at))
    .for('update');
  const booked = await tx
    .select({ vehicleId: leads.vehicleId, email: leads.email })
    .from(leads)
    .where(and(eq(leads.kind, 'prueba'), eq(leads.testDriveAt, booking.at), ne(leads.status, 'descartado')));
  const email = booking.email.toLowerCase();
  if (booked.some((row) => row.email.toLowerCase() === email)) return ALREADY_BOOKED;
  if (booked.length >= booking.capacity) return SLOT_FULL;
  if (booking.vehicleId !== null && booked.some((row) => row.vehicleId === booking.vehicleId))
    return VEHICLE_TAKEN;
  return null;
}

/** The test drives that hold a place (not discarded) and start between two instants: what the slots and the
 * dashboard count. */
export const heldTestDrivesBetween = (from: Date, to: Date) =>
  and(
    eq(leads.kind, 'prueba'),
    gte(leads.testDriveAt, from),
    lt(leads.testDriveAt, to),
    ne(leads.status, 'descartado'),
  );

export interface SlotUse {
  count: number;
  vehicles: Set<number>;
}

/** How full each slot between two instants is: test drives not discarded, and the vehicles they are of. */
export async function slotUse(db: Db, from: Date, to: Date): Promise<Map<number, SlotUse>> {
  const rows = await db
    .select({ at: leads.testDriveAt, vehicleId: leads.vehicleId, count: sql<number>`count(*)::int` })
    .from(leads)
    .where(heldTestDrivesBetween(from, to))
    .groupBy(leads.testDriveAt, leads.vehicleId);
  const use = new Map<number, SlotUse>();
  for (const row of rows) {
    if (!row.at) continue;
    const key = new Date(row.at).getTime();
    const entry = use.get(key) ?? { count: 0, vehicles: new Set<number>() };
    entry.count += row.count;
    if (row.vehicleId !== null) entry.vehicles.add(row.vehicleId);
    use.set(key, entry);
  }
  return use;
}
