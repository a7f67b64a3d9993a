import type { VehicleStatus } from '@contracts/vehicle.ts';
import {
  type SimilarCandidate,
  type SimilarTarget,
  similarityScore,
  similarVehicles,
} from '@domain/similar-vehicles.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const target: SimilarTarget = { id: 1, brand: 'Toyota', bodyType: 'SUV', price: 20_000_000 };

function candidate(
  id: number,
  overrides: Partial<SimilarCandidate> = {},
  status: VehicleStatus = 'published',
): SimilarCandidate {
  return { id, brand: 'Kia', bodyType: 'Sedán', price: 50_000_000, status, ...overrides };
}

describe('similarityScore', () => {
  it('counts the body type most, then a near price, then the brand', () => {
    expect(similarityScore(target, candidate(2, { bodyType: 'SUV' }))).toBe(3);
    expect(similarityScore(target, candidate(2, { price: 22_000_000 }))).toBe(2);
    expect(similarityScore(target, candidate(2, { price: 25_000_000 }))).toBe(1);
    expect(similarityScore(target, candidate(2, { brand: 'Toyota' }))).toBe(2);
    expect(similarityScore(target, candidate(2))).toBe(0);
    expect(
      similarityScore(target, candidate(2, { bodyType: 'SUV', brand: 'Toyota', price: 20_000_000 })),
    ).toBe(7);
  });

  it('includes the ends of the price bands (15% and 30%) and ignores case', () => {
    expect(similarityScore(target, candidate(2, { price: 23_000_000 }))).toBe(2);
    expect(similarityScore(target, candidate(2, { price: 17_000_000 }))).toBe(2);
    expect(similarityScore(target, candidate(2, { price: 26_000_000 }))).toBe(1);
    expect(similarityScore(target, candidate(2, { price: 26_000_001 }))).toBe(0);
    expect(similarityScore(target, candidate(2, { bodyType: 'suv', brand: ' TOYOTA ' }))).toBe(5);
  });
});

describe('similarVehicles', () => {
  it('ranks by score, then by the nearer price, then by id', () => {
    const stock = [
      candidate(10, { brand: 'Toyota' }), // 2
      candidate(11, { bodyType: 'SUV', price: 21_000_000 }), // 5, 5% away
      candidate(12, { bodyType: 'SUV', price: 19_500_000 }), // 5, 2.5% away
      candidate(13, { bodyType: 'SUV', brand: 'Toyota', price: 30_000_000 }), // 5, 50% away
      candidate(14, { bodyType: 'SUV', brand: 'Toyota', price: 20_000_000 }), // 7
      candidate(15), // 0: shares nothing
    ];
    expect(similarVehicles(target, stock).map((v) => v.id)).toEqual([14, 12, 11, 13]);
  });

  it('leaves out the vehicle itself, drafts, sold vehicles and vehicles that share nothing', () => {
    const same = { bodyType: 'SUV', brand: 'Toyota', price: 20_000_000 };
    const stock = [
      candidate(1, same),
      candidate(2, same, 'draft'),
      candidate(3, same, 'sold'),
      candidate(4),
      candidate(5, { bodyType: 'SUV' }),
    ];
    expect(similarVehicles(target, stock).map((v) => v.id)).toEqual([5]);
    expect(similarVehicles(target, [])).toEqual([]);
  });

  it('breaks a tie of score and distance by the lower id', () => {
    const stock = [candidate(9, { bodyType: 'SUV' }), candidate(3, { bodyType: 'SUV' })];
    expect(similarVehicles(target, stock).map((v) => v.id)).toEqual([3, 9]);
  });

  const status = fc.constantFrom<VehicleStatus>('published', 'published', 'draft', 'sold');
  const vehicleArb = fc.record({
    brand: fc.constantFrom('Toyota', 'Kia', 'Chevrolet', 'Peugeot'),
    bodyType: fc.constantFrom('SUV', 'Sedán', 'Hatchback', 'Camioneta'),
    price: fc.integer({ min: 1, max: 200_000_000 }),
    status,
  });
  const stockArb = fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 500 }), vehicleArb), {
    selector: ([id]) => id,
    maxLength: 60,
  });
  const scenario = fc.record({
    target: fc.record({
      id: fc.integer({ min: 1, max: 500 }),
      brand: fc.constantFrom('Toyota', 'Kia', 'Chevrolet', 'Peugeot'),
      bodyType: fc.constantFrom('SUV', 'Sedán', 'Hatchback', 'Camioneta'),
      price: fc.integer({ min: 1, max: 200_000_000 }),
    }),
    stock: stockArb.map((rows) => rows.map(([id, v]): SimilarCandidate => ({ id, ...v }))),
  });

  it('never returns the vehicle itself, more than four, or anything but published vehicles', () => {
    fc.assert(
      fc.property(scenario, ({ target: shown, stock }) => {
        const picked = similarVehicles(shown, stock);
        expect(picked.length).toBeLessThanOrEqual(4);
        for (const v of picked) {
          expect(v.id).not.toBe(shown.id);
          expect(v.status).toBe('published');
          expect(similarityScore(shown, v)).toBeGreaterThan(0);
        }
        expect(new Set(picked.map((v) => v.id)).size).toBe(picked.length);
      }),
    );
  });

  it('gives the same vehicles in the same order whatever the order of the stock', () => {
    fc.assert(
      fc.property(
        scenario.chain((s) =>
          fc.tuple(fc.constant(s), fc.shuffledSubarray(s.stock, { minLength: s.stock.length })),
        ),
        ([{ target: shown, stock }, shuffled]) => {
          const ids = similarVehicles(shown, stock).map((v) => v.id);
          expect(similarVehicles(shown, shuffled).map((v) => v.id)).toEqual(ids);
          expect(similarVehicles(shown, stock).map((v) => v.id)).toEqual(ids);
        },
      ),
    );
  });

  it('picks the best: no vehicle left out outscores one picked, and four are picked when four qualify', () => {
    fc.assert(
      fc.property(scenario, ({ target: shown, stock }) => {
        const picked = similarVehicles(shown, stock);
        const qualifying = stock.filter(
          (v) => v.status === 'published' && v.id !== shown.id && similarityScore(shown, v) > 0,
        );
        expect(picked.length).toBe(Math.min(4, qualifying.length));
        const scores = picked.map((v) => similarityScore(shown, v));
        expect([...scores].sort((a, b) => b - a)).toEqual(scores);
        const lowest = Math.min(...scores);
        for (const v of qualifying) {
          if (!picked.includes(v)) expect(similarityScore(shown, v)).toBeLessThanOrEqual(lowest);
        }
      }),
    );
  });
});
