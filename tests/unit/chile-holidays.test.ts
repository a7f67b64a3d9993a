// Chile's public holidays of 2026 and 2027 as the laws fix them (ADR 0041), against the calendar the opening hours,
// the quotation's business days and the rights clocks read (date-holidays with Sábado Santo added). A release of the
// package that moves or drops one fails here, before a test drive is offered on a holiday.

import { daySlots } from '@domain/test-drive.ts';
import { defaultDealership } from '@server/config/default-dealership.ts';
import { chileHolidayList, chileHolidays } from '@server/services/rights/chile-holidays.ts';
import { describe, expect, it } from 'vitest';

/** Each day with the rule that makes it a holiday (ADR 0041 cites the laws). */
const LEGAL: Array<[day: string, why: string]> = [
  ['2026-01-01', 'Año Nuevo'],
  ['2026-04-03', 'Viernes Santo'],
  ['2026-04-04', 'Sábado Santo'],
  ['2026-04-05', 'Domingo de Pascua (un domingo)'],
  ['2026-05-01', 'Día del Trabajo'],
  ['2026-05-21', 'Glorias Navales'],
  ['2026-06-21', 'Pueblos Indígenas: el solsticio de invierno, domingo 21'],
  ['2026-06-29', 'San Pedro y San Pablo: lunes 29, se queda'],
  ['2026-07-16', 'Virgen del Carmen'],
  ['2026-08-15', 'Asunción de la Virgen'],
  ['2026-09-18', 'Independencia'],
  ['2026-09-19', 'Glorias del Ejército'],
  ['2026-10-12', 'Encuentro de Dos Mundos: lunes 12, se queda'],
  ['2026-10-31', 'Iglesias Evangélicas y Protestantes: sábado, se queda'],
  ['2026-11-01', 'Todos los Santos'],
  ['2026-12-08', 'Inmaculada Concepción'],
  ['2026-12-25', 'Navidad'],
  ['2027-01-01', 'Año Nuevo'],
  ['2027-03-26', 'Viernes Santo'],
  ['2027-03-27', 'Sábado Santo'],
  ['2027-03-28', 'Domingo de Pascua (un domingo)'],
  ['2027-05-01', 'Día del Trabajo'],
  ['2027-05-21', 'Glorias Navales'],
  ['2027-06-21', 'Pueblos Indígenas: el solsticio de invierno, lunes 21'],
  ['2027-06-28', 'San Pedro y San Pablo: martes 29, pasa al lunes 28'],
  ['2027-07-16', 'Virgen del Carmen'],
  ['2027-08-15', 'Asunción de la Virgen'],
  ['2027-09-17', 'Viernes 17: el 18 y el 19 caen sábado y domingo'],
  ['2027-09-18', 'Independencia'],
  ['2027-09-19', 'Glorias del Ejército'],
  ['2027-10-11', 'Encuentro de Dos Mundos: martes 12, pasa al lunes 11'],
  ['2027-10-31', 'Iglesias Evangélicas y Protestantes: domingo, se queda'],
  ['2027-11-01', 'Todos los Santos'],
  ['2027-12-08', 'Inmaculada Concepción'],
  ['2027-12-25', 'Navidad'],
];

describe('Chile’s public holidays', () => {
  it('are, for 2026 and 2027, the days the laws fix, and no other', async () => {
    const listed = await chileHolidayList('2026-01-01', '2027-12-31');
    expect(listed.map((holiday) => holiday.day)).toEqual(LEGAL.map(([day]) => day));
    for (const holiday of listed) expect(holiday.name, holiday.day).toMatch(/^[A-ZÁÉÍÓÚ]/);
  });

  it('are not the days around them that no law makes holidays', async () => {
    const isHoliday = await chileHolidays();
    // 2026: no Monday 17 nor Friday 20 of September (the 18th is a Friday); 2027: no Friday 20 of September.
    for (const day of ['2026-09-17', '2026-09-20', '2026-06-22', '2027-09-20', '2027-10-12', '2027-06-29'])
      expect(isHoliday(day), day).toBe(false);
  });

  it('close the dealership for test drives when the setting says so, and only then', async () => {
    const isHoliday = await chileHolidays();
    const schedule = defaultDealership.schedule;
    // Friday 25 December 2026 is a weekday the dealership opens.
    expect(daySlots('2026-12-25', { schedule, isHoliday })).toEqual([]);
    expect(daySlots('2026-12-24', { schedule, isHoliday }).length).toBeGreaterThan(0);
    expect(
      daySlots('2026-12-25', { schedule: { ...schedule, closedOnHolidays: false }, isHoliday }).length,
    ).toBeGreaterThan(0);
  });
});
