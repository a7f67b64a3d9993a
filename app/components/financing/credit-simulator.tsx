// The credit simulator (ADR 0017): the visitor's pie, plazo, credit type and insurances give every figure a credit
// offer must show (cuota, CAE, CTC, charges), computed by domain/credit.ts as they move. The choice lives in the
// address, so a shared link opens the same simulation; without JavaScript the form is a GET form the server answers.

import type { CreditTerm, CreditType } from '@contracts/credit-options.ts';
import type { FinancingSettings, RateLimits } from '@contracts/dealership.ts';
import type { SimulationRequest } from '@contracts/leads.ts';
import { type CreditSimulation, offeredTerms, simulateCredit } from '@domain/credit';
import { minimumDownPayment, type SimulatorChoice, simulatorParams } from '@domain/credit-params';
import { formatPercent, formatPrice } from '@domain/format';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { CircleAlert } from '~/components/icons';
import { useIslandId } from '~/lib/island-scope';
import { PesosInput } from './pesos-input';
import { SimulationFigures } from './simulation-figures';

/** What 'Solicitar este crédito' hands to the financing request. */
export interface SimulationHandoff {
  request: SimulationRequest;
  simulation: CreditSimulation;
}

interface Props {
  settings: FinancingSettings;
  /** The tasa máxima convencional and the UF value: a rate above the maximum is not quoted (ADR 0042). */
  limits: RateLimits;
  /** Who lends each credit type (the quotation's settings, ADR 0032). */
  lenders: Record<CreditType, string>;
  /** The price simulated, or null while the visitor has not given one (/financing). */
  price: number | null;
  initial: SimulatorChoice;
  /** Fields above the credit's own: the price and vehicle of /financing, the tab of the vehicle page. */
  leading?: ReactNode;
  /** Parameters the address keeps beside the simulation's (the vehicle page's tab, /financing's price). */
  addressParams: Array<[string, string]>;
  /** The address is already behind the visitor's choice when this simulation starts (/financing: a vehicle picked). */
  addressMoved?: boolean;
  onRequest: (handoff: SimulationHandoff) => void;
}

/** The es-CL figure of the live summary a screen reader hears once the visitor stops moving the controls. */
function spokenSummary(simulation: CreditSimulation): string {
  return (
    `${simulation.term} cuotas de ${formatPrice(simulation.installment)}, ` +
    `CAE ${formatPercent(simulation.caePercent)}, costo total del crédito ${formatPrice(simulation.totalCost)}.`
  );
}

