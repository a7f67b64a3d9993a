import { VehicleInputSchema } from '@contracts/admin-stock.ts';
import { formatPatente, normalizePatente, PATENTE_PATTERN } from '@contracts/patente.ts';
import { describe, expect, it } from 'vitest';

const base = {
  marca: 1,
  modelo: 'Yaris',
  año: 2018,
  precio: 8_990_000,
  kilometraje: 60_000,
  condicion: 'Usado',
  transmision: 1,
  combustible: 1,
  tipo: 1,
  motor: '1.5',
  color: 'Gris',
};
const parse = (extra: Record<string, unknown>) => VehicleInputSchema.safeParse({ ...base, ...extra });

describe('the patente (DS 53/1984 art. 2, ADR 0040)', () => {
  it('takes both series as Chileans type them and stores them upper case without separators', () => {
    for (const [typed, stored] of [
      ['BBCD12', 'BBCD12'],
      ['bb·cd·12', 'BBCD12'],
      ['BB-CD-12', 'BBCD12'],
      [' bbcd 12 ', 'BBCD12'],
      ['ab.1234', 'AB1234'],
      ['AB 12 34', 'AB1234'],
    ]) {
      const parsed = parse({ patente: typed });
      expect(parsed.success, typed).toBe(true);
      if (parsed.success) expect(parsed.data.patente).toBe(stored);
    }
    expect(parse({ patente: '   ' }).success && parse({}).data?.patente).toBeNull();
  });

  it('refuses every other shape with one Spanish sentence', () => {
    for (const typed of [
      'ABC123',
      'BBCD1',
      'BBCD123',
      '1234AB',
      'ÑBCD12',
      'AB12345',
      'BBCD1O',
      12,
      true,
      'BB\u0000CD12',
    ]) {
      const parsed = parse({ patente: typed });
      expect(parsed.success, String(typed)).toBe(false);
      if (!parsed.success)
        expect(parsed.error.issues[0]?.message).toBe(
          'Escribe la patente como BBCD·12 (4 letras y 2 números) o, si es anterior a 2007, como AB·1234 (2 letras y 4 números).',
        );
    }
  });

  it('is printed in pairs', () => {
    expect(formatPatente('BBCD12')).toBe('BB·CD·12');
    expect(formatPatente('AB1234')).toBe('AB·12·34');
    expect(normalizePatente('bb·cd·12')).toMatch(PATENTE_PATTERN);
  });
});

describe('doors, previous owners and description', () => {
  it('are optional whole numbers in range and a text of up to 2,000 characters', () => {
    const ok = parse({ puertas: '5', duenosAnteriores: '0', descripcion: ' Uno.\nDos. ' });
    expect(ok.success && ok.data).toMatchObject({
      puertas: 5,
      duenosAnteriores: 0,
      descripcion: 'Uno.\nDos.',
    });
    expect(parse({ puertas: 1 }).success).toBe(false);
    expect(parse({ puertas: 7 }).success).toBe(false);
    expect(parse({ puertas: 4.5 }).success).toBe(false);
    expect(parse({ duenosAnteriores: -1 }).success).toBe(false);
    expect(parse({ duenosAnteriores: 16 }).success).toBe(false);
    expect(parse({ descripcion: 'x'.repeat(2001) }).success).toBe(false);
    expect(parse({ descripcion: 'a\u0007b' }).success).toBe(false);
  });

  it('a new car has no previous owners', () => {
    const parsed = parse({ condicion: 'Nuevo', duenosAnteriores: 1 });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.issues[0]?.path).toEqual(['duenosAnteriores']);
    expect(parse({ condicion: 'Nuevo', duenosAnteriores: 0 }).success).toBe(true);
  });
});
