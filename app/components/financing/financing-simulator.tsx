import type { CreditType } from '@contracts/credit-options.ts';
import type { FinancingSettings, RateLimits } from '@contracts/dealership.ts';
import type { FormConsent } from '@domain/consent';
import type { SimulatorChoice } from '@domain/credit-params';
import { Suspense, useRef, useState } from 'react';
import { LazyFinancingModal } from '~/components/forms/lazy-forms';
import { island } from '~/lib/island';
import { useIslandId } from '~/lib/island-scope';
import { CreditSimulator, type SimulationHandoff } from './credit-simulator';
import { PesosInput } from './pesos-input';

export interface StockChoice {
  id: number;
  name: string;
  year: number;
  price: number;
  /** What the choice shows: name, year, price, colour, mileage and reference (written by the server). */
  label: string;
}

interface Props {
  settings: FinancingSettings;
  limits: RateLimits;
  lenders: Record<CreditType, string>;
  /** Published vehicles to simulate, by name. */
  stock: StockChoice[];
  initial: SimulatorChoice;
  /** `vehiculo` and `precio` of the address, as the server read them. */
  vehicleId: number | null;
  price: number | null;
  /** For the financing request it opens: what its consent boxes name (ADR 0031). */
  consent: FormConsent;
}

/**
 * /financing's simulator: for a vehicle chosen from stock or a price the visitor types. 'Solicitar este crédito'
 * opens the financing request with the simulation.
 */
export function FinancingSimulator({
  settings,
  limits,
  lenders,
  stock,
  initial,
  vehicleId,
  price,
  consent,
}: Props) {
  const [chosenId, setChosenId] = useState(stock.some((v) => v.id === vehicleId) ? vehicleId : null);
  const [priceDigits, setPriceDigits] = useState(price === null ? '' : String(price));
  // Once the visitor picks a vehicle or types a price, the address follows them (a simulation remounts per vehicle).
  const [moved, setMoved] = useState(false);
  const [handoff, setHandoff] = useState<SimulationHandoff | null>(null);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const id = useIslandId('precio');

  const vehicle = stock.find((v) => v.id === chosenId) ?? null;
  const simulatedPrice = vehicle ? vehicle.price : priceDigits === '' ? null : Number(priceDigits);
  const addressParams: Array<[string, string]> = vehicle
    ? [['vehiculo', String(vehicle.id)]]
    : priceDigits === ''
      ? []
      : [['precio', priceDigits]];

  const leading = (
    <>
      <div>
        <label htmlFor={`${id}-vehiculo`} className="mb-1.5 block font-medium text-slate-800 text-sm">
          Vehículo de nuestro stock <span className="font-normal text-slate-600">(opcional)</span>
        </label>
        <select
          id={`${id}-vehiculo`}
          name="vehiculo"
          value={chosenId ?? ''}
          onChange={(event) => {
            setMoved(true);
            setChosenId(event.target.value === '' ? null : Number(event.target.value));
          }}
          className="simulator-field px-3.5"
        >
          <option value="">Otro vehículo: escribo el precio</option>
          {stock.map((v) => (
            <option key={v.id} value={v.id}>
              {v.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-valor`} className="mb-1.5 block font-medium text-slate-800 text-sm">
          Precio del vehículo (en pesos)
        </label>
        <PesosInput
          id={`${id}-valor`}
          name="precio"
          placeholder="12.990.000"
          disabled={vehicle !== null}
          digits={vehicle ? String(vehicle.price) : priceDigits}
          onDigits={(digits) => {
            setMoved(true);
            setPriceDigits(digits);
          }}
        />
      </div>
    </>
  );

  return (
    <>
      <CreditSimulator
        // A vehicle chosen starts its own simulation at its minimum pie.
        key={chosenId ?? 'precio'}
        settings={settings}
        limits={limits}
        lenders={lenders}
        price={simulatedPrice}
        initial={chosenId === vehicleId ? initial : { ...initial, pie: null }}
        leading={leading}
        addressParams={addressParams}
        addressMoved={moved}
        onRequest={(simulated) => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          setHandoff(simulated);
          setOpen(true);
        }}
      />
      {handoff ? (
        <Suspense fallback={null}>
          <LazyFinancingModal
            open={open}
            onClose={() => {
              setOpen(false);
              requestAnimationFrame(() => opener.current?.focus());
            }}
            vehicle={vehicle ?? undefined}
            simulation={handoff}
            consent={consent}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** As an island (ADR 0015): app/islands/financing-simulator.ts. */
export const FinancingSimulatorIsland = /* @__PURE__ */ island('financing-simulator', FinancingSimulator);
