import { describe, expect, it } from 'vitest';
import { displayTransmission, formatMileage, formatPrice, stockReference } from '../../app/lib/format.ts';

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

  it('pads the stock reference to four digits', () => {
    expect(stockReference(7)).toBe('REF-0007');
    expect(stockReference(12345)).toBe('REF-12345');
  });

  it('strips the Transmisión prefix for display only', () => {
    expect(displayTransmission('Transmisión Automática')).toBe('Automática');
    expect(displayTransmission('CVT')).toBe('CVT');
  });
});
