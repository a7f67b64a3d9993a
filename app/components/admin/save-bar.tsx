// The save bar of a long back office form (Sitio, a vehicle): it stays at the bottom of the screen, and what the last
// save did is said beside its button, where the person is — a refusal (the fields say what) or what was saved.
import { type ReactNode, useEffect, useRef } from 'react';
import { adminButton } from '~/components/admin/ui';
import { CircleAlert, CircleCheck, Loader2, Save } from '~/components/icons';

/** The sentence of the last save, beside the button; focused once shown, so it is read where the person is. */
function SavedNotice({ text }: { text: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (text) ref.current?.focus();
  }, [text]);
  return (
    <div role="status" className="min-w-0 flex-1">
      {text ? (
        <p
          ref={ref}
          tabIndex={-1}
          className="flex items-start gap-2 rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-green-900 text-sm"
        >
          <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          {text}
        </p>
      ) : null}
    </div>
  );
}

export function SaveBar({
  hydrated,
  sending,
  error,
  saved,
  label = 'Guardar cambios',
  children,
}: {
  hydrated: boolean;
  sending: boolean;
  /** A refusal of the last save, said once, here (role=alert). */
  error: string | null;
  /** What the last save did; hidden while a refusal is shown. */
  saved: string | null;
  label?: string;
  /** Other actions of the bar (a link back), after the button. */
  children?: ReactNode;
}) {
  return (
    <div className="sticky bottom-0 z-10 -mx-1 flex flex-col gap-3 rounded-t-xl border border-slate-200 bg-white/95 p-3 shadow-lg backdrop-blur sm:flex-row sm:items-center">
      <button
        type="submit"
        disabled={!hydrated}
        aria-disabled={sending || undefined}
        className={`${adminButton.primary} w-full shrink-0 sm:w-auto`}
      >
        {sending ? (
          <Loader2 aria-hidden className="size-4 animate-spin" />
        ) : (
          <Save aria-hidden className="size-4" />
        )}
        {sending ? 'Guardando...' : label}
      </button>
      {children}
      <div role="alert" className={error ? 'min-w-0 flex-1' : 'sr-only'}>
        {error ? (
          <p className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-red-900 text-sm">
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            {error}
          </p>
        ) : null}
      </div>
      {error ? null : <SavedNotice text={saved} />}
    </div>
  );
}
