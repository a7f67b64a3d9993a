// What the ad-catalog feeds say about a vehicle (ADR 0021): the dealership's lists (body types, fuels,
// transmissions, editable in the back office) mapped to the closed vocabularies of Meta's vehicle catalog and
// Google's vehicle listings, and the text every feed item carries. Pure: the feeds' writers live in the server.

import { formatMileage } from './format.ts';
import { plainLower } from './plain-text.ts';
import type { VehicleRecord } from './vehicle.ts';

/** Lower case, no accents, single spaces: "Sedán " and "sedan" are one key. */
export function vocabularyKey(name: string): string {
  return plainLower(name)
    .replace(/^transmision\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

interface Terms {
  meta: string;
  google: string;
}

/** Body types by their usual Chilean names; anything else is OTHER for Meta and left out for Google. */
const BODY_STYLES: Record<string, Terms> = {
  sedan: { meta: 'SEDAN', google: 'sedan' },
  hatchback: { meta: 'HATCHBACK', google: 'hatchback' },
  suv: { meta: 'SUV', google: 'suv' },
  crossover: { meta: 'CROSSOVER', google: 'crossover' },
  camioneta: { meta: 'PICKUP', google: 'truck' },
  'pick-up': { meta: 'PICKUP', google: 'truck' },
  pickup: { meta: 'PICKUP', google: 'truck' },
  furgon: { meta: 'VAN', google: 'full_size_van' },
  van: { meta: 'VAN', google: 'full_size_van' },
  minivan: { meta: 'MINIVAN', google: 'minivan' },
  coupe: { meta: 'COUPE', google: 'coupe' },
  convertible: { meta: 'CONVERTIBLE', google: 'convertible' },
  cabriolet: { meta: 'CONVERTIBLE', google: 'convertible' },
  'station wagon': { meta: 'WAGON', google: 'station_wagon' },
  citycar: { meta: 'SMALL_CAR', google: 'city_car' },
  'city car': { meta: 'SMALL_CAR', google: 'city_car' },
};

const FUELS: Record<string, Terms> = {
  bencina: { meta: 'GASOLINE', google: 'gasoline' },
  gasolina: { meta: 'GASOLINE', google: 'gasoline' },
  diesel: { meta: 'DIESEL', google: 'diesel' },
  hibrido: { meta: 'HYBRID', google: 'hybrid' },
  'hibrido enchufable': { meta: 'PLUGIN_HYBRID', google: 'plug_in_hybrid' },
  electrico: { meta: 'ELECTRIC', google: 'electric' },
  gas: { meta: 'OTHER', google: 'other' },
};

const TRANSMISSIONS: Record<string, Terms> = {
  automatica: { meta: 'AUTOMATIC', google: 'automatic' },
  manual: { meta: 'MANUAL', google: 'manual' },
  cvt: { meta: 'AUTOMATIC', google: 'automatic' },
};

const lookup = (table: Record<string, Terms>, name: string): Terms | undefined =>
  Object.hasOwn(table, vocabularyKey(name)) ? table[vocabularyKey(name)] : undefined;

export const bodyStyleTerms = (name: string) => lookup(BODY_STYLES, name);
export const fuelTerms = (name: string) => lookup(FUELS, name);
export const transmissionTerms = (name: string) => lookup(TRANSMISSIONS, name);

/** Meta's state_of_vehicle and Google's condition. */
export function conditionTerms(condition: VehicleRecord['condition']): Terms {
  return condition === 'Nuevo' ? { meta: 'NEW', google: 'new' } : { meta: 'USED', google: 'used' };
}

/** Drivetrain, when the features say it ("Tracción 4x4", "Tracción integral"); unknown otherwise. */
export function drivetrainTerm(features: readonly string[]): '4X4' | 'AWD' | null {
  const keys = features.map(vocabularyKey);
  if (keys.some((k) => /\b4x4\b/.test(k))) return '4X4';
  if (keys.some((k) => k.includes('traccion integral') || /\bawd\b/.test(k))) return 'AWD';
  return null;
}

/** "Toyota Corolla 2021" */
export const feedTitle = (v: VehicleRecord) => `${v.brand.nombre} ${v.model} ${v.year}`;

/** A plain Spanish paragraph from the vehicle's data (the stock has no free description). */
export function feedDescription(v: VehicleRecord): string {
  const parts = [
    `${v.brand.nombre} ${v.model} ${v.year}, ${v.condition === 'Nuevo' ? 'nuevo' : 'usado'}`,
    formatMileage(v.mileage),
    v.transmission.tipo.replace(/^Transmisi[oó]n\s+/i, '').toLowerCase(),
    v.fuel.tipo.toLowerCase(),
    `motor ${v.engine}`,
    `color ${v.color}`,
  ];
  const features = v.features.length > 0 ? ` Equipamiento: ${v.features.join(', ')}.` : '';
  return `${parts.join(', ')}.${features}`;
}

/** Chilean regions by the city or commune of an address, for feeds that ask for one. */
const REGIONS: Record<string, string> = {
  santiago: 'Región Metropolitana de Santiago',
  valparaiso: 'Región de Valparaíso',
  'vina del mar': 'Región de Valparaíso',
  concepcion: 'Región del Biobío',
  'la serena': 'Región de Coquimbo',
  antofagasta: 'Región de Antofagasta',
  temuco: 'Región de La Araucanía',
  rancagua: "Región del Libertador General Bernardo O'Higgins",
  talca: 'Región del Maule',
  'puerto montt': 'Región de Los Lagos',
  iquique: 'Región de Tarapacá',
  arica: 'Región de Arica y Parinacota',
};

/** The region of a city, or the city itself when it is not one of the list. */
export function regionOf(city: string): string {
  const key = vocabularyKey(city);
  return Object.hasOwn(REGIONS, key) ? (REGIONS[key] ?? city) : city;
}
