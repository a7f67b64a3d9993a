// The legal clocks of a rights request (art. 11; ADR 0031 decision 6), on Chile's calendar, with the examples of the
// law's digest (notes §4) worked out by hand.
import { RIGHTS, RIGHTS_REQUEST_STATUSES } from '@contracts/rights.ts';
import { rightsRequests } from '@db/schema.ts';
import {
  businessDeadline,
  calendarDeadline,
  extendedDeadline,
  type IsHoliday,
  rightsClock,
  rightsReminderAt,
} from '@domain/rights.ts';
import { chileHolidays } from '@server/services/rights/chile-holidays.ts';
import { refusedMail } from '@server/services/rights/rights-mail.ts';
import { beforeAll, describe, expect, it } from 'vitest';

let chile: IsHoliday;
beforeAll(async () => {
  chile = await chileHolidays();
});

/** 10:00 in Chile on a 'yyyy-mm-dd' day of the southern summer (UTC−3). */
const tenAm = (day: string) => new Date(`${day}T13:00:00Z`);
/** The last millisecond of a Chilean summer day. */
const endOf = (day: string) => new Date(new Date(`${day}T03:00:00Z`).getTime() + 24 * 3_600_000 - 1);

describe('30 calendar days', () => {
  it('run from the day after receipt to the end of the 30th day, in Chile', () => {
    // Digest example 1: received Monday 7 December 2026, due Wednesday 6 January 2027.
    expect(calendarDeadline(tenAm('2026-12-07'), 30)).toEqual(endOf('2027-01-06'));
    // Late in the Chilean evening is still that Chilean day (it is the next day in UTC).
    expect(calendarDeadline(new Date('2026-12-08T02:30:00Z'), 30)).toEqual(endOf('2027-01-06'));
  });

  it('extend once by 30 more from the deadline’s own last day', () => {
    expect(extendedDeadline(endOf('2027-01-06'))).toEqual(endOf('2027-02-05'));
  });

  it('hold across the change of Chile’s clocks (April, back to UTC−4)', () => {
    const due = calendarDeadline(tenAm('2027-03-20'), 30);
    // 19 April 2027 ends at 04:00 UTC the next day, in winter time.
    expect(due.toISOString()).toBe('2027-04-20T03:59:59.999Z');
  });
});

describe('2 business days', () => {
  it('skip Sundays and holidays and count Saturdays (the earlier reading)', () => {
    // Digest example 3: Thursday 24 December 2026 → Friday 25 is Christmas, Saturday 26 counts, Monday 28.
    expect(businessDeadline(tenAm('2026-12-24'), 2, chile)).toEqual(endOf('2026-12-28'));
    // Digest example 2: Monday 7 December → Tuesday 8 is a holiday → Thursday 10.
    expect(businessDeadline(tenAm('2026-12-07'), 2, chile)).toEqual(endOf('2026-12-10'));
    // A Friday: Saturday is day 1, Sunday skipped, Monday day 2.
    expect(businessDeadline(tenAm('2026-11-27'), 2, chile)).toEqual(endOf('2026-11-30'));
  });

  it('skip Holy Saturday, which the holiday package leaves out', () => {
    // Thursday 2 April 2026: Good Friday 3, Holy Saturday 4, Easter Sunday 5 → Monday 6 and Tuesday 7 (winter time).
    expect(businessDeadline(tenAm('2026-04-02'), 2, chile).toISOString()).toBe('2026-04-08T03:59:59.999Z');
  });

  it('take the holidays from the calendar given', () => {
    const none: IsHoliday = () => false;
    expect(businessDeadline(tenAm('2026-12-24'), 2, none)).toEqual(endOf('2026-12-26'));
    const every: IsHoliday = (day) => day !== '2026-12-31';
    expect(businessDeadline(tenAm('2026-12-24'), 1, every)).toEqual(endOf('2026-12-31'));
  });

  it('know Chile’s public holidays of 2026 and 2027', () => {
    for (const day of ['2026-09-18', '2026-09-19', '2026-12-08', '2026-12-25', '2027-01-01', '2027-03-27'])
      expect(chile(day), day).toBe(true);
    for (const day of ['2026-12-07', '2026-12-26', '2027-01-04', '2026-12-31'])
      expect(chile(day), day).toBe(false);
  });
});

describe('the clock staff read', () => {
  const from = '2026-12-07T13:00:00Z';
  const due = endOf('2027-01-06').toISOString();
  it('counts down, warns from the reminder on, and goes red past the deadline', () => {
    expect(rightsClock({ from, dueAt: due, doneAt: null }, new Date('2026-12-08T13:00:00Z'))).toMatchObject({
      state: 'a_tiempo',
      text: 'Quedan 29 días 13 h',
    });
    const reminder = rightsReminderAt(new Date(from), new Date(due));
    expect(rightsClock({ from, dueAt: due, doneAt: null }, reminder).state).toBe('por_vencer');
    expect(rightsClock({ from, dueAt: due, doneAt: null }, new Date('2027-01-07T05:00:00Z'))).toMatchObject({
      state: 'vencida',
      text: 'Vencida hace 2 h',
      late: true,
    });
    expect(rightsClock({ from, dueAt: due, doneAt: '2026-12-10T13:00:00Z' }, Date.now())).toMatchObject({
      state: 'atendida',
      text: 'Respondida en 3 días',
    });
  });
});

describe('the refusal e-mail', () => {
  it('gives the reasons and the 30 business days to complain to the Agencia', () => {
    const mail = refusedMail({
      id: 7,
      right: 'supresion',
      reasons: 'Hay un contrato vigente.',
      dealership: 'Autos',
    });
    expect(mail.text).toContain('Hay un contrato vigente.');
    expect(mail.text).toContain('30 días hábiles');
    expect(mail.text).toContain('Agencia de Protección de Datos Personales');
  });
});

it('names the rights and statuses alike in the contracts and the schema', () => {
  expect(rightsRequests.right.enumValues).toEqual([...RIGHTS]);
  expect(rightsRequests.status.enumValues).toEqual([...RIGHTS_REQUEST_STATUSES]);
});
