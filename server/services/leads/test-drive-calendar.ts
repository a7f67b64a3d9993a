// The visitor's calendar file for a booked test drive (ADR 0020): an iCalendar event in UTC, at the dealership's
// address, with a UID that stays the same however often it is downloaded, so a calendar updates the event instead
// of adding a second one. Its address carries a keyed token: ids are sequential, the token is not guessable.

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Dealership } from '@contracts/dealership.ts';
import { SLOT_MINUTES } from '@domain/test-drive.ts';
import { createEvent } from 'ics';

export const calendarToken = (id: number, secret: string) =>
  createHmac('sha256', secret).update(`prueba-de-manejo:${id}`).digest('base64url').slice(0, 32);

export const calendarPath = (id: number, secret: string) =>
  `/api/prueba-de-manejo/${id}/calendario.ics?t=${calendarToken(id, secret)}`;

export function validCalendarToken(id: number, token: unknown, secret: string): boolean {
  if (typeof token !== 'string' || token.length !== 32) return false;
  return timingSafeEqual(Buffer.from(token), Buffer.from(calendarToken(id, secret)));
}

export interface CalendarEventInput {
  id: number;
  start: Date;
  vehicleName: string | null;
  dealership: Pick<Dealership, 'name' | 'addresses' | 'phones'>;
  publicUrl: string;
  vehicleUrl: string | null;
}

/** The .ics text, or throws when the library refuses the event (it never should for these inputs). */
export function testDriveCalendar(input: CalendarEventInput): string {
  const { dealership } = input;
  const address = dealership.addresses[0];
  const location = address ? `${address.street}, ${address.commune}, ${address.city}, Chile` : undefined;
  const title = `Prueba de manejo${input.vehicleName ? `: ${input.vehicleName}` : ''} — ${dealership.name}`;
  const phone = dealership.phones[0];
  const host = new URL(input.publicUrl).host;
  const { error, value } = createEvent({
    uid: `prueba-de-manejo-${input.id}@${host}`,
    title,
    start: input.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: SLOT_MINUTES },
    location,
    description: [
      `Tu prueba de manejo en ${dealership.name}${address ? `, ${address.label}` : ''}.`,
      phone ? `Si necesitas cambiarla, llámanos al ${phone.display}.` : '',
      input.vehicleUrl ?? '',
    ]
      .filter(Boolean)
      .join('\n'),
    url: input.vehicleUrl ?? undefined,
    organizer: { name: dealership.name },
    productId: host,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('ics: empty calendar');
  return value;
}
