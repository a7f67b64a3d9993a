// A destructive action asks first, in a modal <dialog>: focus stays inside it, Escape cancels, and the browser
// puts focus back on the button that opened it.

import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { adminButton } from '~/components/admin/ui';
import { Loader2 } from '~/components/icons';

export function ConfirmButton({
  label,
  title,
  children,
  confirmLabel,
  onConfirm,
  className = adminButton.danger,
  disabled,
}: {
  /** Content of the button that opens the question (text, or an icon with an sr-only text). */
  label: ReactNode;
  /** Accessible name when `label` is only an icon. */
  title?: string;
  /** The question, e.g. "¿Eliminar la foto 2?". */
  children: ReactNode;
  confirmLabel: string;
  /** Resolves when done; the dialog closes either way (the caller shows the outcome). */
  onConfirm: () => Promise<void>;
  className?: string;
  disabled?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // The dialog exists only while asked: long lists do not carry one per row.
  useEffect(() => {
    if (open) dialog.current?.showModal();
  }, [open]);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      dialog.current?.close();
    }
  }
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={title}
        title={title}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open ? (
        <dialog
          ref={dialog}
          onClose={() => setOpen(false)}
          aria-labelledby={headingId}
          className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
        >
          <div className="p-5">
            <p id={headingId} className="font-semibold text-base text-slate-900">
              {children}
            </p>
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button type="button" className={adminButton.secondary} onClick={() => dialog.current?.close()}>
                Cancelar
              </button>
              <button
                type="button"
                className={adminButton.danger}
                aria-disabled={busy || undefined}
                onClick={() => !busy && confirm()}
              >
                {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
                {confirmLabel}
              </button>
            </div>
          </div>
        </dialog>
      ) : null}
    </>
  );
}
