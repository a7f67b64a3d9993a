import type { VehicleRecord } from '../../server/services/catalogue/vehicle-record.ts';
import { displayTransmission } from './format.ts';
import type { VehicleView } from './vehicle-view.ts';

export function toVehicleView(record: VehicleRecord): VehicleView {
  return {
    id: record.id,
    name: `${record.brand.nombre} ${record.model}`,
    brand: record.brand.nombre,
    model: record.model,
    year: record.year,
    price: record.price,
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
  };
}
