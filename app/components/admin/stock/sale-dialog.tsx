// Recording and undoing a sale (issue 31, ADR 0038), each in a modal <dialog>: the vehicle page and the list's status
// control open the same ones. The form is checked with the API's own schema before it is sent; the server's Spanish
// field errors show under each field.

import { SaleInputSchema, type SaleOptions, type VehicleSale } from '@contracts/admin-sales.ts';
import { fieldErrors } from '@contracts/lead-options.ts';
import { chileDayKey } from '@domain/chile-time';
import { formatPrice } from '@domain/format';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { DialogActions } from '~/components/admin/ui';
import { useFieldErrors } from '~/components/admin/use-field-errors';
import { FieldError, FieldErrors, SelectField, TextField } from '~/components/forms/fields';
import { Loader2 } from '~/components/icons';
import { adminFetch, refusalFields, refusalText } from '~/lib/admin/api-client';

export interface SaleViewer {
  id: number;
  role: 'admin' | 'ventas';
}

/** The person signed in, from the back office layout's data: who sells by default, and whether costs are shown. */
export function useSaleViewer(): SaleViewer | null {
  const data = useRouteLoaderData('routes/admin/layout') as { staff?: SaleViewer } | undefined;
  return data?.staff ?? null;
}

/** A modal dialog open while mounted; Escape or «Cancelar» closes it and calls onClose. */
function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={headingId}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="p-5">
        <h2 id={headingId} className="font-semibold text-lg text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

/**
 * «Registrar venta»: the day (today in Chile by default), the final price (the list price by default), who sold it
 * (the person signed in by default), the request it came from and, for admins, the cost.
 */
export function SaleDialog({
  vehicleId,
  vehicleName,
  listPrice,
  viewer,
  onClose,
  onSaved,
}: {
  vehicleId: number;
  vehicleName: string;
  listPrice: number;
  viewer: SaleViewer;
  onClose: () => void;
  /** After the sale is stored; the dialog closes itself. */
  onSaved: (sale: VehicleSale) => void | Promise<void>;
}) {
  const { formRef, errors, setErrors } = useFieldErrors();
  const [options, setOptions] = useState<SaleOptions | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const messageId = useId();

  useEffect(() => {
    adminFetch<{ opciones: SaleOptions }>(`/admin/api/vehiculos/${vehicleId}/venta`)
      .then((answer) => setOptions(answer.opciones))
      .catch((error: unknown) =>
        setMessage(refusalText(error, 'No se pudieron cargar los datos de la venta.')),
      );
  }, [vehicleId]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !options) return;
    const form = new FormData(event.currentTarget);
    const body = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
    const parsed = SaleInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setMessage('Revisa los datos de la venta.');
      return;
    }
    setBusy(true);
    try {
      const { venta } = await adminFetch<{ venta: VehicleSale }>(`/admin/api/vehiculos/${vehicleId}/venta`, {
        method: 'POST',
        body,
      });
      await onSaved(venta);
      onClose();
    } catch (error) {
      setErrors(refusalFields(error));
      setMessage(refusalText(error));
    } finally {
      setBusy(false);
    }
  }

  const close = () => formRef.current?.closest('dialog')?.close();
  return (
    <Dialog title={`Registrar venta: ${vehicleName}`} onClose={onClose}>
      <p className="mt-1 text-slate-700 text-sm">
        El vehículo queda como vendido: sale del listado y de la API, y su página muestra «Vendido». Si te
        equivocas, «Deshacer venta» lo vuelve a publicar y deja registro.
      </p>
      <FieldErrors.Provider value={errors}>
        <form
          ref={formRef}
          noValidate
          onSubmit={submit}
          className="mt-4 grid gap-4"
          aria-describedby={message ? messageId : undefined}
        >
          <TextField
            name="fecha"
            label="Fecha de la venta"
            type="date"
            defaultValue={chileDayKey(new Date())}
          />
          <TextField
            name="precio"
            label="Precio final"
            inputMode="numeric"
            defaultValue={String(listPrice)}
            hint={`En pesos, sin puntos. Publicado en ${formatPrice(listPrice)}.`}
          />
          {options ? (
            <>
              <SelectField
                name="vendedor"
                label="Vendedor"
                defaultValue={options.vendedores.some((v) => v.id === viewer.id) ? String(viewer.id) : ''}
                options={options.vendedores.map((v) => ({ value: String(v.id), label: v.nombre }))}
              />
              <SelectField
                name="solicitud"
                label="Solicitud de la que vino"
                required={false}
                placeholder="Ninguna"
                options={options.solicitudes.map((s) => ({
                  value: String(s.id),
                  label: `N° ${s.id} · ${s.nombre} · ${s.fecha}`,
                }))}
                hint={
                  options.solicitudes.length === 0
                    ? 'Ninguna solicitud se refiere a este vehículo.'
                    : 'Las solicitudes sobre este vehículo. Su fuente cuenta en el informe de ventas.'
                }
              />
            </>
          ) : (
            <p className="flex items-center gap-2 text-slate-700 text-sm">
              <Loader2 aria-hidden className="size-4 animate-spin" /> Cargando vendedores y solicitudes…
            </p>
          )}
          {viewer.role === 'admin' ? (
            <TextField
              name="costo"
              label="Costo del vehículo"
              required={false}
              inputMode="numeric"
              hint="Para calcular el margen. Solo lo ven los administradores."
            />
          ) : null}
          {message ? (
            <div id={messageId} role="alert">
              <FieldError id={undefined} error={message} />
            </div>
          ) : null}
          <DialogActions
            className="mt-5"
            onCancel={close}
            busy={busy || !options}
            busyIcon={<Loader2 aria-hidden className="size-4 animate-spin" />}
            label="Registrar venta"
          />
        </form>
      </FieldErrors.Provider>
    </Dialog>
  );
}

/** «Deshacer venta»: the vehicle goes back to 'publicado'; the sale stays in the trail with the optional reason. */
export function UndoSaleDialog({
  vehicleId,
  vehicleName,
  onClose,
  onUndone,
}: {
  vehicleId: number;
  vehicleName: string;
  onClose: () => void;
  onUndone: () => void | Promise<void>;
}) {
  const { formRef, errors, setErrors } = useFieldErrors();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await adminFetch(`/admin/api/vehiculos/${vehicleId}/venta/deshacer`, {
        method: 'POST',
        body: { motivo: String(new FormData(event.currentTarget).get('motivo') ?? '') },
      });
      await onUndone();
      onClose();
    } catch (error) {
      setErrors(refusalFields(error));
      setMessage(refusalText(error));
    } finally {
      setBusy(false);
    }
  }
  const close = () => formRef.current?.closest('dialog')?.close();
  return (
    <Dialog title={`¿Deshacer la venta de ${vehicleName}?`} onClose={onClose}>
      <p className="mt-1 text-slate-700 text-sm">
        Vuelve a estar publicado y deja de contar en el informe de ventas. La venta queda registrada como
        deshecha.
      </p>
      <FieldErrors.Provider value={errors}>
        <form ref={formRef} noValidate onSubmit={submit} className="mt-4 grid gap-4">
          <TextField name="motivo" label="Motivo" required={false} maxLength={300} />
          {message ? (
            <div role="alert">
              <FieldError id={undefined} error={message} />
            </div>
          ) : null}
          <DialogActions
            className="mt-5"
            onCancel={close}
            busy={busy}
            busyIcon={<Loader2 aria-hidden className="size-4 animate-spin" />}
            label="Deshacer venta"
          />
        </form>
      </FieldErrors.Provider>
    </Dialog>
  );
}
