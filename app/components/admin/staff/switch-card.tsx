import { type ReactNode, useId } from 'react';
import { AdminNotice, adminButton, Card } from '~/components/admin/ui';
import { useHydrated } from '~/components/forms/form-parts';
import { Save } from '~/components/icons';
import { adminFetch } from '~/lib/admin/api-client';
import { useApiForm } from './use-api-form';

/**
 * A card with one on/off setting saved by its own button: PUTs `{ [field]: boolean }` to `endpoint`, which answers
 * the stored value, and says what now happens. Do not key it by its value: the save changes the value, the remount
 * would drop the notice. The form's reset after a save lets the box follow its new default, the stored value.
 */
export function SwitchCard<F extends string>({
  title,
  endpoint,
  field,
  checked,
  label,
  help,
  saveLabel,
  success,
}: {
  title: string;
  endpoint: string;
  field: F;
  checked: boolean;
  label: string;
  help: ReactNode;
  saveLabel: string;
  success: (on: boolean) => string;
}) {
  const hydrated = useHydrated();
  const helpId = useId();
  const form = useApiForm(
    (data) =>
      adminFetch<Record<F, boolean>>(endpoint, {
        method: 'PUT',
        body: { [field]: data.get(field) === 'on' },
      }),
    { success: (saved) => success(saved[field]) },
  );
  return (
    <Card title={title}>
      <AdminNotice notice={form.notice} />
      <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="grid gap-3">
        <label className="flex cursor-pointer items-start gap-3 text-slate-800 text-sm">
          <input
            type="checkbox"
            name={field}
            defaultChecked={checked}
            aria-describedby={helpId}
            className="mt-0.5 size-5 shrink-0 rounded border-slate-500 accent-brand-700"
          />
          <span className="font-medium">{label}</span>
        </label>
        <p id={helpId} className="text-slate-600 text-sm">
          {help}
        </p>
        <button
          type="submit"
          disabled={!hydrated}
          aria-disabled={form.sending || undefined}
          className={`${adminButton.primary} w-full sm:w-auto sm:justify-self-start`}
        >
          <Save aria-hidden className="size-4" />
          {form.sending ? 'Guardando...' : saveLabel}
        </button>
      </form>
    </Card>
  );
}
