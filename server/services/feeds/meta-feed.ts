// The Meta (Facebook, Instagram) vehicle catalog feed, XML (ADR 0021): one <listing> per published vehicle with a
// VIN and at least one photo, with every field Meta requires and the optional ones the stock knows.
import {
  bodyStyleTerms,
  conditionTerms,
  drivetrainTerm,
  feedDescription,
  feedTitle,
  type MetaValue,
  metaFuelType,
  metaTransmission,
} from '@domain/ad-feeds.ts';
import type { CatalogueSnapshot } from '../catalogue/catalogue.ts';
import { optional, xmlDocument } from './feed-text.ts';
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

export const META_FEED_PATH = '/feeds/meta-vehiculos.xml';
/** Meta takes up to 20 photos per vehicle. */
const MAX_IMAGES = 20;

type Address = Record<string, unknown>;

function listing(v: FeedVehicle, options: FeedOptions, address: Address): Record<string, unknown> {
  return {
    vehicle_id: optional(feedId(v)),
    vin: optional(v.vin),
    title: optional(feedTitle(v)),
    description: optional(feedDescription(v)),
    url: optional(vehicleUrl(options.publicUrl, v)),
    make: optional(v.brand.nombre),
    // The model without its version, and the version as Meta's trim (the title says both).
    model: optional(v.modelName),
    trim: optional(v.version),
    year: optional(v.year),
    mileage: { value: optional(v.mileage), unit: 'KM' satisfies MetaValue<'mileage.unit'> },
    image: photoUrls(options.publicUrl, v)
      .slice(0, MAX_IMAGES)
      .map((url, i) => ({ url: optional(url), tag: i === 0 ? 'Principal' : 'Galería' })),
    body_style: bodyStyleTerms(v.bodyType.nombre)?.meta ?? ('OTHER' satisfies MetaValue<'body_style'>),
    exterior_color: optional(v.color),
    price: feedPrice(v.price),
    state_of_vehicle: conditionTerms(v.condition).meta,
    transmission: metaTransmission(v.transmission.tipo),
    fuel_type: metaFuelType(v.fuel.tipo),
    drivetrain: drivetrainTerm(v.features, v.version) ?? undefined,
    // Only vehicles for sale are listed.
    availability: 'AVAILABLE' satisfies MetaValue<'availability'>,
    dealer_name: optional(options.dealership.name),
    address,
  };
}

export function buildMetaFeed(snapshot: CatalogueSnapshot, options: FeedOptions): string {
  const a = dealershipAddress(options.dealership);
  const address: Address = {
    '@format': 'simple',
    component: [
      { '@name': 'addr1', '#text': a.street },
      { '@name': 'city', '#text': a.commune },
      { '@name': 'region', '#text': a.region },
      ...(a.postalCode ? [{ '@name': 'postal_code', '#text': a.postalCode }] : []),
      { '@name': 'country', '#text': a.country },
    ],
  };
  return xmlDocument({
    listings: {
      title: optional(`${options.dealership.name}: vehículos disponibles`),
      link: { '@rel': 'self', '@href': `${options.publicUrl}${META_FEED_PATH}` },
      listing: feedVehicles(snapshot)
        .filter((v) => v.images.length > 0)
        .map((v) => listing(v, options, address)),
    },
  });
}
