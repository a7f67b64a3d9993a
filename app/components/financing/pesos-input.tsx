import { formatPrice } from '@domain/format';

interface Props {
  id: string;
  name: string;
  /** The amount as digits ('' when empty); shown grouped, "12.990.000". */
  digits: string;
  onDigits: (digits: string) => void;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/** Whatever was typed or pasted, as at most 11 digits ("$12.990.000" → "12990000"). */
const digitsOf = (text: string) => text.replace(/\D/g, '').slice(0, 11);

/** An amount in whole pesos: a "$" before it, its thousands grouped as it is typed, a numeric keyboard on phones. */
export function PesosInput({
  id,
  name,
  digits,
  onDigits,
  placeholder,
  disabled,
  invalid,
  describedBy,
}: Props) {
  return (
    <div className="relative">
      <span aria-hidden className="absolute inset-y-0 left-3 flex items-center text-slate-600">
        $
      </span>
      <input
        id={id}
        name={name}
        inputMode="numeric"
        autoComplete="off"
        maxLength={14}
        placeholder={placeholder}
        disabled={disabled}
        value={digits === '' ? '' : formatPrice(Number(digits)).slice(1)}
        onChange={(event) => onDigits(digitsOf(event.target.value))}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className="simulator-field pr-3 pl-7 aria-invalid:border-red-700"
      />
    </div>
  );
}
