import type { ReactNode } from 'react';

interface Props {
  /** The request dialog it opens: the page's dialog island finds its buttons by this name (`useDialogTriggers`). */
  dialog: 'financing' | 'advisory';
  className: string;
  children: ReactNode;
}

/**
 * A button that opens the page's request dialog; it says so to assistive technology. It is plain server markup:
 * the dialog's island listens to it and keeps its `aria-expanded` true while the dialog is open (ADR 0015).
 */
export function ModalTrigger({ dialog, className, children }: Props) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      data-opens-dialog={dialog}
      className={className}
    >
      {children}
    </button>
  );
}
