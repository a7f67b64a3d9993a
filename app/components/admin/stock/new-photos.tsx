// The photos of a vehicle being created (issue 31 item 7): chosen with the form (on a phone, the camera or the
// gallery), shown at once, the first one the main photo, and sent with the form in one request, so the car is never
// created without the photos the person chose. The photo manager takes over on the vehicle's page.

import { STOCK_PHOTO_LIMITS } from '@contracts/admin-stock.ts';
import { useContext, useEffect, useId, useRef, useState } from 'react';
import { Badge } from '~/components/admin/ui';
import { FieldError, FieldErrors } from '~/components/forms/fields';
import { ImagePlus, Star, Trash2 } from '~/components/icons';
import { PHOTO_MB, precheck } from './photo-rules.ts';

interface Chosen {
  file: File;
  url: string;
}

const iconButton =
  'inline-flex min-h-10 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 text-slate-700 text-xs ' +
  'hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40';

export function NewPhotos({
  files,
  onChange,
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  disabled: boolean;
}) {
  const inputId = useId();
  const hintId = useId();
  const serverError = useContext(FieldErrors)[STOCK_PHOTO_LIMITS.field];
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen[]>([]);

  // One preview address per file, released when the file leaves the list.
  useEffect(() => {
    const next = files.map((file) => ({ file, url: URL.createObjectURL(file) }));
    setChosen(next);
    return () => {
      for (const item of next) URL.revokeObjectURL(item.url);
    };
  }, [files]);

  const room = STOCK_PHOTO_LIMITS.maxFiles - files.length;

  function add(picked: File[]) {
    if (picked.length === 0) return;
    const error = precheck(picked, room);
    setProblem(error);
    if (!error) onChange([...files, ...picked]);
    if (inputRef.current) inputRef.current.value = '';
  }

  const error = problem ?? serverError;
  return (
    <section
      aria-labelledby={`${inputId}-heading`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5"
    >
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={`${inputId}-heading`} className="font-semibold text-base text-slate-900">
          Fotos
        </h2>
        <p className="text-slate-600 text-sm">
          {files.length} de {STOCK_PHOTO_LIMITS.maxFiles}
        </p>
      </div>
      <label
        htmlFor={inputId}
        className={`flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 border-slate-300 border-dashed bg-slate-50 px-4 py-5 text-center hover:border-brand-500 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-brand-600 has-[input:focus-visible]:outline-offset-2 ${
          room <= 0 || disabled ? 'pointer-events-none opacity-60' : ''
        }`}
      >
        <ImagePlus aria-hidden className="size-7 text-brand-700" />
        <span className="font-semibold text-brand-800 text-sm">Agregar fotos</span>
        <span id={hintId} className="text-slate-600 text-xs">
          Toma o elige hasta {STOCK_PHOTO_LIMITS.maxFiles} fotos: JPG, PNG, WebP o AVIF, máx. {PHOTO_MB} MB
          cada una. Se guardan al crear el vehículo; después puedes agregar más y ordenarlas.
        </span>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/heic"
          multiple
          disabled={disabled || room <= 0}
          aria-label="Agregar fotos"
          aria-describedby={error ? `${inputId}-error ${hintId}` : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => add([...(event.currentTarget.files ?? [])])}
          className="sr-only"
        />
      </label>
      <FieldError id={`${inputId}-error`} error={error ?? undefined} />
      {chosen.length > 0 ? (
        <ol className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {chosen.map(({ file, url }, index) => (
            <li
              key={url}
              className={`overflow-hidden rounded-lg border ${index === 0 ? 'border-amber-400' : 'border-slate-200'}`}
            >
              <div className="relative aspect-[4/3] bg-slate-100">
                <img
                  src={url}
                  alt={`Foto ${index + 1}${index === 0 ? ' (principal)' : ''}: ${file.name}`}
                  className="size-full object-cover"
                />
                <span className="absolute top-1.5 left-1.5">
                  {index === 0 ? (
                    <Badge tone="warning">
                      <Star aria-hidden className="size-3 fill-current" />
                      Principal
                    </Badge>
                  ) : (
                    <Badge>Foto {index + 1}</Badge>
                  )}
                </span>
              </div>
              <div className="flex flex-wrap justify-between gap-1 p-1.5">
                {index > 0 ? (
                  <button
                    type="button"
                    className={iconButton}
                    disabled={disabled}
                    aria-label={`Hacer principal la foto ${index + 1}`}
                    onClick={() => onChange([file, ...files.filter((_, i) => i !== index)])}
                  >
                    <Star aria-hidden className="size-4" />
                    Principal
                  </button>
                ) : (
                  <span />
                )}
                <button
                  type="button"
                  className={`${iconButton} hover:border-red-300 hover:bg-red-50 hover:text-red-700`}
                  disabled={disabled}
                  aria-label={`Quitar la foto ${index + 1}`}
                  title="Quitar"
                  onClick={() => onChange(files.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-slate-600 text-sm">
          Sin fotos, el vehículo se guarda como borrador, salvo que elijas publicarlo sin ellas.
        </p>
      )}
    </section>
  );
}
