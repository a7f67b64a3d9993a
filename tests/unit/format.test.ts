import { displayTransmission, formatMileage, formatPrice, stockReference } from '@domain/format.ts';
import { describe, expect, it } from 'vitest';

describe('es-CL display formats', () => {
  it.each([
    [12_990_000, '$12.990.000'],
    [5_000, '$5.000'],
    [0, '$0'],
    [59_990_000.4, '$59.990.000'],
  ])('formats the price %d as %s', (value, expected) => {
    expect(formatPrice(value)).toBe(expected);
  });

  it.each([
    [87_000, '87.000 km'],
    [0, '0 km'],
    [1_500, '1.500 km'],
  ])('formats the mileage %d as %s', (value, expected) => {
    expect(formatMileage(value)).toBe(expected);
  });

  it('groups thousands exactly as Intl does for es-CL', () => {
    const intl = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0, useGrouping: 'always' });
    const values = [
      1, 12, 999, 1_000, 9_999, 10_000, 123_456, 999_999, 1_000_000, 2_147_483_648, 987_654_321_012,
    ];
    for (const value of [...values, ...values.map((v) => -v), 1_234.5, 1_234.49]) {
      expect(formatPrice(value)).toBe(`$${intl.format(Math.round(value))}`);
    }
  });

  it('pads the stock reference to four digits', () => {
    expect(stockReference(7)).toBe('REF-0007');
    expect(stockReference(12345)).toBe('REF-12345');
  });

  it('strips the Transmisión prefix for display only', () => {
    expect(displayTransmission('Transmisión Automática')).toBe('Automática');
    expect(displayTransmission('CVT')).toBe('CVT');
  });
});
