// Texts of the vehicle page's enquiry (docs/product.md): the line of interest, the vehicle-info block appended on send and
// the 'Usar mi correo' mailto link.
import { formatMileage, formatPrice } from '@domain/format';
import type { VehicleView } from '@domain/vehicle';

type VehicleFacts = Pick<
  VehicleView,
  | 'id'
  | 'name'
  | 'year'
  | 'price'
  | 'condition'
  | 'mileage'
  | 'engine'
  | 'transmission'
  | 'color'
  | 'bodyType'
>;

export function interestLine(vehicle: VehicleFacts): string {
  return `Hola, me interesa el ${vehicle.name} ${vehicle.year} publicado en ${formatPrice(vehicle.price)}.`;
}

function factLines(vehicle: VehicleFacts): string[] {
  return [
    `Vehículo: ${vehicle.name}`,
    `Año: ${vehicle.year}`,
    `Precio: ${formatPrice(vehicle.price)}`,
    `Condición: ${vehicle.condition}`,
    `Kilometraje: ${formatMileage(vehicle.mileage)}`,
    `Motor: ${vehicle.engine}`,
    `Transmisión: ${vehicle.transmission}`,
    `Color: ${vehicle.color}`,
    `Tipo: ${vehicle.bodyType}`,
  ];
}

/** The visitor's message followed by the facts staff need to know which car it is about. */
export function messageWithVehicleInfo(message: string, vehicle: VehicleFacts, pageUrl: string): string {
  return [
    message.trim(),
    '',
    '--- Información del vehículo ---',
    ...factLines(vehicle),
    `Enlace: ${pageUrl}`,
  ].join('\n');
}

export function inquiryMailto(salesEmail: string, vehicle: VehicleFacts): string {
  const subject = `Solicitud de información: ${vehicle.name} ${vehicle.year}`;
  const body = [
    'Hola, me gustaría recibir más información sobre este vehículo:',
    '',
    ...factLines(vehicle),
  ].join('\r\n');
  return `mailto:${salesEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
