import { VehicleInputSchema } from '@contracts/admin-stock.ts';
import { fieldErrors } from '@contracts/lead-options.ts';
import { buildDemoVehicles } from '@db/seed/demo-catalogue.ts';
import { hasValidCheckDigit, modelYearCode, vinCheckDigit, withCheckDigit } from '@domain/vin.ts';
import { describe, expect, it } from 'vitest';

describe('the VIN check digit (ISO 3779, position 9)', () => {
  it('agrees with published VINs', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(hasValidCheckDigit('1M8GDM9AXKP042788')).toBe(true);
    expect(hasValidCheckDigit('JA4AR3AW8GZ057772')).toBe(true);
    expect(hasValidCheckDigit('JA4AR3AW9GZ057772')).toBe(false);
  });

  it('is null for what is not a VIN, and withCheckDigit fixes position 9', () => {
    expect(vinCheckDigit('1M8GDM9AXKP04278')).toBeNull();
    expect(vinCheckDigit('1M8GDM9AXKP04278O')).toBeNull();
    expect(withCheckDigit('JA4AR3AW0GZ057772')).toBe('JA4AR3AW8GZ057772');
  });

  it('codes model years in 30-year cycles', () => {
    expect(modelYearCode(2010)).toBe('A');
    expect(modelYearCode(2016)).toBe('G');
    expect(modelYearCode(2019)).toBe('K');
    expect(modelYearCode(2026)).toBe('T');
    expect(modelYearCode(2001)).toBe('1');
  });
});

describe('the demo stock identifiers', () => {
  const vehicles = buildDemoVehicles();
  const WMI: Record<string, string> = { Toyota: 'JTD', Hyundai: 'KMH', Kia: 'KNA', Volkswagen: 'WVW' };

  it('gives every vehicle a valid, unique VIN of its brand and model year', () => {
    for (const v of vehicles) {
      expect(v.vin, v.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(hasValidCheckDigit(v.vin), v.vin).toBe(true);
      expect(v.vin.charAt(9)).toBe(modelYearCode(v.year));
      const wmi = WMI[v.brand];
      if (wmi) expect(v.vin.slice(0, 3)).toBe(wmi);
    }
    expect(new Set(vehicles.map((v) => v.vin)).size).toBe(vehicles.length);
  });

  it('gives every vehicle a unique external reference of at most 40 characters', () => {
    for (const v of vehicles) expect(v.externalRef.length).toBeLessThanOrEqual(40);
    expect(new Set(vehicles.map((v) => v.externalRef)).size).toBe(vehicles.length);
  });
});

describe('the vehicle form contract: VIN and external reference', () => {
  const base = {
    marca: 1,
    modelo: 'Corolla',
    año: 2022,
    precio: 18_990_000,
    kilometraje: 35_000,
    condicion: 'Usado',
    transmision: 1,
    combustible: 1,
    tipo: 1,
    motor: '1.8',
    color: 'Blanco',
  };
  const parse = (extra: Record<string, unknown>) => VehicleInputSchema.safeParse({ ...base, ...extra });
  const errorsOf = (extra: Record<string, unknown>) => {
    const result = parse(extra);
    expect(result.success).toBe(false);
    return result.success ? {} : fieldErrors(result.error);
  };

  it('stores the VIN in upper case without spaces or dashes, and blank as none', () => {
    expect(parse({ vin: ' ja4ar3aw8g-z057772 ' }).data?.vin).toBe('JA4AR3AW8GZ057772');
    expect(parse({ vin: '' }).data?.vin).toBeNull();
    expect(parse({}).data?.vin).toBeNull();
    expect(parse({ vin: null, referencia: '   ' }).data?.referencia).toBeNull();
    expect(parse({ referencia: ' STK-24017 ' }).data?.referencia).toBe('STK-24017');
  });

  it('accepts a VIN whose check digit is not the North American one', () => {
    expect(parse({ vin: 'JA4AR3AW9GZ057772' }).success).toBe(true);
  });

  it('refuses a VIN of another length, with I, O or Q, or with other characters, in Spanish', () => {
    expect(errorsOf({ vin: 'JA4AR3AW8GZ05777' }).vin).toBe('El VIN debe tener 17 caracteres (tiene 16).');
    expect(errorsOf({ vin: 'JA4AR3AW8GZO57772' }).vin).toMatch(/no lleva las letras I, O ni Q/);
    expect(errorsOf({ vin: 'JA4AR3AW8GZ0577Ñ2' }).vin).toMatch(/solo admite letras de la A a la Z/);
    expect(errorsOf({ vin: '<script>alert(1)</' }).vin).toMatch(/solo admite|17 caracteres/);
    expect(errorsOf({ vin: 17 }).vin).toBe('El VIN debe ser un texto de 17 caracteres.');
  });

  it('refuses an external reference over 40 characters, with control characters or a lone surrogate', () => {
    expect(errorsOf({ referencia: 'R'.repeat(41) }).referencia).toBe(
      'La referencia externa admite hasta 40 caracteres.',
    );
    expect(errorsOf({ referencia: 'STK\u0000-1' }).referencia).toMatch(/caracteres de control/);
    expect(errorsOf({ referencia: 'STK-\uD800' }).referencia).toMatch(/caracteres inválidos/);
    expect(errorsOf({ referencia: 'STK\n1' }).referencia).toMatch(/una sola línea/);
  });
});
