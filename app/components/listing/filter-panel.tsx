import type { FilterOptions } from '@contracts/listing';
import { formatPrice } from '@domain/format';
import {
  type ListKey,
  PARAM,
  PRICE_DEFAULTS,
  parseCuotaMax,
  parsePriceMax,
  parsePriceMin,
  parseYear,
  toggleValue,
  withChange,
  YEAR_DEFAULTS,
} from '@domain/listing-query';
import { X } from '~/components/icons';
import { CheckboxGroup, MaxField, RangeFields } from './filter-fields';
import type { ListingState } from './use-listing-state';
import { useModalPanel } from './use-modal-panel';

interface Props {
  state: ListingState;
  options: FilterOptions;
  open: boolean;
  onClose: () => void;
  hydrated: boolean;
  total: number;
}

const labelled = { 'aria-labelledby': 'filtros-titulo' };
const closeClass = '-mr-2 rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden';
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((v) => b.includes(v));
const asOptions = (values: string[]) => values.map((value) => ({ value, label: value }));

/**
 * The filter sidebar; below the lg breakpoint a full-screen panel. Without JavaScript it is a plain GET
 * form opened through its #filtros anchor, with an 'Aplicar filtros' button.
 */
export function FilterPanel({ state, options, open, onClose, hydrated, total }: Props) {
  const { query, shownQuery, loading, apply } = state;
  const panelRef = useModalPanel(open, onClose);
  const toggle = (key: ListKey) => (value: string) => apply(toggleValue(query, key, value));
  // The model list depends on the chosen brands; it is stale until the new one arrives.
  const modelsLoading = loading && !sameSet(query.brands, shownQuery.brands);

  return (
    <div
      id="filtros"
      ref={panelRef}
      // A sidebar landmark; a modal dialog while open over a small screen.
      {...(open ? { role: 'dialog', 'aria-modal': true, ...labelled } : { role: 'region', ...labelled })}
      className={`flex-col bg-white max-lg:fixed max-lg:inset-0 max-lg:z-[60] lg:flex lg:self-start lg:rounded-2xl lg:shadow-sm lg:ring-1 lg:ring-slate-200 ${
        open ? 'max-lg:flex' : 'max-lg:hidden max-lg:target:flex'
      }`}
    >
      <div className="flex items-center justify-between border-slate-200 px-5 py-4 max-lg:border-b">
        <h2 id="filtros-titulo" className="font-bold text-lg text-slate-900">
          Filtros
        </h2>
        {hydrated ? (
          <button type="button" aria-label="Cerrar filtros" onClick={onClose} className={closeClass}>
            <X aria-hidden className="size-6" />
          </button>
        ) : (
          <a href="#resultados" aria-label="Cerrar filtros" className={closeClass}>
            <X aria-hidden className="size-6" />
          </a>
        )}
      </div>
      <div className="flex-1 space-y-4 overflow-y-auto px-5 pb-5 max-lg:pt-4 [&>*:first-child]:border-t-0 [&>*:first-child]:pt-0">
        <CheckboxGroup
          legend="Condición"
          name={PARAM.conditions}
          options={asOptions(['Nuevo', 'Usado'])}
          chosen={query.conditions}
          onToggle={toggle('conditions')}
        />
        <CheckboxGroup
          legend="Marca"
          name={PARAM.brands}
          options={asOptions(options.brands)}
          chosen={query.brands}
          onToggle={toggle('brands')}
          long
        />
        {modelsLoading ? (
          <p role="status" className="border-slate-200 border-t pt-4 text-slate-600 text-sm">
            Cargando filtros...
          </p>
        ) : (
          <CheckboxGroup
            legend="Modelo"
            name={PARAM.models}
            options={asOptions(options.models)}
            chosen={query.models}
            onToggle={toggle('models')}
            long
          />
        )}
        <CheckboxGroup
          legend="Tipo de vehículo"
          name={PARAM.bodyTypes}
          options={asOptions(options.bodyTypes)}
          chosen={query.bodyTypes}
          onToggle={toggle('bodyTypes')}
        />
        <CheckboxGroup
          legend="Transmisión"
          name={PARAM.transmissions}
          options={asOptions(options.transmissions)}
          chosen={query.transmissions}
          onToggle={toggle('transmissions')}
        />
        <CheckboxGroup
          legend="Combustible"
          name={PARAM.fuelTypes}
          options={asOptions(options.fuels)}
          chosen={query.fuelTypes}
          onToggle={toggle('fuelTypes')}
        />
        <RangeFields
          legend="Precio (CLP)"
          min={{
            name: PARAM.priceMin,
            value: query.price.min,
            parse: parsePriceMin,
            min: 0,
            placeholder: formatPrice(PRICE_DEFAULTS.min),
            onCommit: (min, replace) =>
              apply(withChange(query, { price: { ...query.price, min } }), { typing: replace }),
          }}
          max={{
            name: PARAM.priceMax,
            value: query.price.max,
            parse: parsePriceMax,
            placeholder: formatPrice(PRICE_DEFAULTS.max),
            onCommit: (max, replace) =>
              apply(withChange(query, { price: { ...query.price, max } }), { typing: replace }),
          }}
        />
        <MaxField
          legend="Cuota mensual (CLP)"
          hint="La «Cuota desde» de cada auto, con su CAE."
          max={{
            name: PARAM.cuotaMax,
            value: query.cuotaMax,
            parse: parseCuotaMax,
            min: 1,
            placeholder: 'Sin límite',
            onCommit: (cuotaMax, replace) => apply(withChange(query, { cuotaMax }), { typing: replace }),
          }}
        />
        <RangeFields
          legend="Año"
          min={{
            name: PARAM.yearMin,
            value: query.year.min,
            parse: parseYear,
            min: 1900,
            max: 2100,
            placeholder: String(YEAR_DEFAULTS.min),
            onCommit: (min, replace) =>
              apply(withChange(query, { year: { ...query.year, min } }), { typing: replace }),
          }}
          max={{
            name: PARAM.yearMax,
            value: query.year.max,
            parse: parseYear,
            min: 1900,
            max: 2100,
            placeholder: String(YEAR_DEFAULTS.max),
            onCommit: (max, replace) =>
              apply(withChange(query, { year: { ...query.year, max } }), { typing: replace }),
          }}
        />
      </div>
      <div className={`border-slate-200 px-5 py-4 max-lg:border-t ${hydrated ? 'lg:hidden' : ''}`}>
        {hydrated ? (
          <button
            type="button"
            onClick={onClose}
            className="h-12 w-full rounded-lg bg-accent-400 font-semibold text-slate-900 hover:bg-accent-300"
          >
            {loading ? 'Cargando vehículos...' : `Ver ${total} vehículos`}
          </button>
        ) : (
          <button
            type="submit"
            className="h-12 w-full rounded-lg bg-accent-400 font-semibold text-slate-900 hover:bg-accent-300"
          >
            Aplicar filtros
          </button>
        )}
      </div>
    </div>
  );
}
