import type { VehicleView } from '~/lib/vehicle-view';

// Placeholder (issue 4): the inline 'Solicitar información' form of a vehicle page.
export function VehicleInquiryForm(_props: { vehicle: VehicleView; salesEmail: string }) {
  return null;
}
