import type { ImageRef } from '../../../app/lib/media.ts';
import type { Condition } from '../../../contracts/vehicle.ts';

/** One published vehicle with everything the API and the pages show, joined once and cached. */
export interface VehicleRecord {
  id: number;
  brand: { id: number; nombre: string };
  model: string;
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
}
