// The visitor's calendar file for a booked test drive (ADR 0020): an iCalendar event (RFC 5545) at the dealership's
// address, with a UID that stays the same however often it is downloaded, so a calendar updates the event instead
// of adding a second one. Its address carries a keyed token: ids are sequential, the token is not guessable.
//
// Times are in UTC ('…Z'), not in a TZID with a VTIMEZONE: a single event needs no zone rules, every calendar app
// reads UTC alike and shows it in the phone's zone, while a VTIMEZONE for America/Santiago would be rules copied
// into the file that Chile changes by decree (an outdated copy moves the hour). The description says the hour in
// Chile's time in words. STATUS is TENTATIVE: the page tells the visitor that staff will call to confirm.

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Dealership } from '@contracts/dealership.ts';
import { SLOT_MINUTES, slotLabel } from '@domain/test-drive.ts';
import { createEvent, type EventAttributes } from 'ics';

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
  dealership: Pick<Dealership, 'name' | 'email' | 'addresses' | 'phones'>;
  publicUrl: string;
  vehicleUrl: string | null;
}

/** Control characters (other than a line break) have no place in a calendar's text: a space instead. */
export const calendarText = (text: string) =>
  text.replace(/\r\n?/g, '\n').replace(/\p{Cc}/gu, (char) => (char === '\n' ? char : ' '));

/**
 * Lines folded at 75 octets (RFC 5545 §3.1). `ics` folds at 75 characters, and an accented letter is two octets in
 * UTF-8, so its lines are unfolded and folded again, never inside a character.
 */
export function foldOctets(ics: string): string {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  return lines
    .map((line) => {
      const parts: string[] = [];
      let part = '';
      let octets = 0;
      for (const char of line) {
        const size = Buffer.byteLength(char);
        // The first line holds 75 octets; a continuation's leading space is one of its 75.
        if (octets + size > (parts.length === 0 ? 75 : 74)) {
          parts.push(part);
          part = '';
          octets = 0;
        }
        part += char;
        octets += size;
      }
      parts.push(part);
      return parts.join('\r\n ');
    })
    .join('\r\n');
}

/** The .ics text, or throws when the library refuses the event (it never should for these inputs). */
export function testDriveCalendar(input: CalendarEventInput): string {
  const { dealership } = input;
  const address = dealership.addresses[0];
  const location = address ? `${address.street}, ${address.commune}, ${address.city}, Chile` : undefined;
  const title = `Prueba de manejo${input.vehicleName ? `: ${input.vehicleName}` : ''} — ${dealership.name}`;
  const phone = dealership.phones[0];
  const host = new URL(input.publicUrl).host;
  const event = {
    uid: `prueba-de-manejo-${input.id}@${host}`,
    title: calendarText(title),
    start: input.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: SLOT_MINUTES },
    location: location && calendarText(location),
    description: calendarText(
      [
        `Tu prueba de manejo en ${dealership.name}${address ? `, ${address.label}` : ''}: ${slotLabel(input.start)} (hora de Chile).`,
        'Te contactaremos para confirmarla.',
        phone ? `Si necesitas cambiarla, llámanos al ${phone.display}.` : '',
        input.vehicleUrl ?? '',
      ]
        .filter(Boolean)
        .join('\n'),
    ),
    url: input.vehicleUrl ?? undefined,
    // A quoted parameter value cannot hold a double quote (RFC 5545 §3.2).
    organizer: { name: calendarText(dealership.name).replace(/"/g, "'"), email: dealership.email },
    productId: `-//${host}//Prueba de manejo//ES`,
    status: 'TENTATIVE',
    busyStatus: 'BUSY',
  } satisfies EventAttributes;
  let { error, value } = createEvent(event);
  // An address the library's own check refuses leaves the event without an organizer, never without a file.
  if (error) ({ error, value } = createEvent({ ...event, organizer: undefined }));
  if (error || !value) throw error ?? new Error('ics: empty calendar');
  return foldOctets(value);
}
