import type { InstallmentFrom } from '@contracts/listing.ts';
import { type ComparedVehicle, compareRows, HAS_FEATURE, LACKS_FEATURE } from '@domain/compare.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const cuota = (installment: number): InstallmentFrom => ({
  installment,
  caePercent: 20,
  totalCost: installment * 48,
  term: 48,
  downPayment: 1,
  downPaymentPercent: 20,
  type: 'convencional',
  typeLabel: 'Crédito convencional',
  restriction: null,
});

function vehicle(overrides: Partial<ComparedVehicle> & { id: number }): ComparedVehicle {
  return {
    price: 10_000_000,
    installmentFrom: cuota(250_000),
    year: 2020,
    mileage: 50_000,
    fuelType: 'Bencina',
    transmission: 'Manual',
    engine: '1.6',
    color: 'Rojo',
    bodyType: 'Sedán',
    condition: 'Usado',
    features: [],
    ...overrides,
  };
}

const byKey = (rows: ReturnType<typeof compareRows>, key: string) => {
  const found = rows.find((r) => r.key === key);
  if (!found) throw new Error(`no row ${key}`);
  return found;
};

describe('compareRows', () => {
  it('marks the rows that differ and the best value of each numeric row', () => {
    const rows = compareRows([
      vehicle({ id: 1, price: 12_990_000, year: 2019, mileage: 80_000, installmentFrom: cuota(300_000) }),
      vehicle({ id: 2, price: 9_990_000, year: 2022, mileage: 20_000, installmentFrom: cuota(220_000) }),
      vehicle({ id: 3, price: 9_990_000, year: 2021, mileage: 35_000, color: 'Azul', installmentFrom: null }),
    ]);
    expect(byKey(rows, 'precio')).toMatchObject({
      cells: ['$12.990.000', '$9.990.000', '$9.990.000'],
      differs: true,
      best: [1, 2],
      bestLabel: 'Menor precio',
    });
    expect(byKey(rows, 'anio')).toMatchObject({ differs: true, best: [1], bestLabel: 'Más nuevo' });
    expect(byKey(rows, 'kilometraje')).toMatchObject({
      cells: ['80.000 km', '20.000 km', '35.000 km'],
      best: [1],
      bestLabel: 'Menos km',
    });
    expect(byKey(rows, 'cuota')).toMatchObject({
      // The cells say "Cuota desde" themselves (AdvertisedCuota): the row's label does not repeat it.
      label: 'Financiamiento',
      cells: [
        '$300.000 al mes · CAE 20,00% · 48 cuotas · pie 20% · Crédito convencional',
        '$220.000 al mes · CAE 20,00% · 48 cuotas · pie 20% · Crédito convencional',
        LACKS_FEATURE,
      ],
      best: [1],
    });
    expect(byKey(rows, 'color')).toMatchObject({ cells: ['Rojo', 'Rojo', 'Azul'], differs: true, best: [] });
    expect(byKey(rows, 'combustible')).toMatchObject({ differs: false, best: [] });
  });

  it('marks no best value in a row where every vehicle is equal', () => {
    const rows = compareRows([vehicle({ id: 1 }), vehicle({ id: 2 })]);
    for (const row of rows) {
      expect(row.differs).toBe(false);
      expect(row.best).toEqual([]);
      expect(row.bestLabel).toBeUndefined();
    }
  });

  it('lists every feature any vehicle has, in order of appearance, as ✓ or —', () => {
    const rows = compareRows([
      vehicle({ id: 1, features: ['Aire acondicionado', 'ABS'] }),
      vehicle({ id: 2, features: ['ABS', 'Sensor de retroceso'] }),
    ]).filter((r) => r.feature);
    expect(rows.map((r) => [r.label, r.cells, r.differs])).toEqual([
      ['Aire acondicionado', [HAS_FEATURE, LACKS_FEATURE], true],
      ['ABS', [HAS_FEATURE, HAS_FEATURE], false],
      ['Sensor de retroceso', [LACKS_FEATURE, HAS_FEATURE], true],
    ]);
  });

  it('leaves out "Cuota desde" when no vehicle has one', () => {
    const rows = compareRows([
      vehicle({ id: 1, installmentFrom: null }),
      vehicle({ id: 2, installmentFrom: null }),
    ]);
    expect(rows.some((r) => r.key === 'cuota')).toBe(false);
  });

  it('holds for any vehicles (property): one cell each, best only in differing rows, best is the extreme', () => {
    const arbitrary = fc.record({
      price: fc.integer({ min: 0, max: 200_000_000 }),
      year: fc.integer({ min: 1990, max: 2030 }),
      mileage: fc.integer({ min: 0, max: 900_000 }),
      color: fc.constantFrom('Rojo', 'Azul'),
      features: fc.uniqueArray(fc.constantFrom('A', 'B', 'C', 'D')),
    });
    fc.assert(
      fc.property(fc.array(arbitrary, { minLength: 2, maxLength: 4 }), (list) => {
        const vehicles = list.map((v, i) => vehicle({ id: i + 1, ...v }));
        const rows = compareRows(vehicles);
        for (const row of rows) {
          expect(row.cells).toHaveLength(vehicles.length);
          expect(row.differs).toBe(new Set(row.cells).size > 1);
          if (!row.differs) expect(row.best).toEqual([]);
        }
        const price = byKey(rows, 'precio');
        if (price.differs) {
          const lowest = Math.min(...vehicles.map((v) => v.price));
          expect(price.best.length).toBeGreaterThan(0);
          for (const i of price.best) expect(vehicles[i]?.price).toBe(lowest);
        }
        const year = byKey(rows, 'anio');
        for (const i of year.best) expect(vehicles[i]?.year).toBe(Math.max(...vehicles.map((v) => v.year)));
        const featureCount = new Set(vehicles.flatMap((v) => v.features)).size;
        expect(rows.filter((r) => r.feature)).toHaveLength(featureCount);
      }),
    );
  });
});
