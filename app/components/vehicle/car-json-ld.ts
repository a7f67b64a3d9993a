import { stockReference } from '@domain/format';
import { largestWidth, mediaPath } from '@domain/media';
import type { VehicleView } from '@domain/vehicle';

/** Absolute URL of a photo as search engines and link previews fetch it: a JPEG of at most 1280 px. */
export function photoUrl(publicUrl: string, image: VehicleView['images'][number]): string {
  return `${publicUrl}${mediaPath(image.hash, Math.min(1280, largestWidth(image)), 'jpeg')}`;
}

/**
 * schema.org `Car` with an `Offer` in Chilean pesos, for rich results of a vehicle page; a sold vehicle's offer is
 * `SoldOut` (ADR 0018).
 */
export function carJsonLd(
  vehicle: VehicleView,
  publicUrl: string,
  dealerName: string,
  sold = false,
  description: string | null = null,
) {
  const url = `${publicUrl}/vehicles/${vehicle.id}`;
  const condition =
    vehicle.condition === 'Nuevo' ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition';
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: `${vehicle.name} ${vehicle.year}`,
    url,
    sku: stockReference(vehicle.id),
    brand: { '@type': 'Brand', name: vehicle.brand },
    model: vehicle.model,
    vehicleModelDate: String(vehicle.year),
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: vehicle.mileage, unitCode: 'KMT' },
    fuelType: vehicle.fuelType,
    vehicleTransmission: vehicle.transmission,
    vehicleEngine: { '@type': 'EngineSpecification', name: vehicle.engine },
    color: vehicle.color,
    bodyType: vehicle.bodyType,
    ...(vehicle.doors === null ? {} : { numberOfDoors: vehicle.doors }),
    ...(vehicle.previousOwners === null ? {} : { numberOfPreviousOwners: vehicle.previousOwners }),
    ...(description ? { description } : {}),
    itemCondition: condition,
    image: vehicle.images.map((image) => photoUrl(publicUrl, image)),
    offers: {
      '@type': 'Offer',
      url,
      price: vehicle.price,
      priceCurrency: 'CLP',
      availability: sold ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      itemCondition: condition,
      seller: { '@type': 'AutoDealer', name: dealerName },
    },
  };
}
