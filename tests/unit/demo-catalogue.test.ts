import { buildDemoVehicles } from '@db/seed/demo-catalogue.ts';
import { hasValidCheckDigit } from '@domain/vin.ts';
import { describe, expect, it } from 'vitest';

describe('the demo catalogue', () => {
  const vehicles = buildDemoVehicles();

  it('is the same on every run', () => {
    expect(buildDemoVehicles()).toEqual(vehicles);
  });

  it('has more than 50 vehicles ("Más de 50 vehículos disponibles"), new and used, of at least 10 brands', () => {
    expect(vehicles.length).toBeGreaterThanOrEqual(60);
    expect(new Set(vehicles.map((v) => v.brand)).size).toBeGreaterThanOrEqual(10);
    expect(vehicles.some((v) => v.condition === 'Nuevo')).toBe(true);
    expect(vehicles.some((v) => v.condition === 'Usado')).toBe(true);
  });

  it('keeps prices in whole pesos between 5 and 60 million and years 2012–2026', () => {
    for (const v of vehicles) {
      expect(Number.isInteger(v.price)).toBe(true);
      expect(v.price).toBeGreaterThanOrEqual(5_000_000);
      expect(v.price).toBeLessThanOrEqual(60_000_000);
      expect(v.year).toBeGreaterThanOrEqual(2012);
      expect(v.year).toBeLessThanOrEqual(2026);
    }
  });

  it('gives used cars believable mileage and new cars almost none', () => {
    for (const v of vehicles) {
      if (v.condition === 'Nuevo') expect(v.mileage).toBeLessThanOrEqual(10);
      else expect(v.mileage / Math.max(1, 2026 - v.year)).toBeLessThan(25_000);
    }
  });

  it('has 5–10 features and 3–8 photos each, and about 8 featured', () => {
    for (const v of vehicles) {
      expect(v.features.length).toBeGreaterThanOrEqual(5);
      expect(v.features.length).toBeLessThanOrEqual(10);
      expect(v.photoCount).toBeGreaterThanOrEqual(3);
      expect(v.photoCount).toBeLessThanOrEqual(8);
    }
    const featured = vehicles.filter((v) => v.featured).length;
    expect(featured).toBeGreaterThanOrEqual(6);
    expect(featured).toBeLessThanOrEqual(10);
  });

  it('uses the transmission names of the API contract, with their prefix', () => {
    expect(new Set(vehicles.map((v) => v.transmission))).toEqual(
      new Set(['Transmisión Automática', 'Transmisión Manual']),
    );
  });

  it('gives the 10,000 vehicles of the load bench valid, distinct VINs', () => {
    const vins = buildDemoVehicles(10_000).map((v) => v.vin);
    expect(vins.filter((vin) => !hasValidCheckDigit(vin))).toEqual([]);
    expect(new Set(vins).size).toBe(vins.length);
  });
});
