import { formatMileage } from '@domain/format';
import type { VehicleView } from '@domain/vehicle';
import { CalendarDays, Car, Fuel, Gauge } from '~/components/icons';

/** The four figures of a side card: fuel, mileage, year and body type. */
export function VehicleFacts({ vehicle }: { vehicle: VehicleView }) {
  const facts = [
    { icon: Fuel, label: 'Combustible', value: vehicle.fuelType },
    { icon: Gauge, label: 'Kilometraje', value: formatMileage(vehicle.mileage) },
    { icon: CalendarDays, label: 'Año', value: String(vehicle.year) },
    { icon: Car, label: 'Tipo', value: vehicle.bodyType },
  ];
  return (
    <dl className="mt-5 grid grid-cols-2 gap-3">
      {facts.map(({ icon: Icon, label, value }) => (
        <div key={label} className="rounded-xl bg-slate-50 p-3">
          <dt className="flex items-center gap-1.5 text-slate-600 text-xs">
            <Icon aria-hidden className="size-4 shrink-0 text-brand-700" />
            {label}
          </dt>
          <dd className="mt-0.5 truncate font-semibold text-slate-900 text-sm">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
