import { useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex="0"]';
const DESKTOP = '(min-width: 1024px)';

/**
 * Dialog behaviour for the filter panel while it is open on a small screen: focus moves into it and stays
 * there, Escape closes it, the page behind does not scroll, and focus returns to the 'Filtros' button.
 */
export function useModalPanel(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  // Held in a ref so a new callback on each render does not re-run the focus effect.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const panel = ref.current;
    if (!open || !panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKeyDown = (event: KeyboardEvent) => trapKeys(event, panel, close.current);
    panel.addEventListener('keydown', onKeyDown);
    document.documentElement.classList.add('overflow-hidden');
    // Growing to the desktop layout turns the panel back into a sidebar.
    const desktop = window.matchMedia(DESKTOP);
    const onResize = () => desktop.matches && close.current();
    desktop.addEventListener('change', onResize);
    return () => {
      document.documentElement.classList.remove('overflow-hidden');
      desktop.removeEventListener('change', onResize);
      panel.removeEventListener('keydown', onKeyDown);
      (opener ?? document.getElementById('abrir-filtros'))?.focus();
    };
  }, [open]);

  return ref;
}

/** Escape closes; Tab and Shift+Tab cycle inside the panel. */
function trapKeys(event: KeyboardEvent, panel: HTMLElement, close: () => void) {
  if (event.key === 'Escape') {
    event.preventDefault();
    close();
    return;
  }
  if (event.key !== 'Tab') return;
  const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}
