// The vehicle form's state: the values shown in the previews, the field errors (browser checks first, with the
// zod schema the API uses, then the server's), what the last save did (said in the save bar, beside the button),
// the photos of a new vehicle and the status chosen; focus goes to the first field in error.

import {
  PUBLISH_WITHOUT_PHOTOS,
  type StockStatus,
  type StockVehicleDetail,
  type VehicleInput,
  VehicleInputSchema,
} from '@contracts/admin-stock.ts';
import { fieldErrors } from '@contracts/lead-options.ts';
import { type FormEvent, useState } from 'react';
import { useFieldErrors } from '~/components/admin/use-field-errors';
import { refusalFields, refusalText } from '~/lib/admin/api-client';
import type { Notice } from './use-action.ts';
import { readForm, typedNumber } from './vehicle-form-input.ts';

/** What a save sends besides the vehicle's fields. */
export interface SaveExtras {
  /** The person ticked «Publicar sin fotos» (ADR 0040). */
  publicarSinFotos: boolean;
  /** A new vehicle's photos, the main one first. */
  fotos: File[];
}

export function useVehicleForm({
  vehicle,
  onSave,
  notice,
}: {
  vehicle?: StockVehicleDetail;
  onSave: (input: VehicleInput, extras: SaveExtras) => Promise<Notice>;
  notice?: Notice;
}) {
  const { formRef, errors, setErrors } = useFieldErrors();
  const [message, setMessage] = useState<Notice>(notice ?? null);
  const [sending, setSending] = useState(false);
  const [price, setPrice] = useState(vehicle ? String(vehicle.precio) : '');
  const [mileage, setMileage] = useState(vehicle ? String(vehicle.kilometraje) : '');
  const [status, setStatus] = useState<StockStatus>(vehicle?.estado ?? 'borrador');
  const [photos, setPhotos] = useState<File[]>([]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const parsed = VehicleInputSchema.safeParse(readForm(form));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setMessage({ tone: 'error', text: 'Revisa los campos marcados.' });
      return;
    }
    setSending(true);
    setMessage(null);
    try {
      const publicarSinFotos = new FormData(form).get(PUBLISH_WITHOUT_PHOTOS) === 'on';
      const result = await onSave(parsed.data, { publicarSinFotos, fotos: photos });
      setErrors({});
      setMessage(result);
    } catch (error) {
      setErrors(refusalFields(error));
      setMessage({ tone: 'error', text: refusalText(error) });
    } finally {
      setSending(false);
    }
  }

  function onInput(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    if (target.name === 'precio') setPrice(target.value);
    if (target.name === 'kilometraje') setMileage(target.value);
    if (target.name === 'estado' && target.checked) setStatus(target.value as StockStatus);
  }

  return {
    formRef,
    errors,
    message,
    sending,
    onSubmit,
    onInput,
    status,
    photos,
    setPhotos,
    pricePreview: typedNumber(price),
    mileagePreview: typedNumber(mileage),
  };
}
