// One lookup list of the back office (brands, body types, ...): add, rename in place, delete with confirmation.
// An entry vehicles use is refused by the server with a sentence saying how many; it is shown in the card.

import {
  LOOKUP_TEXT,
  type LookupKind,
  LookupNameSchema,
  TRANSMISSION_PREFIX,
} from '@contracts/admin-lookups.ts';
import type { LookupItem } from '@contracts/admin-stock.ts';
import { fieldErrors } from '@contracts/lead-options.ts';
import { displayTransmission } from '@domain/format';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { AdminNotice, adminButton } from '~/components/admin/ui';
import { FieldErrors, TextField } from '~/components/forms/fields';
import { useHydrated } from '~/components/forms/form-parts';
import { Check, CircleAlert, Pencil, Plus, Trash2, X } from '~/components/icons';
import { adminFetch, refusalFields, refusalText } from '~/lib/admin/api-client';
import { ConfirmButton } from './confirm-button.tsx';
import { useAction } from './use-action.ts';

const iconButton =
  'inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:opacity-50';

/** Validates in the browser first; on a refusal the server's field errors are returned instead of thrown. */
function useNameForm(send: (nombre: string) => Promise<unknown>, run: ReturnType<typeof useAction>['run']) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function submit(event: FormEvent<HTMLFormElement>, success: (nombre: string) => string) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = LookupNameSchema.safeParse({ nombre: String(new FormData(form).get('nombre') ?? '') });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      form.querySelector<HTMLInputElement>('input[name="nombre"]')?.focus();
      return false;
    }
    const result = await run(() => send(parsed.data.nombre), success(parsed.data.nombre));
    if (result.ok) {
      setErrors({});
      return true;
    }
    setErrors(refusalFields(result.error));
    form.querySelector<HTMLInputElement>('input[name="nombre"]')?.focus();
    return false;
  }
  return { errors, setErrors, submit };
}

