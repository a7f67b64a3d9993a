// The photos of one vehicle: upload several at once (picker or drop), reorder by dragging or with the move buttons
// (keyboard), delete with confirmation. The first photo is the main one on the site. Each change is saved at once.

import { type PhotoRef, STOCK_PHOTO_LIMITS } from '@contracts/admin-stock.ts';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { AdminNotice, Badge } from '~/components/admin/ui';
import { useHydrated } from '~/components/forms/form-parts';
import { ArrowLeft, ArrowRight, GripVertical, ImagePlus, Loader2, Star, Trash2 } from '~/components/icons';
import { adminFetch } from '~/lib/admin/api-client';
import { ConfirmButton } from './confirm-button.tsx';
import { movedAnnouncement, movePhoto, PHOTO_MB, precheck, thumbnail } from './photo-rules.ts';
import { useAction } from './use-action.ts';

const iconButton =
  'inline-flex size-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 ' +
  'hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40';

export function PhotoManager({ vehicleId, photos }: { vehicleId: number; photos: PhotoRef[] }) {
  const hydrated = useHydrated();
  const { run, busy, notice, setNotice } = useAction();
  const [order, setOrder] = useState(photos);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);
  const [fileOver, setFileOver] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const focusAfterMove = useRef<{ id: number; direction: 'antes' | 'despues' } | null>(null);
  const inputId = useId();
  const hintId = useId();

  // The server's order wins whenever the page data is reloaded.
  const serverOrder = photos.map((p) => p.id).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the ids, not the array identity
  useEffect(() => setOrder(photos), [serverOrder]);

  // Keyboard users keep their place: focus follows the photo they moved.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each new order on purpose
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>(`[data-photo="${target.id}"]`);
    const preferred = [...(buttons ?? [])].find(
      (b) => b.dataset.direction === target.direction && !b.disabled,
    );
    (preferred ?? [...(buttons ?? [])].find((b) => !b.disabled))?.focus();
  }, [order]);

  const room = STOCK_PHOTO_LIMITS.maxPerVehicle - order.length;

  async function upload(files: File[]) {
    if (files.length === 0) return;
    const problem = precheck(files, room);
    if (problem) {
      setNotice({ tone: 'error', text: problem });
      return;
    }
    const body = new FormData();
    for (const file of files) body.append(STOCK_PHOTO_LIMITS.field, file);
    await run(
      () => adminFetch(`/admin/api/vehiculos/${vehicleId}/fotos`, { method: 'POST', body }),
      files.length === 1 ? 'Se agregó 1 foto.' : `Se agregaron ${files.length} fotos.`,
    );
    if (inputRef.current) inputRef.current.value = '';
  }

  async function saveOrder(next: PhotoRef[], moved: PhotoRef) {
    const previous = order;
    setOrder(next);
    const position = next.findIndex((p) => p.id === moved.id);
    const result = await run(
      () =>
        adminFetch(`/admin/api/vehiculos/${vehicleId}/fotos/orden`, {
          method: 'PUT',
          body: { fotos: next.map((p) => p.id) },
        }),
      null,
    );
    if (result.ok) {
      setAnnouncement(movedAnnouncement(position, next.length));
    } else setOrder(previous);
  }

  function move(from: number, to: number, direction?: 'antes' | 'despues') {
    const photo = order[from];
    const next = busy ? null : movePhoto(order, from, to);
    if (!photo || !next) return;
    if (direction) focusAfterMove.current = { id: photo.id, direction };
    void saveOrder(next, photo);
  }

  async function remove(photo: PhotoRef, index: number) {
    const result = await run(
      () => adminFetch(`/admin/api/vehiculos/${vehicleId}/fotos/${photo.id}`, { method: 'DELETE' }),
      index === 0 && order.length > 1
        ? 'Foto eliminada. La siguiente es ahora la principal.'
        : 'Foto eliminada.',
    );
    // The button that opened the dialog is gone: focus goes to the section, not to the top of the page.
    if (result.ok) headingRef.current?.focus();
  }

  const isFileDrag = (event: DragEvent) => event.dataTransfer.types.includes('Files');

  return (
    <section
      aria-labelledby={`${inputId}-heading`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5"
    >
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2
          id={`${inputId}-heading`}
          ref={headingRef}
          tabIndex={-1}
          className="font-semibold text-base text-slate-900"
        >
          Fotos
        </h2>
        <p className="text-slate-600 text-sm">
          {order.length} de {STOCK_PHOTO_LIMITS.maxPerVehicle}
        </p>
      </div>
      <AdminNotice notice={notice} />
      <p role="status" className="sr-only">
        {announcement}
      </p>

      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          if (!isFileDrag(event)) return;
          event.preventDefault();
          setFileOver(true);
        }}
        onDragLeave={() => setFileOver(false)}
        onDrop={(event) => {
          if (!isFileDrag(event)) return;
          event.preventDefault();
          setFileOver(false);
          void upload([...event.dataTransfer.files]);
        }}
        className={`flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 border-dashed px-4 py-6 text-center transition ${
          fileOver ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:border-brand-500'
        } ${room <= 0 ? 'pointer-events-none opacity-60' : ''} has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-brand-600 has-[input:focus-visible]:outline-offset-2`}
      >
        {busy ? (
          <Loader2 aria-hidden className="size-7 animate-spin text-brand-700" />
        ) : (
          <ImagePlus aria-hidden className="size-7 text-brand-700" />
        )}
        <span className="font-semibold text-brand-800 text-sm">
          {busy ? 'Guardando...' : 'Agregar fotos'}
        </span>
        <span id={hintId} className="text-slate-600 text-xs">
          Arrastra fotos aquí o haz clic para elegirlas. Hasta {STOCK_PHOTO_LIMITS.maxFiles} a la vez, JPG,
          PNG, WebP o AVIF, máx. {PHOTO_MB} MB cada una.
        </span>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          name={STOCK_PHOTO_LIMITS.field}
          accept="image/jpeg,image/png,image/webp,image/avif,image/heic"
          multiple
          disabled={!hydrated || room <= 0}
          aria-label="Agregar fotos"
          aria-describedby={hintId}
          onChange={(event) => void upload([...(event.currentTarget.files ?? [])])}
          className="sr-only"
        />
      </label>

      {order.length === 0 ? (
        <p className="mt-4 text-slate-600 text-sm">
          Sin fotos todavía. En el sitio se muestra una imagen genérica hasta que agregues la primera.
        </p>
      ) : (
        <>
          <p className="mt-4 mb-2 text-slate-600 text-xs">
            La primera foto es la principal. Arrastra para ordenar o usa los botones de flecha.
          </p>
          <ol ref={listRef} className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-2">
            {order.map((photo, index) => {
              const n = index + 1;
              return (
                <li
                  key={photo.id}
                  draggable={hydrated && !busy}
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', String(photo.id));
                    setDragged(index);
                  }}
                  onDragOver={(event) => {
                    if (dragged === null) return;
                    event.preventDefault();
                    setDropIndex(index);
                  }}
                  onDrop={(event) => {
                    if (dragged === null) return;
                    event.preventDefault();
                    move(dragged, index);
                    setDragged(null);
                    setDropIndex(null);
                  }}
                  onDragEnd={() => {
                    setDragged(null);
                    setDropIndex(null);
                  }}
                  className={`group overflow-hidden rounded-lg border bg-white ${
                    dropIndex === index && dragged !== index
                      ? 'border-brand-600 ring-2 ring-brand-600'
                      : index === 0
                        ? 'border-amber-400'
                        : 'border-slate-200'
                  } ${dragged === index ? 'opacity-50' : ''}`}
                >
                  <div className="relative aspect-[4/3] cursor-grab bg-slate-100 active:cursor-grabbing">
                    <img
                      src={thumbnail(photo)}
                      alt={`Foto ${n}${index === 0 ? ' (principal)' : ''}`}
                      width={photo.width}
                      height={photo.height}
                      loading="lazy"
                      decoding="async"
                      draggable={false}
                      className="size-full object-cover"
                    />
                    <span className="absolute top-1.5 left-1.5">
                      {index === 0 ? (
                        <Badge tone="warning">
                          <Star aria-hidden className="size-3 fill-current" />
                          Principal
                        </Badge>
                      ) : (
                        <Badge>Foto {n}</Badge>
                      )}
                    </span>
                    <GripVertical
                      aria-hidden
                      className="absolute top-1.5 right-1.5 size-5 rounded bg-white/80 text-slate-600"
                    />
                  </div>
                  <div className="flex items-center justify-between gap-1 p-1.5">
                    <div className="flex gap-1">
                      <button
                        type="button"
                        className={iconButton}
                        aria-label={`Mover foto ${n} antes`}
                        title="Mover antes"
                        data-photo={photo.id}
                        data-direction="antes"
                        disabled={!hydrated || index === 0}
                        aria-disabled={busy || undefined}
                        onClick={() => move(index, index - 1, 'antes')}
                      >
                        <ArrowLeft aria-hidden className="size-4" />
                      </button>
                      <button
                        type="button"
                        className={iconButton}
                        aria-label={`Mover foto ${n} después`}
                        title="Mover después"
                        data-photo={photo.id}
                        data-direction="despues"
                        disabled={!hydrated || index === order.length - 1}
                        aria-disabled={busy || undefined}
                        onClick={() => move(index, index + 1, 'despues')}
                      >
                        <ArrowRight aria-hidden className="size-4" />
                      </button>
                    </div>
                    <ConfirmButton
                      label={<Trash2 aria-hidden className="size-4" />}
                      title={`Eliminar foto ${n}`}
                      className={`${iconButton} hover:border-red-300 hover:bg-red-50 hover:text-red-700`}
                      disabled={!hydrated}
                      confirmLabel="Eliminar foto"
                      onConfirm={() => remove(photo, index)}
                    >
                      ¿Eliminar la foto {n}
                      {index === 0 ? ' (la principal)' : ''}? No se puede deshacer.
                    </ConfirmButton>
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
      {room <= 0 ? (
        <p className="mt-3 text-slate-600 text-sm">
          Llegaste al máximo de {STOCK_PHOTO_LIMITS.maxPerVehicle} fotos. Elimina alguna para agregar otras.
        </p>
      ) : null}
    </section>
  );
}
