import type { CreditType } from '@contracts/credit-options.ts';
import type { FinancingSettings, RateLimits } from '@contracts/dealership.ts';
import type { FormConsent } from '@domain/consent';
import type { SimulatorChoice } from '@domain/credit-params';
import { formatMileage } from '@domain/format';
import type { VehicleView } from '@domain/vehicle';
import {
  type ComponentType,
  type KeyboardEvent,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { CreditSimulator, SimulationHandoff } from '~/components/financing/credit-simulator';
import { LazyFinancingModal } from '~/components/forms/lazy-forms';
import { Check } from '~/components/icons';
import { island } from '~/lib/island';
import { ServerMarkup } from '~/lib/server-markup';
import { withSoftHyphens } from '~/lib/soft-hyphens';
import { FinancingInfo } from './financing-info';

// With soft hyphens: on a narrow phone a label breaks into two lines, hyphenated where Spanish breaks it, so the
// three tabs stay whole side by side (from 320 px) instead of scrolling out of view.
const TABS = [
  { id: 'especificaciones', label: withSoftHyphens('Especificaciones') },
  { id: 'caracteristicas', label: withSoftHyphens('Características') },
  { id: 'financiamiento', label: withSoftHyphens('Financiamiento') },
] as const;

interface Props {
  vehicle: VehicleView;
  downPayment: string;
  /** Who may get the direct credit, or null (ADR 0034). */
  directRestriction: string | null;
  financing: FinancingSettings;
  /** The tasa máxima convencional and the UF value the simulator holds its rates under (ADR 0042). */
  limits: RateLimits;
  lenders: Record<CreditType, string>;
  /** The simulation the address names, or the default one. */
  simulation: SimulatorChoice;
  /** The `tab` of the page's address, which the server rendered. */
  initialTab: string | null;
  onFinancing: (handoff?: SimulationHandoff) => void;
}

/**
 * The ARIA tabs pattern with automatic activation: arrows move and select, Home/End jump to the ends.
 * The tabs are links to `?tab=…`, so without JavaScript the server renders the chosen tab.
 */
export function VehicleTabs({
  vehicle,
  downPayment,
  directRestriction,
  financing,
  limits,
  lenders,
  simulation,
  initialTab,
  onFinancing,
}: Props) {
  const [selected, setSelected] = useState(() =>
    Math.max(
      0,
      TABS.findIndex((t) => t.id === initialTab),
    ),
  );
  const tabs = useRef<Array<HTMLAnchorElement | null>>([]);
  const financingTab = TABS.findIndex((t) => t.id === 'financiamiento');
  const Simulator = useSimulatorCode(selected === financingTab);

  function select(index: number) {
    setSelected(index);
    tabs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const last = TABS.length - 1;
    const next: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  const panels: ReactNode[] = [
    <Specifications key="specs" vehicle={vehicle} />,
    <Features key="features" features={vehicle.features} />,
    <div key="financing" className="space-y-8">
      {/* What prints: the figures and the terms of the quotation, alone on one page (app.css). */}
      <div data-quotation className="space-y-8">
        <section id="simulador" aria-labelledby="simulador-titulo">
          <h3 id="simulador-titulo" className="mb-4 font-bold text-slate-900 text-xl">
            Simula tu crédito
          </h3>
          {Simulator ? (
            <Simulator
              settings={financing}
              limits={limits}
              lenders={lenders}
              price={vehicle.price}
              initial={simulation}
              addressParams={[['tab', 'financiamiento']]}
              onRequest={onFinancing}
            />
          ) : (
            <ServerMarkup slot="simulador" />
          )}
        </section>
        <ServerMarkup slot="cotizacion" />
      </div>
      <FinancingInfo
        downPayment={downPayment}
        directRestriction={directRestriction}
        onFinancing={() => onFinancing()}
      />
    </div>,
  ];

  return (
    <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2 id="informacion-vehiculo" className="sr-only">
        Información del vehículo
      </h2>
      <div role="tablist" aria-labelledby="informacion-vehiculo" className="flex border-slate-200 border-b">
        {TABS.map((tab, index) => (
          <a
            key={tab.id}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            role="tab"
            id={`tab-${tab.id}`}
            href={`?tab=${tab.id}`}
            aria-selected={index === selected}
            aria-controls={`panel-${tab.id}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={(event) => {
              event.preventDefault();
              select(index);
            }}
            onPointerEnter={tab.id === 'financiamiento' ? loadSimulator : undefined}
            onFocus={tab.id === 'financiamiento' ? loadSimulator : undefined}
            onKeyDown={onKeyDown}
            className={`-mb-px flex min-h-12 min-w-0 flex-1 items-center justify-center border-b-3 px-0.5 py-3 text-center font-semibold text-[0.8125rem] leading-tight transition sm:flex-none sm:px-5 sm:py-4 sm:text-base ${
              index === selected
                ? 'border-brand-700 text-brand-700'
                : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {tab.label}
          </a>
        ))}
      </div>
      {TABS.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          hidden={index !== selected}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: APG tabs pattern: a panel is reachable by Tab.
          tabIndex={0}
          className="p-5 sm:p-6"
        >
          {panels[index]}
        </div>
      ))}
    </div>
  );
}

const loadSimulator = () => import('~/components/financing/credit-simulator');

/**
 * The simulator's code, once the financing tab has been shown (pointing at the tab starts the download): until then
 * the visitor reads the tab's server-rendered markup, and the page's first load stays within its budget.
 */
function useSimulatorCode(shown: boolean): ComponentType<Parameters<typeof CreditSimulator>[0]> | null {
  const [Simulator, setSimulator] = useState<typeof CreditSimulator | null>(null);
  useEffect(() => {
    if (!shown || Simulator) return;
    let live = true;
    void loadSimulator().then((module) => {
      if (live) setSimulator(() => module.CreditSimulator);
    });
    return () => {
      live = false;
    };
  }, [shown, Simulator]);
  return Simulator;
}

/**
 * The tabs with the financing request they open ('Consultar por financiamiento'): the form loads when first
 * opened, and on closing focus goes back to the button that opened it.
 */
export function VehicleTabsWithFinancing({
  consent,
  ...props
}: Omit<Props, 'onFinancing'> & { consent: FormConsent }) {
  const { vehicle } = props;
  const [financingOpen, setFinancingOpen] = useState(false);
  const [handoff, setHandoff] = useState<SimulationHandoff | undefined>();
  const financingOpener = useRef<HTMLElement | null>(null);
  const openFinancing = (simulated?: SimulationHandoff) => {
    financingOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setHandoff(simulated);
    setFinancingOpen(true);
  };
  const closeFinancing = () => {
    setFinancingOpen(false);
    requestAnimationFrame(() => financingOpener.current?.focus());
  };
  return (
    <>
      <VehicleTabs {...props} onFinancing={openFinancing} />
      {financingOpen ? (
        <Suspense fallback={null}>
          <LazyFinancingModal
            open
            onClose={closeFinancing}
            vehicle={{ id: vehicle.id, name: vehicle.name, year: vehicle.year, price: vehicle.price }}
            simulation={handoff}
            consent={consent}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** The tabs as an island (ADR 0015): app/islands/vehicle-tabs.ts. */
export const VehicleTabsIsland = /* @__PURE__ */ island('vehicle-tabs', VehicleTabsWithFinancing);

/** The 'Especificaciones' panel (also a section of a sold vehicle's page). */
export function Specifications({ vehicle }: { vehicle: VehicleView }) {
  const rows: Array<[string, string]> = [
    ['Marca', vehicle.brand],
    ['Modelo', vehicle.model],
    ['Año', String(vehicle.year)],
    ['Kilometraje', formatMileage(vehicle.mileage)],
    ['Combustible', vehicle.fuelType],
    ['Transmisión', vehicle.transmission],
    ['Motor', vehicle.engine],
    ['Color', vehicle.color],
    ['Tipo', vehicle.bodyType],
    ['Condición', vehicle.condition],
    // Said only when staff gave them (ADR 0040).
    ...(vehicle.doors === null ? [] : [['Puertas', String(vehicle.doors)] as [string, string]]),
    ...(vehicle.previousOwners === null
      ? []
      : [['Dueños anteriores', ownersText(vehicle.previousOwners)] as [string, string]]),
  ];
  return (
    <dl className="grid gap-x-10 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 border-slate-100 border-b py-3">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-right font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const ownersText = (owners: number) => (owners === 0 ? 'Ninguno' : String(owners));

/** The 'Características' panel (also a section of a sold vehicle's page). */
export function Features({ features }: { features: string[] }) {
  if (features.length === 0)
    return <p className="text-slate-600">Este vehículo no tiene características registradas.</p>;
  return (
    <ul className="grid gap-x-8 gap-y-3 sm:grid-cols-2">
      {features.map((feature) => (
        <li key={feature} className="flex items-start gap-3 text-slate-800">
          <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
