// Which published vehicles the feeds list and what they share: their page, photos and the dealership's address.
import type { Dealership } from '@contracts/dealership.ts';
import { regionOf } from '@domain/ad-feeds.ts';
import { stockReference } from '@domain/format.ts';
import type { VehicleRecord } from '@domain/vehicle.ts';
import type { CatalogueSnapshot } from '../catalogue/catalogue.ts';
import { imageUrl } from '../catalogue/to-api.ts';

export interface FeedOptions {
  publicUrl: string;
  dealership: Dealership;
}

/** A published vehicle the ad catalogs can take: it has a VIN (both formats require one). */
export type FeedVehicle = VehicleRecord & { vin: string };

export function feedVehicles(snapshot: CatalogueSnapshot): FeedVehicle[] {
  return snapshot.vehicles.filter((v): v is FeedVehicle => typeof v.vin === 'string' && v.vin !== '');
}

/** The id both feeds give a vehicle: the REF staff and customers already use, stable across VIN corrections. */
export const feedId = (v: VehicleRecord) => stockReference(v.id);

export const vehicleUrl = (publicUrl: string, v: VehicleRecord) => `${publicUrl}/vehicles/${v.id}`;

export const photoUrls = (publicUrl: string, v: VehicleRecord) =>
  v.images.map((image) => imageUrl(publicUrl, image));

/**
 * The main site's address (the first one of the dealership's settings), in the parts the feeds ask for. The one
 * line follows Google's example ("street, city, region postal code, country"): "Av. Vicuña Mackenna 4120, San
 * Joaquín, Santiago 8940000, Chile"; without a postal code in the settings it has none.
 */
export function dealershipAddress(dealership: Dealership) {
  const [main] = dealership.addresses;
  if (!main) throw new Error('the dealership has no address');
  const cityAndCode = main.postalCode ? `${main.city} ${main.postalCode}` : main.city;
  return {
    street: main.street,
    commune: main.commune,
    city: main.city,
    region: regionOf(main.city),
    postalCode: main.postalCode ?? null,
    country: 'CL',
    oneLine: `${main.street}, ${main.commune}, ${cityAndCode}, Chile`,
  };
}

/** "12990000 CLP": whole pesos with the ISO 4217 code, as both formats write a price. */
export const feedPrice = (pesos: number) => `${Math.round(pesos)} CLP`;
