// The vehicle form's state: the values shown in the previews, the field errors (browser checks first, with the
// zod schema the API uses, then the server's), the notice and sending; focus goes to the first field in error.

import { type StockVehicleDetail, type VehicleInput, VehicleInputSchema } from '@contracts/admin-stock.ts';
import { fieldErrors } from '@contracts/lead-options.ts';
import { type FormEvent, useState } from 'react';
import { useFieldErrors } from '~/components/admin/use-field-errors';
import { refusalFields, refusalText } from '~/lib/admin/api-client';
import type { Notice } from './use-action.ts';
import { readForm, typedNumber } from './vehicle-form-input.ts';

export function useVehicleForm({
  vehicle,
  onSave,
  notice,
}: {
  vehicle?: StockVehicleDetail;
  onSave: (input: VehicleInput) => Promise<Notice>;
  notice?: Notice;
}) {
  const { formRef, errors, setErrors } = useFieldErrors();
  const [message, setMessage] = useState<Notice>(notice ?? null);
  const [sending, setSending] = useState(false);
  const [price, setPrice] = useState(vehicle ? String(vehicle.precio) : '');
  const [mileage, setMileage] = useState(vehicle ? String(vehicle.kilometraje) : '');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const parsed = VehicleInputSchema.safeParse(readForm(event.currentTarget));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setMessage({ tone: 'error', text: 'Revisa los campos marcados.' });
      return;
    }
    setSending(true);
    setMessage(null);
    try {
      const result = await onSave(parsed.data);
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
  }

  return {
    formRef,
    errors,
    message,
    sending,
    onSubmit,
    onInput,
    pricePreview: typedNumber(price),
    mileagePreview: typedNumber(mileage),
  };
}
