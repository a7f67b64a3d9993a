// Labelled fields of the lead forms. Each field finds its error in the FieldErrors context, so a form only lists
// its fields; the error sentence sits below the field, linked with aria-describedby and flagged with aria-invalid.

import { PHONE_MAX_TYPED } from '@contracts/phone';
import { createContext, type ReactNode, useContext } from 'react';
import { ChevronDown, CircleAlert } from '~/components/icons';
import { useIslandId } from '~/lib/island-scope';

export const FieldErrors = createContext<Record<string, string>>({});

interface FieldProps {
  name: string;
  label: string;
  /** Every field is required unless docs/product.md says otherwise; optional ones say so in their label. */
  required?: boolean;
  hint?: string;
  /** Grid placement, e.g. 'sm:col-span-2'. */
  className?: string;
}

const control =
  'block w-full rounded-lg border border-slate-500 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs ' +
  'placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 ' +
  'focus-visible:outline-brand-600 aria-invalid:border-red-700 aria-invalid:bg-red-50/40 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100';

function Field({
  name,
  label,
  required = true,
  hint,
  className = '',
  children,
}: FieldProps & { children: (aria: ControlAria) => ReactNode }) {
  const id = useIslandId(name);
  const error = useContext(FieldErrors)[name];
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      {/* The asterisk sits outside the label so the field's name is just its label text. */}
      <div className="mb-1.5 flex items-baseline gap-0.5 text-sm">
        <label htmlFor={id} className="font-medium text-slate-800">
          {label}
          {required ? null : <span className="font-normal text-slate-600"> (opcional)</span>}
        </label>
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        ) : null}
      </div>
      {children({
        id,
        name,
        required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-slate-600 text-sm">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's Spanish error under it, with its icon; nothing when there is none. */
export function FieldError({ id, error }: { id: string | undefined; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-red-700 text-sm">
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      {error}
    </p>
  );
}

interface ControlAria {
  id: string;
  name: string;
  required: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

type InputProps = FieldProps &
  Pick<
    React.InputHTMLAttributes<HTMLInputElement>,
    'type' | 'autoComplete' | 'inputMode' | 'defaultValue' | 'maxLength' | 'min' | 'placeholder'
  >;

export function TextField({ name, label, required, hint, className, type = 'text', ...input }: InputProps) {
  return (
    <Field name={name} label={label} required={required} hint={hint} className={className}>
      {(aria) => <input {...aria} {...input} type={type} className={control} />}
    </Field>
  );
}

export function TextAreaField({
  name,
  label,
  required,
  hint,
  className,
  rows = 4,
  defaultValue,
  maxLength,
  placeholder,
}: FieldProps & { rows?: number; defaultValue?: string; maxLength?: number; placeholder?: string }) {
  return (
    <Field name={name} label={label} required={required} hint={hint} className={className}>
      {(aria) => (
        <textarea
          {...aria}
          rows={rows}
          defaultValue={defaultValue}
          maxLength={maxLength}
          placeholder={placeholder}
          className={`${control} resize-y`}
        />
      )}
    </Field>
  );
}

export function SelectField({
  name,
  label,
  required,
  hint,
  className,
  options,
  placeholder = 'Selecciona una opción',
  defaultValue = '',
}: FieldProps & {
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  defaultValue?: string;
}) {
  return (
    <Field name={name} label={label} required={required} hint={hint} className={className}>
      {(aria) => (
        <div className="relative">
          <select {...aria} defaultValue={defaultValue} className={`${control} appearance-none pr-10`}>
            {/* An empty choice that cannot be picked back: the visitor has to choose one (docs/product.md). */}
            <option value="" disabled={required !== false}>
              {placeholder}
            </option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden
            className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-600"
          />
        </div>
      )}
    </Field>
  );
}

/**
 * Who is asking: full name (full width), phone and e-mail, as every lead form asks them. The field names differ
 * per endpoint (docs/api.md: name/nombre, phone/telefono, email/correo); the order follows each original form.
 */
export function PersonFields({
  names,
  order,
}: {
  names: { name: string; phone: string; email: string };
  order: 'phone-first' | 'email-first';
}) {
  const phone = (
    <TextField
      name={names.phone}
      label="Teléfono"
      type="tel"
      autoComplete="tel"
      maxLength={PHONE_MAX_TYPED}
      placeholder="+56 9 1234 5678"
    />
  );
  const email = (
    <TextField
      name={names.email}
      label="Correo electrónico"
      type="email"
      autoComplete="email"
      maxLength={254}
    />
  );
  return (
    <>
      <TextField
        name={names.name}
        label="Nombre completo"
        autoComplete="name"
        maxLength={100}
        className="sm:col-span-2"
      />
      {order === 'phone-first' ? phone : email}
      {order === 'phone-first' ? email : phone}
    </>
  );
}
