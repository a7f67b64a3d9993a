import {
  currentPriceDrop,
  PRICE_DROP_DAYS,
  previousPriceShown,
  priceDropWindowStart,
} from '@domain/price-drop.ts';
import { describe, expect, it } from 'vitest';

const DAY = 86_400_000;
const now = Date.parse('2026-11-26T15:00:00Z');
const daysAgo = (days: number) => new Date(now - days * DAY).toISOString();

describe('currentPriceDrop', () => {
  it('is the newest change when it lowered the price to the current one', () => {
    const changes = [
      { previousPrice: 10_990_000, price: 9_990_000, at: daysAgo(2) },
      { previousPrice: 11_990_000, price: 10_990_000, at: daysAgo(10) },
    ];
    expect(currentPriceDrop(9_990_000, changes)).toEqual({ previousPrice: 10_990_000, at: daysAgo(2) });
  });

  it('is nothing after a rise, without changes, or when the price is not the one the change set', () => {
    expect(
      currentPriceDrop(10_490_000, [
        { previousPrice: 9_990_000, price: 10_490_000, at: daysAgo(1) },
        { previousPrice: 10_990_000, price: 9_990_000, at: daysAgo(5) },
      ]),
    ).toBeNull();
    expect(currentPriceDrop(9_990_000, [])).toBeNull();
    expect(
      currentPriceDrop(8_990_000, [{ previousPrice: 10_990_000, price: 9_990_000, at: daysAgo(1) }]),
    ).toBeNull();
  });
});

describe('previousPriceShown', () => {
  const drop = (days: number) => ({ previousPrice: 10_990_000, at: daysAgo(days) });

  it(`shows the previous price for ${PRICE_DROP_DAYS} days, then no more`, () => {
    expect(previousPriceShown(9_990_000, drop(0), now)).toBe(10_990_000);
    expect(previousPriceShown(9_990_000, drop(PRICE_DROP_DAYS), now)).toBe(10_990_000);
    expect(previousPriceShown(9_990_000, drop(PRICE_DROP_DAYS + 0.001), now)).toBeNull();
  });

  it('shows nothing without a decrease, or for a previous price that is not higher', () => {
    expect(previousPriceShown(9_990_000, null, now)).toBeNull();
    expect(previousPriceShown(9_990_000, undefined, now)).toBeNull();
    expect(previousPriceShown(10_990_000, drop(1), now)).toBeNull();
    expect(previousPriceShown(9_990_000, { previousPrice: 10_990_000, at: 'no es fecha' }, now)).toBeNull();
  });

  it('reads changes back to the start of the window', () => {
    expect(priceDropWindowStart(now).toISOString()).toBe(daysAgo(PRICE_DROP_DAYS));
  });
});
