// The parts of a sold vehicle's page (ADR 0018): the 'Vendido' banner, the side card without buying actions, and
// the specifications and features as plain sections. All server-rendered; the only code is the alert form's island.
import { formatChileDate } from '@domain/chile-time';
import { formatPrice, stockReference } from '@domain/format';
import type { VehicleView } from '@domain/vehicle';
import type { ReactNode } from 'react';
import { Handshake, MapPin } from '~/components/icons';
import { VehicleDescription } from './vehicle-description';
import { VehicleFacts } from './vehicle-facts';
import { Features, Specifications } from './vehicle-tabs';

/** The notice above the photos: the car is sold, and what the visitor can do instead. */
export function SoldBanner({ vehicle, soldAt }: { vehicle: VehicleView; soldAt: string }) {
  return (
    <div className="mt-4 flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:items-center sm:p-5">
      <Handshake aria-hidden className="size-8 shrink-0 text-amber-800" />
      <p className="text-sm sm:text-base">
        <strong className="mr-2 inline-block rounded-full bg-amber-900 px-3 py-0.5 font-bold text-sm text-white uppercase tracking-wide">
          Vendido
        </strong>
        {`Este ${vehicle.name} ${vehicle.year} se vendió el ${formatChileDate(soldAt)}. Mira los `}
        <a href="#similares" className="font-semibold underline underline-offset-2 hover:no-underline">
          vehículos similares
        </a>{' '}
        o déjanos tus datos y te avisamos si llega uno parecido.
      </p>
    </div>
  );
}

/** The side card of a sold vehicle: what it was, and the alert form in place of the buying actions. */
export function SoldSummary({ vehicle, children }: { vehicle: VehicleView; children: ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center justify-between gap-3">
        <p className="font-medium text-slate-600 text-sm">{stockReference(vehicle.id)}</p>
        <span className="inline-flex items-center rounded-full bg-slate-800 px-3 py-1 font-semibold text-white text-xs">
          Vendido
        </span>
      </div>
      <h1 className="mt-3 font-bold text-2xl text-slate-900 leading-tight md:text-3xl">{vehicle.name}</h1>
      <p className="mt-1 text-slate-600">
        {vehicle.year} · {vehicle.condition}
      </p>
      <p className="mt-4 text-slate-700">
        Precio publicado: <span className="font-semibold">{formatPrice(vehicle.price)}</span>
      </p>
      <VehicleFacts vehicle={vehicle} />
      <p className="mt-4 flex items-center gap-2 text-slate-600 text-sm">
        <MapPin aria-hidden className="size-4" />
        Santiago, Chile
      </p>
      <section aria-labelledby="aviso-similar" className="mt-6 border-slate-200 border-t pt-5">
        <h2 id="aviso-similar" className="font-bold text-slate-900 text-xl">
          Te avisamos si llega uno similar
        </h2>
        <p className="mt-1 mb-4 text-slate-600 text-sm">
          Déjanos tus datos y te contactamos cuando llegue un vehículo parecido.
        </p>
        {children}
      </section>
    </div>
  );
}

/** The description, specifications and features, one after the other (a sold vehicle has no financing tab). */
export function SoldVehicleDetails({
  vehicle,
  description = null,
}: {
  vehicle: VehicleView;
  description?: string | null;
}) {
  return (
    <div className="space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <VehicleDescription text={description} />
      <section aria-labelledby="especificaciones">
        <h2 id="especificaciones" className="mb-2 font-bold text-slate-900 text-xl">
          Especificaciones
        </h2>
        <Specifications vehicle={vehicle} />
      </section>
      <section aria-labelledby="caracteristicas">
        <h2 id="caracteristicas" className="mb-4 font-bold text-slate-900 text-xl">
          Características
        </h2>
        <Features features={vehicle.features} />
      </section>
    </div>
  );
}