export function LookupCard({
  kind,
  items,
  className = '',
}: {
  kind: LookupKind;
  items: LookupItem[];
  className?: string;
}) {
  const text = LOOKUP_TEXT[kind];
  const hydrated = useHydrated();
  const { run, busy, notice, setNotice } = useAction();
  const [rowError, setRowError] = useState<{ id: number; text: string } | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const show = (nombre: string) => (kind === 'transmisiones' ? displayTransmission(nombre) : nombre);
  const add = useNameForm((nombre) => adminFetch(`/admin/api/listas/${kind}`, { body: { nombre } }), run);

  // After a rename (or its cancel) focus goes back to the row's rename button, once that row is rendered again.
  const focusAfterRename = useRef<number | null>(null);
  useEffect(() => {
    const id = focusAfterRename.current;
    if (editing !== null || id === null) return;
    focusAfterRename.current = null;
    listRef.current?.querySelector<HTMLElement>(`[data-rename="${id}"]`)?.focus();
  }, [editing]);

  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5 ${className}`}
    >
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="font-semibold text-base text-slate-900">
          {text.title}
        </h2>
        <p className="text-slate-600 text-sm">{items.length}</p>
      </div>
      <AdminNotice notice={notice} />

      <FieldErrors.Provider value={add.errors}>
        <form
          noValidate
          className="flex items-start gap-2"
          onSubmit={async (event) => {
            const form = event.currentTarget;
            if (await add.submit(event, (nombre) => `Se agregó «${nombre.trim()}».`)) form.reset();
          }}
        >
          <TextField
            name="nombre"
            label={text.add}
            maxLength={60}
            className="min-w-0 flex-1"
            hint={
              kind === 'transmisiones'
                ? `Escribe solo el tipo (por ejemplo «Automática»); se guarda como «${TRANSMISSION_PREFIX}Automática».`
                : undefined
            }
          />
          <button
            type="submit"
            disabled={!hydrated}
            aria-disabled={busy || undefined}
            className={`${adminButton.primary} mt-7 min-h-11`}
          >
            <Plus aria-hidden className="size-4" />
            Agregar
          </button>
        </form>
      </FieldErrors.Provider>

      {items.length === 0 ? (
        <p className="mt-4 text-slate-600 text-sm">La lista está vacía.</p>
      ) : (
        <ul
          ref={listRef}
          className={`mt-4 divide-y divide-slate-100 border-slate-100 border-t ${
            kind === 'caracteristicas' ? 'sm:grid sm:grid-cols-2 sm:gap-x-6 sm:divide-y-0' : ''
          }`}
        >
          {items.map((item) =>
            editing === item.id ? (
              <RenameRow
                key={item.id}
                kind={kind}
                item={item}
                label={show(item.nombre)}
                run={run}
                busy={busy}
                onDone={() => {
                  focusAfterRename.current = item.id;
                  setEditing(null);
                }}
              />
            ) : (
              <li
                key={item.id}
                className={`py-1.5 ${kind === 'caracteristicas' ? 'sm:border-slate-100 sm:border-b' : ''}`}
              >
                <div className="flex items-center justify-between gap-2">
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900 text-sm">
                      {show(item.nombre)}
                    </span>
                    <span className="block text-slate-600 text-xs">
                      {item.vehiculos === 0
                        ? 'Sin vehículos'
                        : `${item.vehiculos.toLocaleString('es-CL')} ${item.vehiculos === 1 ? 'vehículo' : 'vehículos'}`}
                    </span>
                  </span>
                  <span className="flex shrink-0 gap-1">
                    <button
                      type="button"
                      data-rename={item.id}
                      className={iconButton}
                      aria-label={`Cambiar nombre de ${show(item.nombre)}`}
                      title="Cambiar nombre"
                      disabled={!hydrated}
                      onClick={() => setEditing(item.id)}
                    >
                      <Pencil aria-hidden className="size-4" />
                    </button>
                    <ConfirmButton
                      label={<Trash2 aria-hidden className="size-4" />}
                      title={`Eliminar ${show(item.nombre)}`}
                      className={`${iconButton} hover:bg-red-50 hover:text-red-700`}
                      disabled={!hydrated}
                      confirmLabel="Eliminar"
                      onConfirm={async () => {
                        setRowError(null);
                        const result = await run(
                          () => adminFetch(`/admin/api/listas/${kind}/${item.id}`, { method: 'DELETE' }),
                          `Se eliminó «${show(item.nombre)}».`,
                        );
                        // Deleted: its row is gone, so focus goes to the list's heading. Refused (in use): the
                        // reason shows under the row, where the person is looking, not at the top of a long list.
                        if (result.ok) headingRef.current?.focus();
                        else {
                          setNotice(null);
                          setRowError({ id: item.id, text: refusalText(result.error) });
                        }
                      }}
                    >
                      ¿Eliminar {text.the} «{show(item.nombre)}»?
                    </ConfirmButton>
                  </span>
                </div>
                {rowError?.id === item.id ? (
                  <p role="alert" className="mt-1 flex items-start gap-1.5 text-red-700 text-sm">
                    <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                    {rowError.text}
                  </p>
                ) : null}
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}

function RenameRow({
  kind,
  item,
  label,
  run,
  busy,
  onDone,
}: {
  kind: LookupKind;
  item: LookupItem;
  label: string;
  run: ReturnType<typeof useAction>['run'];
  busy: boolean;
  onDone: () => void;
}) {
  const rowRef = useRef<HTMLLIElement>(null);
  // The field takes focus with its text selected, ready to type the new name.
  useEffect(() => rowRef.current?.querySelector<HTMLInputElement>('input[name="nombre"]')?.select(), []);
  const rename = useNameForm(
    (nombre) => adminFetch(`/admin/api/listas/${kind}/${item.id}`, { method: 'PUT', body: { nombre } }),
    run,
  );
  return (
    <li ref={rowRef} className="py-2 sm:col-span-2">
      <FieldErrors.Provider value={rename.errors}>
        <form
          noValidate
          className="flex items-start gap-1"
          onKeyDown={(event) => event.key === 'Escape' && onDone()}
          onSubmit={async (event) => {
            if (await rename.submit(event, (nombre) => `«${label}» ahora se llama «${nombre.trim()}».`))
              onDone();
          }}
        >
          <TextField
            name="nombre"
            label={`Nuevo nombre de «${label}»`}
            maxLength={60}
            defaultValue={label}
            className="min-w-0 flex-1"
          />
          <button
            type="submit"
            aria-disabled={busy || undefined}
            className={`${iconButton} mt-7 text-green-800`}
            aria-label="Guardar nombre"
            title="Guardar"
          >
            <Check aria-hidden className="size-5" />
          </button>
          <button
            type="button"
            className={`${iconButton} mt-7`}
            aria-label="Cancelar"
            title="Cancelar"
            onClick={onDone}
          >
            <X aria-hidden className="size-5" />
          </button>
        </form>
      </FieldErrors.Provider>
    </li>
  );
}
