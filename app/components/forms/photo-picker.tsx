// The photo picker of the appraisal form: a drop zone over a visually hidden file input, previews with a remove
// button each; disabled once the limit is reached.

import { SELL_PHOTO_LIMITS } from '@contracts/lead-options.ts';
import type { DragEvent } from 'react';
import { ImagePlus, X } from '~/components/icons';
import { useIslandId } from '~/lib/island-scope';
import { PHOTO_TYPES, type usePhotos } from './use-photos';

export function PhotoPicker({ picker }: { picker: ReturnType<typeof usePhotos> }) {
  const id = useIslandId('fotos');
  const { photos, message, full } = picker;
  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    if (!full) void picker.add(Array.from(event.dataTransfer.files));
  }
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-1.5 font-medium text-slate-800 text-sm">
        Fotos del vehículo <span className="font-normal text-slate-600">(opcional)</span>
      </legend>
      <label
        htmlFor={`${id}-input`}
        onDragOver={(event) => event.preventDefault()}
        onDrop={drop}
        className={`flex flex-col items-center gap-1 rounded-xl border-2 border-dashed px-4 py-6 text-center transition has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-accent-500 has-[input:focus-visible]:outline-offset-2 ${
          full
            ? 'cursor-not-allowed border-slate-300 bg-slate-100 text-slate-600'
            : 'cursor-pointer border-slate-400 bg-slate-50 text-slate-700 hover:border-brand-600 hover:bg-brand-50'
        }`}
      >
        <ImagePlus aria-hidden className={`size-8 ${full ? 'text-slate-500' : 'text-brand-700'}`} />
        <span id={`${id}-label`} className={`font-semibold ${full ? 'text-slate-700' : 'text-brand-700'}`}>
          {full ? 'Máximo de fotos alcanzado' : 'Agregar fotos'}
        </span>
        <span id={`${id}-hint`} className="text-sm">
          JPG, PNG, máx 5MB · {photos.length} de {SELL_PHOTO_LIMITS.maxFiles} fotos
        </span>
        <input
          id={`${id}-input`}
          type="file"
          multiple
          accept={PHOTO_TYPES.join(',')}
          disabled={full}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint${message ? ` ${id}-message` : ''}`}
          onChange={(event) => {
            void picker.add(Array.from(event.currentTarget.files ?? []));
            // Cleared so the same file can be chosen again after removing it.
            event.currentTarget.value = '';
          }}
          className="sr-only"
        />
      </label>
      <div role="alert">
        {message ? (
          <p id={`${id}-message`} className="mt-2 text-red-700 text-sm">
            {message}
          </p>
        ) : null}
      </div>
      {photos.length > 0 ? (
        <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5">
          {photos.map((photo, index) => (
            <li key={photo.id} className="relative aspect-square overflow-hidden rounded-lg bg-slate-200">
              <img
                src={photo.url}
                alt={`Foto ${index + 1}: ${photo.file.name}`}
                className="size-full object-cover"
              />
              <button
                type="button"
                onClick={() => picker.remove(photo.id)}
                aria-label={`Quitar foto ${index + 1}`}
                className="absolute top-1 right-1 rounded-full bg-slate-900/75 p-1.5 text-white hover:bg-slate-900"
              >
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
