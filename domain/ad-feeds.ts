// What the ad-catalog feeds say about a vehicle (ADR 0021): the dealership's lists (body types, fuels,
// transmissions, editable in the back office) mapped to the closed vocabularies of Meta's vehicle catalog and
// Google's vehicle listings, and the text every feed item carries. Pure: the feeds' writers live in the server.

import { formatMileage } from './format.ts';
import { plainLower } from './plain-text.ts';
import type { VehicleRecord } from './vehicle.ts';

/**
 * The values Meta accepts in the closed fields of a vehicle catalog item, written once: the feed's mapping tables
 * are typed by them and the tests check every value the feed writes against them. Source: Meta's automotive
 * inventory ads reference, <https://developers.facebook.com/documentation/ads-commerce/marketing-api/auto-ads/reference>
 * (the same enumerations as the Graph API's `Vehicle` object: BodyStyle, FuelType, Transmission, Drivetrain,
 * StateOfVehicle, Availability).
 */
export const META_VALUES = {
  body_style: [
    'CONVERTIBLE',
    'COUPE',
    'CROSSOVER',
    'ESTATE',
    'GRANDTOURER',
    'HATCHBACK',
    'MINIBUS',
    'MINIVAN',
    'MPV',
    'PICKUP',
    'ROADSTER',
    'SALOON',
    'SEDAN',
    'SMALL_CAR',
    'SPORTSCAR',
    'SUPERCAR',
    'SUPERMINI',
    'SUV',
    'TRUCK',
    'VAN',
    'WAGON',
    'OTHER',
    'NONE',
  ],
  fuel_type: ['DIESEL', 'ELECTRIC', 'FLEX', 'GASOLINE', 'HYBRID', 'PETROL', 'PLUGIN_HYBRID', 'OTHER', 'NONE'],
  transmission: ['AUTOMATIC', 'MANUAL', 'OTHER', 'NONE'],
  drivetrain: ['AWD', 'FOUR_WD', 'FWD', 'RWD', 'TWO_WD', 'OTHER', 'NONE'],
  state_of_vehicle: ['NEW', 'USED', 'CPO'],
  availability: ['AVAILABLE', 'NOT_AVAILABLE', 'PENDING'],
  'mileage.unit': ['KM', 'MI'],
} as const;
export type MetaValue<F extends keyof typeof META_VALUES> = (typeof META_VALUES)[F][number];

/**
 * The values Google accepts in the closed columns of the vehicle listings feed, written once like Meta's. Sources:
 * `condition` in the feed specification, <https://developers.google.com/vehicle-listings/reference/feed-specification>;
 * `body_style` in Merchant Center's vehicle attribute, <https://support.google.com/merchants/answer/14157085>, which
 * the feed specification refers to (the cars of a dealership: the ATV, UTV and camper values are left out).
 */
export const GOOGLE_VALUES = {
  condition: ['new', 'used'],
  body_style: [
    'city_car',
    'compact_suv',
    'convertible',
    'coupe',
    'crossover',
    'full_size_van',
    'hatchback',
    'limousine',
    'minivan',
    'notchback',
    'sedan',
    'station_wagon',
    'suv',
    'truck',
    'ute',
  ],
} as const;
export type GoogleValue<F extends keyof typeof GOOGLE_VALUES> = (typeof GOOGLE_VALUES)[F][number];

/** Lower case, no accents, single spaces: "Sedán " and "sedan" are one key. */
export function vocabularyKey(name: string): string {
  return plainLower(name)
    .replace(/^transmision\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One of the dealership's names in each platform's words. */
interface Terms<M, G> {
  meta: M;
  google: G;
}

/** Body types by their usual Chilean names; anything else is OTHER for Meta and left out for Google. */
const BODY_STYLES: Record<string, Terms<MetaValue<'body_style'>, GoogleValue<'body_style'>>> = {
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

/** Fuels: Google's feed has no fuel column (the fuel goes to vehicle_option as the dealership names it). */
const FUELS: Record<string, MetaValue<'fuel_type'>> = {
  bencina: 'GASOLINE',
  gasolina: 'GASOLINE',
  diesel: 'DIESEL',
  hibrido: 'HYBRID',
  'hibrido enchufable': 'PLUGIN_HYBRID',
  electrico: 'ELECTRIC',
  gas: 'OTHER',
};

/** Transmissions, likewise Meta's only. */
const TRANSMISSIONS: Record<string, MetaValue<'transmission'>> = {
  automatica: 'AUTOMATIC',
  manual: 'MANUAL',
  cvt: 'AUTOMATIC',
};

const lookup = <T>(table: Record<string, T>, name: string): T | undefined =>
  Object.hasOwn(table, vocabularyKey(name)) ? table[vocabularyKey(name)] : undefined;

export const bodyStyleTerms = (name: string) => lookup(BODY_STYLES, name);
export const metaFuelType = (name: string): MetaValue<'fuel_type'> => lookup(FUELS, name) ?? 'OTHER';
export const metaTransmission = (name: string): MetaValue<'transmission'> =>
  lookup(TRANSMISSIONS, name) ?? 'OTHER';

/** Meta's state_of_vehicle and Google's condition. */
export function conditionTerms(
  condition: VehicleRecord['condition'],
): Terms<MetaValue<'state_of_vehicle'>, GoogleValue<'condition'>> {
  return condition === 'Nuevo' ? { meta: 'NEW', google: 'new' } : { meta: 'USED', google: 'used' };
}

/**
 * How a traction is written in Chile, in a feature ("Tracción 4x4", "Tracción integral") or a version
 * ("XLT 4x4", "AWD"), and Meta's word for it. The first that matches wins: a "4x4" beats a word of the version.
 */
const DRIVETRAINS: Array<[RegExp, MetaValue<'drivetrain'>]> = [
  [/\b(4x4|4wd|doble traccion)\b/, 'FOUR_WD'],
  [/\b(awd|traccion integral|traccion total)\b/, 'AWD'],
  [/\b(fwd|traccion delantera)\b/, 'FWD'],
  [/\b(rwd|traccion trasera)\b/, 'RWD'],
  [/\b(4x2|2wd)\b/, 'TWO_WD'],
];

/**
 * The drivetrain, when the vehicle's features or its version name it; unknown (null: the optional field is left
 * out) otherwise. The product keeps traction as a feature of the dealership's list, not as a field of its own.
 */
export function drivetrainTerm(
  features: readonly string[],
  trim: string | null = null,
): MetaValue<'drivetrain'> | null {
  const texts = [...features, trim ?? ''].map(vocabularyKey);
  for (const [pattern, term] of DRIVETRAINS) if (texts.some((text) => pattern.test(text))) return term;
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
