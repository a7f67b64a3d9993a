import type { Condition } from '../../contracts/vehicle.ts';
import type { ImageRef } from './media.ts';

/** A vehicle as the pages show it ("Vehicle (derived for display)", SPEC §3). */
export interface VehicleView {
  id: number;
  /** brand + model */
  name: string;
  brand: string;
  model: string;
  year: number;
  price: number;
  mileage: number;
  fuelType: string;
  condition: Condition;
  /** Without the 'Transmisión ' prefix. */
  transmission: string;
  engine: string;
  color: string;
  bodyType: string;
  features: string[];
  featured: boolean;
  images: ImageRef[];
}

/** The smaller form a listing card needs: only the main photo travels to the browser. */
export type VehicleCardView = Pick<
  VehicleView,
  | 'id'
  | 'name'
  | 'brand'
  | 'model'
  | 'year'
  | 'price'
  | 'mileage'
  | 'fuelType'
  | 'condition'
  | 'bodyType'
  | 'transmission'
> & { image: ImageRef | null };

export function toCardView(vehicle: VehicleView): VehicleCardView {
  const {
    features: _features,
    images,
    engine: _engine,
    color: _color,
    featured: _featured,
    ...rest
  } = vehicle;
  return { ...rest, image: images[0] ?? null };
}
