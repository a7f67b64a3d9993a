// The test drive's calendar file (server/services/leads/test-drive-calendar.ts) read back by a library's RFC 5545
// parser, ical.js (Mozilla's, as Thunderbird reads calendars): a file it refuses is a file strict calendar apps refuse.
import { slotLabel } from '@domain/test-drive.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import {
  type CalendarEventInput,
  calendarText,
  testDriveCalendar,
} from '@server/services/leads/test-drive-calendar.ts';
import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';

const START = new Date('2026-11-26T13:30:00Z'); // a Thursday, 10:30 in Santiago (summer time, UTC−3)

const input = (overrides: Partial<CalendarEventInput> = {}): CalendarEventInput => ({
  id: 42,
  start: START,
  vehicleName: 'Mazda CX-5 2022',
  dealership: defaultDealership,
  publicUrl: 'https://autos.example.cl',
  vehicleUrl: 'https://autos.example.cl/vehicles/7',
  ...overrides,
});

function event(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

/** Every line ends with CRLF and holds at most 75 octets (RFC 5545 §3.1). */
function expectContentLines(ics: string) {
  expect(ics.endsWith('\r\n')).toBe(true);
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
}

describe('testDriveCalendar', () => {
  it("parses as RFC 5545: a tentative 30-minute event in UTC, organised by the dealership's e-mail", () => {
    const ics = testDriveCalendar(input());
    expectContentLines(ics);
    const { calendar, vevent, event: parsed } = event(ics);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//autos.example.cl//Prueba de manejo//ES');
    expect(vevent.getFirstPropertyValue('status')).toBe('TENTATIVE');
    const organizer = vevent.getFirstProperty('organizer');
    expect(organizer?.getFirstValue()).toBe(`MAILTO:${defaultDealership.email}`);
    expect(organizer?.getParameter('cn')).toBe(defaultDealership.name);
    expect(parsed.uid).toBe('prueba-de-manejo-42@autos.example.cl');
    expect(parsed.startDate.zone?.tzid).toBe('UTC');
    expect(parsed.startDate.toJSDate().toISOString()).toBe(START.toISOString());
    expect(parsed.endDate.toJSDate().getTime() - START.getTime()).toBe(30 * 60_000);
    expect(parsed.summary).toBe(`Prueba de manejo: Mazda CX-5 2022 — ${defaultDealership.name}`);
    expect(parsed.description).toContain(`${slotLabel(START)} (hora de Chile)`);
    expect(parsed.description).toContain('Te contactaremos para confirmarla.');
    const address = defaultDealership.addresses[0];
    expect(parsed.location).toBe(`${address?.street}, ${address?.commune}, ${address?.city}, Chile`);
    // A stamp is required of every VEVENT; the parser would read a missing one as null.
    expect(vevent.getFirstPropertyValue('dtstamp')).not.toBeNull();
  });

  it('folds long lines of accented text at 75 octets, never inside a letter', () => {
    const vehicleName = 'Peugeot 3008 GT Edición Límite Año Único Señorial Pequeña Camión Ñandú'.repeat(3);
    const ics = testDriveCalendar(input({ vehicleName }));
    expectContentLines(ics);
    expect(ics).toMatch(/\r\n /); // folded, with a space (continuation)
    expect(event(ics).event.summary).toBe(`Prueba de manejo: ${vehicleName} — ${defaultDealership.name}`);
  });

  it('turns control characters into spaces and keeps line breaks', () => {
    expect(calendarText('a\u0000b\tc\r\nd\re\u007ff\u0085g')).toBe('a b c\nd\ne f g');
  });

  it('keeps any name intact through escaping, and its quotes out of the organizer parameter', () => {
    const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 120 });
    fc.assert(
      fc.property(text, text, (vehicleName, name) => {
        const ics = testDriveCalendar(input({ vehicleName, dealership: { ...defaultDealership, name } }));
        expectContentLines(ics);
        const { vevent, event: parsed } = event(ics);
        // Control characters become spaces (calendarText); everything else (commas, semicolons, backslashes,
        // quotes, line breaks) survives.
        expect(parsed.summary).toBe(calendarText(`Prueba de manejo: ${vehicleName} — ${name}`));
        expect(vevent.getFirstProperty('organizer')?.getParameter('cn')).toBe(
          calendarText(name).replace(/"/g, "'"),
        );
      }),
    );
  });
});