export function CreditSimulator({
  settings,
  limits,
  lenders,
  price,
  initial,
  leading,
  addressParams,
  addressMoved,
  onRequest,
}: Props) {
  const [type, setType] = useState<CreditType>(initial.type);
  const [term, setTerm] = useState<CreditTerm>(initial.term);
  const [pieDigits, setPieDigits] = useState(() =>
    String(initial.pie ?? (price === null ? '' : minimumDownPayment(settings, initial.type, price))),
  );
  const [insurances, setInsurances] = useState<string[]>(initial.insurances);
  const [hydrated, setHydrated] = useState(false);
  const [spoken, setSpoken] = useState('');
  const id = useIslandId('simulador');

  const pie = pieDigits === '' ? Number.NaN : Number(pieDigits);
  const result =
    price === null
      ? null
      : simulateCredit(settings, { price, downPayment: { pesos: pie }, term, type, insurances }, limits);
  const terms = offeredTerms(settings, type);
  const minPercent = settings.credits[type].minDownPaymentPercent;
  const piePercent = price && Number.isFinite(pie) ? Math.round((pie / price) * 100) : minPercent;

  useEffect(() => setHydrated(true), []);
  // The pie follows the price (/financing's typed one): it keeps the share of the price the visitor gave it, never
  // under the credit type's minimum; the first price given starts at that minimum.
  const share = useRef(price && initial.pie !== null ? initial.pie / price : 0);
  const setPie = (digits: string) => {
    setPieDigits(digits);
    if (price) share.current = Number(digits) / price;
  };
  const priceBefore = useRef(price);
  useEffect(() => {
    if (price === priceBefore.current) return;
    priceBefore.current = price;
    if (price !== null)
      setPieDigits(
        String(Math.max(minimumDownPayment(settings, type, price), Math.round(price * share.current))),
      );
  }, [price, settings, type]);

  // Once the visitor changes something, the address follows the simulation (replaceState: moving a slider is not
  // a page to go back to).
  const choice: SimulatorChoice = {
    type,
    term,
    pie: Number.isFinite(pie) ? pie : null,
    insurances,
  };
  const search = new URLSearchParams([...addressParams, ...simulatorParams(choice)]).toString();
  const firstSearch = useRef(addressMoved ? '' : search);
  useEffect(() => {
    if (!hydrated || search === firstSearch.current) return;
    firstSearch.current = '';
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}?${search}${window.location.hash}`,
    );
  }, [hydrated, search]);

  // Announced politely, once the visitor pauses: not on every step of a slider.
  const summary = result === null ? '' : result.ok ? spokenSummary(result.simulation) : result.error;
  const firstSummary = useRef(summary);
  useEffect(() => {
    if (!hydrated || summary === firstSummary.current) return;
    firstSummary.current = '';
    const timer = window.setTimeout(() => setSpoken(summary), 700);
    return () => window.clearTimeout(timer);
  }, [hydrated, summary]);

  function chooseType(next: CreditType) {
    setType(next);
    const nextTerms = offeredTerms(settings, next);
    if (!nextTerms.includes(term)) setTerm(nextTerms.at(-1) ?? term);
    // A pie under the new minimum rises to it; a larger one stays the visitor's.
    if (price !== null && !(pie >= minimumDownPayment(settings, next, price)))
      setPie(String(minimumDownPayment(settings, next, price)));
  }

  const error = result && !result.ok ? result : null;
  const errorId = `${id}-error`;
  const pieInvalid = error?.field === 'downPayment';

  return (
    // Tests wait for "live": the vehicle page loads this code after the page itself.
    <div className="space-y-6" data-simulator={hydrated ? 'live' : 'server'}>
      <form
        method="get"
        action="#simulador"
        onSubmit={(event) => event.preventDefault()}
        className="grid gap-5 lg:grid-cols-2 print:hidden"
      >
        {addressParams
          .filter(([name]) => name === 'tab')
          .map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        {leading}
        <fieldset className="lg:col-span-2">
          <legend className="mb-2 font-medium text-slate-800 text-sm">Tipo de crédito</legend>
          <div className="grid grid-cols-2 gap-2">
            {(['convencional', 'directo'] as const).map((option) => (
              <Choice
                key={option}
                name="tipo"
                value={option}
                checked={type === option}
                onChange={() => chooseType(option)}
              >
                <span className="block font-semibold">{settings.credits[option].label}</span>
                <span className="block text-slate-600 text-xs">
                  Pie desde {settings.credits[option].minDownPaymentPercent}%
                </span>
              </Choice>
            ))}
          </div>
        </fieldset>

        <div className="lg:col-span-2">
          <label htmlFor={`${id}-pie`} className="mb-1.5 block font-medium text-slate-800 text-sm">
            Pie (en pesos)
          </label>
          <div className="flex items-center gap-3">
            <div className="w-44 shrink-0">
              <PesosInput
                id={`${id}-pie`}
                name="pie"
                digits={pieDigits}
                onDigits={setPie}
                invalid={pieInvalid}
                describedBy={pieInvalid ? errorId : `${id}-pie-hint`}
              />
            </div>
            <input
              type="range"
              aria-label="Pie en porcentaje del precio"
              aria-valuetext={`${piePercent}% del precio`}
              min={minPercent}
              max={90}
              step={1}
              value={Math.min(90, Math.max(minPercent, piePercent))}
              disabled={price === null}
              onChange={(event) => {
                if (price === null) return;
                setPie(String(Math.ceil((price * Number(event.target.value)) / 100)));
              }}
              className="h-11 min-w-0 flex-1 accent-brand-700"
            />
          </div>
          <p id={`${id}-pie-hint`} className="mt-1.5 text-slate-600 text-sm">
            {price === null
              ? `Mínimo ${minPercent}% del precio.`
              : `${Number.isFinite(pie) ? `${piePercent}% del precio` : 'Sin pie'} · mínimo ${minPercent}% (${formatPrice(minimumDownPayment(settings, type, price))}).`}
          </p>
        </div>

        <fieldset className="lg:col-span-2">
          <legend className="mb-2 font-medium text-slate-800 text-sm">Plazo</legend>
          <div className="grid grid-cols-4 gap-2">
            {terms.map((option) => (
              <Choice
                key={option}
                name="plazo"
                value={String(option)}
                checked={term === option}
                onChange={() => setTerm(option)}
              >
                <span className="font-semibold">{option}</span> <span className="text-sm">meses</span>
              </Choice>
            ))}
          </div>
        </fieldset>

        {settings.insurances.length > 0 ? (
          <fieldset className="lg:col-span-2">
            <legend className="mb-2 font-medium text-slate-800 text-sm">Seguros</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {settings.insurances.map((insurance) => (
                <label key={insurance.id} className="flex min-h-11 items-center gap-2 text-slate-800">
                  <input
                    type="checkbox"
                    name="seguros"
                    value={insurance.id}
                    checked={insurance.required || insurances.includes(insurance.id)}
                    disabled={insurance.required}
                    onChange={(event) =>
                      setInsurances((chosen) =>
                        event.target.checked
                          ? [...chosen, insurance.id]
                          : chosen.filter((other) => other !== insurance.id),
                      )
                    }
                    className="size-5 accent-brand-700"
                  />
                  {insurance.label}
                  {insurance.required ? ' (obligatorio)' : ' (opcional)'}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        {/* Without JavaScript the server computes the simulation the form sends. */}
        <button
          type="submit"
          hidden={hydrated}
          className="h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 lg:col-span-2 lg:justify-self-start"
        >
          Calcular
        </button>
      </form>

      {error ? (
        <p id={errorId} className="flex items-start gap-2 rounded-lg bg-red-50 p-4 text-red-800">
          <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
          {error.error}
        </p>
      ) : null}
      {result?.ok ? <SimulationFigures simulation={result.simulation} lender={lenders[type]} /> : null}
      <p aria-live="polite" className="sr-only">
        {spoken}
      </p>
      <p className="text-slate-600 text-xs leading-relaxed">{settings.legalNote}</p>
      <div className="flex flex-wrap gap-3 print:hidden">
        <button
          type="button"
          disabled={!result?.ok}
          onClick={() => {
            if (!result?.ok || price === null) return;
            onRequest({
              request: {
                precio: price,
                pie: result.simulation.downPayment,
                plazo: result.simulation.term,
                tipo: type,
                seguros: insurances,
              },
              simulation: result.simulation,
            });
          }}
          className="inline-flex h-12 items-center justify-center rounded-lg bg-accent-400 px-6 font-semibold text-slate-900 shadow-sm hover:bg-accent-300 disabled:cursor-not-allowed disabled:opacity-60"
        >
          Solicitar este crédito
        </button>
        {/* One page: the print style shows the quotation alone (app.css). */}
        <button
          type="button"
          hidden={!hydrated || !result?.ok}
          onClick={() => window.print()}
          className="inline-flex h-12 items-center justify-center rounded-lg border border-slate-300 bg-white px-6 font-semibold text-slate-800 hover:border-slate-500"
        >
          Imprimir cotización
        </button>
      </div>
    </div>
  );
}

/** A radio shown as a button: the radio, transparent, covers the whole box; the focus ring is the box's. */
function Choice({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={`relative flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-3 py-2 text-center has-focus-visible:outline-2 has-focus-visible:outline-brand-600 has-focus-visible:outline-offset-2 ${
        checked
          ? 'border-brand-700 bg-brand-50 text-brand-800'
          : 'border-slate-300 bg-white text-slate-800 hover:border-slate-500'
      }`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="absolute inset-0 z-10 size-full cursor-pointer opacity-0"
      />
      <span>{children}</span>
    </label>
  );
}
