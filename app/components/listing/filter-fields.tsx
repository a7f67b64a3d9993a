import { useIslandId } from '~/lib/island-scope';
import { useDebouncedField } from './use-listing-state';

interface CheckboxGroupProps {
  legend: string;
  /** Query parameter name: without JavaScript the boxes are submitted as a GET form. */
  name: string;
  options: Array<{ value: string; label: string }>;
  chosen: string[];
  onToggle: (value: string) => void;
  /** Long lists scroll inside the panel instead of pushing the rest down. */
  long?: boolean;
  children?: React.ReactNode;
}

export function CheckboxGroup({
  legend,
  name,
  options,
  chosen,
  onToggle,
  long,
  children,
}: CheckboxGroupProps) {
  const id = useIslandId(name);
  return (
    <fieldset className="border-slate-200 border-t pt-4">
      <legend className="float-left mb-2 w-full font-semibold text-slate-900 text-sm">{legend}</legend>
      {children}
      <ul className={`clear-left space-y-0.5 ${long ? 'max-h-60 overflow-y-auto pr-1' : ''}`}>
        {options.map((option, index) => (
          <li key={option.value}>
            <label
              htmlFor={`${id}-${index}`}
              className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-slate-700 text-sm hover:bg-slate-100"
            >
              <input
                id={`${id}-${index}`}
                type="checkbox"
                name={name}
                value={option.value}
                checked={chosen.includes(option.value)}
                onChange={() => onToggle(option.value)}
                className="size-4 shrink-0 accent-brand-700"
              />
              {option.label}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Numeric fields wait a little longer than the search: prices are long numbers typed in bursts. */
export const RANGE_DEBOUNCE_MS = 600;

interface BoundFieldProps {
  label: string;
  name: string;
  value: number | null;
  parse: (text: string) => number | null;
  onCommit: (value: number | null, replace: boolean) => void;
  placeholder: string;
  min?: number;
  max?: number;
}

function BoundField({ label, name, value, parse, onCommit, placeholder, min, max }: BoundFieldProps) {
  const id = useIslandId(name);
  const normalize = (text: string) => String(parse(text) ?? '');
  const field = useDebouncedField(String(value ?? ''), (text) => onCommit(parse(text), value !== null), {
    delay: RANGE_DEBOUNCE_MS,
    normalize,
  });
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="mb-1 block text-slate-600 text-xs">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        name={name}
        step={1}
        min={min}
        max={max}
        value={field.value}
        placeholder={placeholder}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 text-sm [appearance:textfield] placeholder:text-slate-500 focus:border-brand-600 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
      />
    </div>
  );
}

interface RangeProps {
  legend: string;
  min: Omit<BoundFieldProps, 'label'>;
  max: Omit<BoundFieldProps, 'label'>;
}

/** A 'from – to' pair; an empty field is no bound. */
export function RangeFields({ legend, min, max }: RangeProps) {
  return (
    <fieldset className="border-slate-200 border-t pt-4">
      <legend className="float-left mb-2 w-full font-semibold text-slate-900 text-sm">{legend}</legend>
      <div className="clear-left flex gap-3">
        <BoundField label="Desde" {...min} />
        <BoundField label="Hasta" {...max} />
      </div>
    </fieldset>
  );
}

/** One upper bound under its legend (the cuota máxima); an empty field is no bound. */
export function MaxField({
  legend,
  hint,
  max,
}: {
  legend: string;
  hint: string;
  max: Omit<BoundFieldProps, 'label'>;
}) {
  return (
    <fieldset className="border-slate-200 border-t pt-4">
      <legend className="float-left mb-2 w-full font-semibold text-slate-900 text-sm">{legend}</legend>
      <div className="clear-left">
        <BoundField label="Hasta" {...max} />
      </div>
      <p className="mt-1 text-slate-600 text-xs">{hint}</p>
    </fieldset>
  );
}
