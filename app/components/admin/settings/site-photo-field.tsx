import type { SitePhoto } from '@contracts/dealership.ts';
import { type ChangeEvent, useContext, useId, useState } from 'react';
import { adminButton } from '~/components/admin/ui';
import { FieldError, FieldErrors } from '~/components/forms/fields';
import { ImagePlus, Trash2 } from '~/components/icons';
import { adminFetch, refusalFields, refusalText } from '~/lib/admin/api-client';

interface Props {
  /** The field's path in the settings (`slides.0.photo`, `partners.2.logo`). */
  name: string;
  initial: SitePhoto | null;
  /** The field's visible label: "Foto", "Logo". */
  label: string;
  /** Whose photo, for screen readers and the preview's text: "la diapositiva 1". */
  subject: string;
  /** What the site shows without one. */
  emptyText: string;
  /** The preview's text: "Foto elegida para la diapositiva 1". */
  previewAlt: string;
}

/**
 * A photo of the site (a slide's, a partner's logo): uploaded at once when chosen (it becomes public only once the
 * settings are saved with it), kept in a hidden field the form sends.
 */
export function SitePhotoField({ name, initial, label, subject, emptyText, previewAlt }: Props) {
  const id = useId();
  const [photo, setPhoto] = useState(initial);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const serverError = useContext(FieldErrors)[name];

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    const body = new FormData();
    body.set('foto', file);
    setUploading(true);
    setProblem(null);
    try {
      const { foto } = await adminFetch<{ foto: SitePhoto }>('/admin/api/sitio/fotos', {
        body,
      });
      setPhoto(foto);
    } catch (error) {
      setProblem(refusalFields(error).foto ?? refusalText(error));
    } finally {
      setUploading(false);
    }
  }

  const error = problem ?? serverError;
  return (
    <div className="sm:col-span-2">
      <input type="hidden" name={name} value={photo ? JSON.stringify(photo) : ''} />
      <p className="mb-1.5 font-medium text-slate-800 text-sm">{label}</p>
      <div className="flex flex-wrap items-center gap-3">
        {photo ? (
          <img
            src={`/media/${photo.hash}/320.jpg`}
            alt={previewAlt}
            width={160}
            height={Math.round((160 * photo.height) / photo.width)}
            className="h-auto w-40 rounded-lg border border-slate-200 object-cover"
          />
        ) : (
          <p className="text-slate-600 text-sm">{emptyText}</p>
        )}
        <label htmlFor={id} className={`${adminButton.secondary} cursor-pointer`}>
          <ImagePlus aria-hidden className="size-4" />
          {uploading
            ? 'Subiendo...'
            : photo
              ? `Cambiar ${label.toLowerCase()}`
              : `Subir ${label.toLowerCase()}`}
          <span className="sr-only"> de {subject}</span>
        </label>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          onChange={(event) => void upload(event)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="sr-only"
        />
        {photo ? (
          <button type="button" onClick={() => setPhoto(null)} className={adminButton.secondary}>
            <Trash2 aria-hidden className="size-4" />
            Quitar {label.toLowerCase()}
            <span className="sr-only"> de {subject}</span>
          </button>
        ) : null}
      </div>
      <FieldError id={`${id}-error`} error={error ?? undefined} />
    </div>
  );
}
