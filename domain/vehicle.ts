import type { CreditOffer } from '@contracts/dealership.ts';
import type { ImageRef, InstallmentFrom, VehicleCardView } from '@contracts/listing.ts';
import type { Condition } from '@contracts/vehicle.ts';
import { lowestInstallment } from './credit.ts';
import { displayTransmission } from './format.ts';
import { type PriceDrop, previousPriceShown } from './price-drop.ts';

/** One published vehicle with everything the API and the pages show, joined once and cached by the catalogue. */
export interface VehicleRecord {
  id: number;
  brand: { id: number; nombre: string };
  /** The model as the pages show it, its version included ("Ranger XLT 4x4"): the public API's `modelo`. */
  model: string;
  /** The model without its version ("Ranger") and the version ("XLT 4x4", or null), for the ad catalogs. */
  modelName: string;
  version: string | null;
  year: number;
  price: number;
  mileage: number;
  condition: Condition;
  transmission: { id: number; tipo: string };
  fuel: { id: number; tipo: string };
  bodyType: { id: number; nombre: string };
  engine: string;
  color: string;
  featured: boolean;
  features: string[];
  images: ImageRef[];
  /** ISO 3779 VIN, or null/absent: the ad-catalog feeds list only vehicles that have one (ADR 0021). */
  vin?: string | null;
  /** Doors, previous owners and the description staff wrote (ADR 0040); null or absent when not said. */
  doors?: number | null;
  previousOwners?: number | null;
  description?: string | null;
  /** The decrease behind the current price, if its newest change lowered it (domain/price-drop.ts). */
  priceDrop?: PriceDrop | null;
}

/** A vehicle as the pages show it ("Vehicle (derived for display)" of the product's data model): the card's fields
 * and every photo, engine, colour, features and the featured flag. */
export interface VehicleView extends Omit<VehicleCardView, 'image'> {
  engine: string;
  color: string;
  features: string[];
  featured: boolean;
  images: ImageRef[];
  /** Null when staff did not say (the page then leaves the line out). */
  doors: number | null;
  previousOwners: number | null;
}

/**
 * "Cuota desde" of a price under the dealership's financing settings: a credit every buyer can get, named, or the
 * restriction of the one it advertises (ADR 0034).
 */
export function installmentFrom(offer: CreditOffer, price: number): InstallmentFrom | null {
  const lowest = lowestInstallment(offer.financing, price, offer.creditEligibility, offer);
  if (!lowest) return null;
  const { installment, caePercent, totalCost, term, downPayment, downPaymentPercent, type, typeLabel } =
    lowest;
  return {
    installment,
    caePercent,
    totalCost,
    term,
    downPayment,
    downPaymentPercent,
    type,
    typeLabel,
    restriction: offer.creditEligibility[type],
  };
}

/** `now` decides whether a decrease is still announced ("Bajó de precio" lasts 30 days). */
export function toVehicleView(
  record: VehicleRecord,
  offer: CreditOffer,
  now: number = Date.now(),
): VehicleView {
  return {
    id: record.id,
    name: `${record.brand.nombre} ${record.model}`,
    brand: record.brand.nombre,
    model: record.model,
    year: record.year,
    price: record.price,
    previousPrice: previousPriceShown(record.price, record.priceDrop, now),
    mileage: record.mileage,
    fuelType: record.fuel.tipo,
    condition: record.condition === 'Usado' ? 'Usado' : 'Nuevo',
    transmission: displayTransmission(record.transmission.tipo),
    engine: record.engine,
    color: record.color,
    bodyType: record.bodyType.nombre,
    features: record.features,
    featured: record.featured,
    images: record.images,
    installmentFrom: installmentFrom(offer, record.price),
    doors: record.doors ?? null,
    previousOwners: record.previousOwners ?? null,
  };
}

export function toCardView(vehicle: VehicleView): VehicleCardView {
  const {
    features: _features,
    images,
    engine: _engine,
    color: _color,
    featured: _featured,
    doors: _doors,
    previousOwners: _previousOwners,
    ...rest
  } = vehicle;
  return { ...rest, image: images[0] ?? null };
}
