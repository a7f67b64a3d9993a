import { formatDuration, leadDeadline } from '@domain/lead-deadline.ts';
import { describe, expect, it } from 'vitest';

// Fixed clocks: a lead that arrived at 10:00 UTC with the usual 24 h promise, and an appraisal with 48 h.
const created = new Date('2026-03-02T10:00:00Z');
const due24 = new Date('2026-03-03T10:00:00Z');
const due48 = new Date('2026-03-04T10:00:00Z');
const at = (iso: string) => new Date(iso);
const open = (dueAt: Date) => ({ createdAt: created, dueAt, firstContactAt: null });

describe('formatDuration', () => {
  it.each([
    [0, 'menos de 1 min'],
    [59_000, 'menos de 1 min'],
    [60_000, '1 min'],
    [42 * 60_000 + 59_000, '42 min'],
    [3_600_000, '1 h'],
    [5 * 3_600_000 + 20 * 60_000, '5 h 20 min'],
    [47 * 3_600_000 + 59 * 60_000, '47 h 59 min'],
    [48 * 3_600_000, '2 días'],
    [3 * 86_400_000 + 2 * 3_600_000 + 30 * 60_000, '3 días 2 h'],
    [-5_000, 'menos de 1 min'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('leadDeadline', () => {
  it('is on time while more than the last sixth of the window is left', () => {
    expect(leadDeadline(open(due24), at('2026-03-02T10:00:00Z'))).toEqual({
      state: 'a_tiempo',
      text: 'Quedan 24 h',
      late: false,
    });
    expect(leadDeadline(open(due24), at('2026-03-03T04:40:00Z'))).toEqual({
      state: 'a_tiempo',
      text: 'Quedan 5 h 20 min',
      late: false,
    });
  });

  it('is about to expire in the last 4 hours of 24 (8 of 48 for appraisals)', () => {
    expect(leadDeadline(open(due24), at('2026-03-03T06:00:00Z')).state).toBe('por_vencer');
    expect(leadDeadline(open(due24), at('2026-03-03T05:59:00Z')).state).toBe('a_tiempo');
    expect(leadDeadline(open(due48), at('2026-03-04T02:00:00Z'))).toEqual({
      state: 'por_vencer',
      text: 'Quedan 8 h',
      late: false,
    });
    expect(leadDeadline(open(due48), at('2026-03-04T01:59:00Z')).state).toBe('a_tiempo');
  });

  it('agrees the verb with one hour, one minute or less', () => {
    expect(leadDeadline(open(due24), at('2026-03-03T08:40:00Z')).text).toBe('Queda 1 h 20 min');
    expect(leadDeadline(open(due24), at('2026-03-03T09:59:00Z')).text).toBe('Queda 1 min');
    expect(leadDeadline(open(due24), at('2026-03-03T09:59:30Z')).text).toBe('Queda menos de 1 min');
    expect(leadDeadline(open(due24), at('2026-03-03T09:58:00Z')).text).toBe('Quedan 2 min');
  });

  it('is overdue from the due instant on, saying for how long', () => {
    expect(leadDeadline(open(due24), due24)).toEqual({
      state: 'vencida',
      text: 'Vencida hace menos de 1 min',
      late: true,
    });
    expect(leadDeadline(open(due24), at('2026-03-03T12:00:00Z')).text).toBe('Vencida hace 2 h');
    expect(leadDeadline(open(due24), at('2026-03-06T13:00:00Z')).text).toBe('Vencida hace 3 días 3 h');
  });

  it('once answered, tells how long the first contact took, flagging a late one', () => {
    const contacted = { createdAt: created, dueAt: due24, firstContactAt: at('2026-03-02T13:00:00Z') };
    const result = { state: 'atendida', text: 'Contactada en 3 h', late: false };
    expect(leadDeadline(contacted, at('2026-03-02T13:00:00Z'))).toEqual(result);
    // The clock no longer matters.
    expect(leadDeadline(contacted, at('2026-04-01T00:00:00Z'))).toEqual(result);
    const late = { ...contacted, firstContactAt: at('2026-03-03T16:30:00Z') };
    expect(leadDeadline(late, at('2026-03-05T00:00:00Z'))).toEqual({
      state: 'atendida',
      text: 'Contactada en 30 h 30 min (fuera de plazo)',
      late: true,
    });
  });

  it('says attended, not contacted, for a discarded lead', () => {
    const discarded = {
      createdAt: created,
      dueAt: due24,
      firstContactAt: at('2026-03-02T10:45:00Z'),
      status: 'descartado',
    };
    expect(leadDeadline(discarded, at('2026-03-05T00:00:00Z')).text).toBe('Atendida en 45 min');
  });

  it('accepts ISO strings as loaders and the API send them', () => {
    const lead = { createdAt: created.toISOString(), dueAt: due24.toISOString(), firstContactAt: null };
    expect(leadDeadline(lead, Date.parse('2026-03-03T04:40:00Z')).text).toBe('Quedan 5 h 20 min');
  });
});
