// The Google vehicle listings feed, CSV as Google's specification asks (RFC 4180; ADR 0021): one row per published
// vehicle with a VIN that passes the check digit, the dealership's columns repeated on each.
import { bodyStyleTerms, conditionTerms } from '@domain/ad-feeds.ts';
import { displayTransmission } from '@domain/format.ts';
import { hasValidCheckDigit } from '@domain/vin.ts';
import type { CatalogueSnapshot } from '../catalogue/catalogue.ts';
import { csvDocument, csvList } from './feed-text.ts';
import {
  dealershipAddress,
  type FeedOptions,
  type FeedVehicle,
  feedId,
  feedPrice,
  feedVehicles,
  photoUrls,
  vehicleUrl,
} from './feed-vehicles.ts';

export const GOOGLE_FEED_PATH = '/feeds/google-vehiculos.csv';
/** The main site's store code: one dealership per feed. */
export const STORE_CODE = 'principal';

export const GOOGLE_COLUMNS = [
  'store_code',
  'id',
  'vin',
  'dealership_name',
  'dealership_address',
  'price',
  'condition',
  'make',
  'model',
  'trim',
  'year',
  'mileage',
  'exterior_color',
  'body_style',
  'engine',
  'link',
  'image_link',
  'additional_image_link',
  'vehicle_option',
] as const;

/**
 * Google takes a VIN only when it is valid by NHTSA's rules, check digit (position 9) included. The product accepts
 * VINs without a correct one (cars built for other markets carry another value there), so such a vehicle waits out
 * of this feed as one without a VIN does: its row would be refused, and the VIN is the one field Google matches a
 * car by. Meta's feed keeps it (ADR 0021).
 */
export const inGoogleFeed = (v: FeedVehicle) => hasValidCheckDigit(v.vin);

/** How many published vehicles with a VIN this feed leaves out for their check digit (the back office says so). */
export function googleFeedLeftOut(snapshot: CatalogueSnapshot): number {
  return feedVehicles(snapshot).filter((v) => !inGoogleFeed(v)).length;
}

export function buildGoogleFeed(snapshot: CatalogueSnapshot, options: FeedOptions): string {
  const address = dealershipAddress(options.dealership).oneLine;
  const rows = feedVehicles(snapshot)
    .filter(inGoogleFeed)
    .map((v) => {
      const [main, ...more] = photoUrls(options.publicUrl, v);
      // What the columns have no place for (transmission, fuel) goes first in the options list.
      const vehicleOptions = [displayTransmission(v.transmission.tipo), v.fuel.tipo, ...v.features];
      const row: Record<(typeof GOOGLE_COLUMNS)[number], string | number | null> = {
        store_code: STORE_CODE,
        id: feedId(v),
        vin: v.vin,
        dealership_name: options.dealership.name,
        dealership_address: address,
        price: feedPrice(v.price),
        condition: conditionTerms(v.condition).google,
        make: v.brand.nombre,
        // Google asks for the model without its trim, and the trim apart.
        model: v.modelName,
        trim: v.version,
        year: v.year,
        mileage: `${v.mileage} km`,
        exterior_color: v.color,
        body_style: bodyStyleTerms(v.bodyType.nombre)?.google ?? null,
        engine: v.engine,
        link: vehicleUrl(options.publicUrl, v),
        image_link: main ?? null,
        // Several URLs in one field, separated by commas (the field is then quoted).
        additional_image_link: more.slice(0, 10).join(','),
        vehicle_option: csvList(vehicleOptions),
      };
      return row;
    });
  return csvDocument(GOOGLE_COLUMNS, rows);
}
