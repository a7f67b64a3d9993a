import type { Vehicle, VehicleSummary } from '@contracts/vehicle.ts';
import { largestWidth, mediaPath } from '@domain/media.ts';
import type { VehicleRecord } from '@domain/vehicle.ts';

/** Whole pesos as the decimal string of the contract: 12990000 → "12990000.00". */
export function toDecimalString(pesos: number): string {
  return `${Math.trunc(pesos)}.00`;
}

/** Absolute URL of an image's largest JPEG variant (the back office shows the same URLs as the API). */
export function imageUrl(publicUrl: string, image: VehicleRecord['images'][number]): string {
  return `${publicUrl}${mediaPath(image.hash, largestWidth(image), 'jpeg')}`;
}

export function toApiVehicle(record: VehicleRecord, publicUrl: string): Vehicle {
  return {
    id: record.id,
    marca: record.brand,
    modelo: record.model,
    año: record.year,
    precio: toDecimalString(record.price),
    imagenes: record.images.map((image) => ({ imagen: imageUrl(publicUrl, image) })),
    combustible: record.fuel,
    kilometraje: record.mileage,
    condicion: record.condition,
    transmision: record.transmission,
    motor: record.engine,
    color: record.color,
    tipo: record.bodyType,
    caracteristicas: record.features.map((nombre) => ({ nombre })),
    destacado: record.featured,
    // Additive (ADR 0040): null when staff did not say. The patente is never public.
    puertas: record.doors ?? null,
    duenos_anteriores: record.previousOwners ?? null,
    descripcion: record.description ?? null,
  };
}

export function toVehicleSummary(record: VehicleRecord, publicUrl: string): VehicleSummary {
  const first = record.images[0];
  return {
    id: record.id,
    marca: record.brand.nombre,
    modelo: record.model,
    año: record.year,
    precio: toDecimalString(record.price),
    imagen: first ? imageUrl(publicUrl, first) : null,
    combustible: record.fuel.tipo,
    kilometraje: record.mileage,
    condicion: record.condition,
    transmision: record.transmission.tipo,
    tipo: record.bodyType.nombre,
    destacado: record.featured,
  };
}
