import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useFieldErrors } from '~/components/admin/use-field-errors';
import { refusalFields, refusalText } from '~/lib/admin/api-client';

export type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * The state of one back office form that calls the JSON API: sending, the Spanish field errors of a refusal and a
 * notice. On success the page's data is reloaded. After a refusal, focus moves to the first field in error.
 */
export function useApiForm<T>(
  submit: (form: FormData) => Promise<T>,
  options: {
    /** The Spanish sentence shown after a success. */
    success: (result: T) => string;
    /** Checks only the browser can make (e.g. a repeated password), answered like the server's field errors. */
    validate?: (form: FormData) => Record<string, string>;
    /** After a success and the reload, e.g. to close the dialog holding the form. */
    onSuccess?: (text: string) => void;
  },
) {
  const revalidator = useRevalidator();
  const { formRef, errors, setErrors } = useFieldErrors();
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const local = options.validate?.(data) ?? {};
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setNotice({ tone: 'error', text: 'Revisa los datos del formulario.' });
      return;
    }
    setSending(true);
    setNotice(null);
    try {
      const result = await submit(data);
      const text = options.success(result);
      setErrors({});
      form.reset();
      setNotice({ tone: 'success', text });
      await revalidator.revalidate();
      options.onSuccess?.(text);
    } catch (error) {
      setErrors(refusalFields(error));
      setNotice({ tone: 'error', text: refusalText(error) });
    } finally {
      setSending(false);
    }
  }

  return { formRef, onSubmit, sending, errors, notice, setNotice };
}
