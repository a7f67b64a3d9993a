import { anonymizationNotice, monthsBefore } from '@domain/retention.ts';
import { anonymousDetails } from '@server/services/privacy/anonymise-expired-leads.ts';
import { describe, expect, it } from 'vitest';
import { expectSpanishSentence } from '../support/hostile-checks.ts';

const at = (iso: string) => new Date(iso);

describe('monthsBefore', () => {
  it.each([
    ['2026-11-27T15:30:00.000Z', 12, '2025-11-27T15:30:00.000Z'],
    ['2026-01-10T03:00:00.000Z', 1, '2025-12-10T03:00:00.000Z'],
    // The day is clamped to the shorter month's last, as PostgreSQL does with intervals.
    ['2026-08-31T12:00:00.000Z', 6, '2026-02-28T12:00:00.000Z'],
    ['2028-08-31T12:00:00.000Z', 6, '2028-02-29T12:00:00.000Z'],
    ['2026-05-31T23:59:59.999Z', 1, '2026-04-30T23:59:59.999Z'],
    // Negative months count forwards (the tests' clock uses it).
    ['2026-01-31T08:00:00.000Z', -1, '2026-02-28T08:00:00.000Z'],
    ['2026-11-27T15:30:00.000Z', -14, '2028-01-27T15:30:00.000Z'],
  ])('%s minus %d months is %s', (from, months, expected) => {
    expect(monthsBefore(at(from), months).toISOString()).toBe(expected);
  });

  it('never lands after the same day of the earlier month', () => {
    for (let day = 0; day < 730; day++) {
      const from = new Date(Date.UTC(2026, 0, 1, 12) + day * 86_400_000);
      for (const months of [1, 6, 12, 120]) {
        const cut = monthsBefore(from, months);
        const monthsApart =
          (from.getUTCFullYear() - cut.getUTCFullYear()) * 12 + from.getUTCMonth() - cut.getUTCMonth();
        expect(monthsApart).toBe(months);
        expect(cut.getUTCDate()).toBeLessThanOrEqual(from.getUTCDate());
      }
    }
  });
});

describe('anonymizationNotice', () => {
  it.each([
    [0, 'Ninguna solicitud se anonimizará en los próximos 30 días.'],
    [1, '1 solicitud se anonimizará en los próximos 30 días.'],
    [2, '2 solicitudes se anonimizarán en los próximos 30 días.'],
    [1500, '1.500 solicitudes se anonimizarán en los próximos 30 días.'],
  ])('%d → %s', (count, text) => {
    expect(anonymizationNotice(count)).toBe(text);
    expectSpanishSentence(text, 'the dashboard line');
  });
});

describe('anonymousDetails', () => {
  it('keeps only answers chosen from a list, never socio-economic ones, free text, amounts or dates', () => {
    expect(anonymousDetails({ subject: 'compra' })).toEqual({ subject: 'compra' });
    expect(
      anonymousDetails({
        financiamiento: 'directo',
        vehiculo: '$15.000.000',
        pie: '$4.000.000',
        plazo: '36',
        ingresos: 'dependiente',
      }),
    ).toEqual({ financiamiento: 'directo', plazo: '36' });
    expect(
      anonymousDetails({
        vehicle_brand: 'toyota',
        vehicle_year: '2017',
        vehicle_model: 'Yaris',
        vehicle_km: '87.000',
        vehicle_color: 'Gris',
        vehicle_condition: 'bueno',
      }),
    ).toEqual({ vehicle_brand: 'toyota', vehicle_condition: 'bueno' });
    expect(
      anonymousDetails({
        area_asesoria: 'planificacion',
        tipo_cliente: 'pyme',
        fecha_preferida: '2026-12-04',
        situacion_financiera: 'crisis',
      }),
    ).toEqual({ area_asesoria: 'planificacion', tipo_cliente: 'pyme' });
    expect(anonymousDetails({ horario: 'viernes 4 de diciembre, 10:30' })).toEqual({});
  });

  it('drops a value that is not one of its list, and a field it does not know', () => {
    expect(anonymousDetails({ subject: 'Rosa Contreras', plazo: 36, otro: 'compra', tipo: null })).toEqual({
      plazo: 36,
    });
  });
});
