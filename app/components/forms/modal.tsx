// A modal built on the native <dialog> (showModal makes the page behind inert). On top of it: Tab wraps inside,
// Escape and the close button go through `onClose`, focus returns to the opener, the page behind does not scroll.
// The content mounts only while open, so every opening starts with a fresh form.

import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { X } from '~/components/icons';
import { useIslandId } from '~/lib/island-scope';

const SCROLL_LOCK = 'overflow-hidden';

export function Modal({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const titleId = useIslandId('titulo');
  const descriptionId = useIslandId('descripcion');

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      document.documentElement.classList.add(SCROLL_LOCK);
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  // Leaving the page with the modal open must not leave the page locked.
  useEffect(() => () => document.documentElement.classList.remove(SCROLL_LOCK), []);

  /** Fires for Escape, the close button and a closing parent alike. */
  function handleClose() {
    document.documentElement.classList.remove(SCROLL_LOCK);
    const target = opener.current;
    if (target?.isConnected) target.focus();
    opener.current = null;
    onCloseRef.current();
  }

  function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusables = Array.from(
      dialog.current.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]',
      ),
    ).filter((el) => el.getClientRects().length > 0);
    const first = focusables[0];
    const last = focusables.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={handleClose}
      onKeyDown={trapTab}
      className="m-auto max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-2xl overflow-y-auto overscroll-contain rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-950/70 sm:max-h-[calc(100dvh-4rem)]"
    >
      {open ? (
        <>
          <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-slate-200 border-b bg-white px-5 py-4 sm:px-8">
            <div>
              <h2 id={titleId} className="font-bold text-slate-900 text-xl sm:text-2xl">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="mt-1 text-slate-600 text-sm">
                  {description}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              aria-label="Cerrar ventana"
              className="-mr-2 rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <X aria-hidden className="size-6" />
            </button>
          </div>
          <div className="px-5 py-6 sm:px-8">{children}</div>
        </>
      ) : null}
    </dialog>
  );
}
