import type { ReactNode } from 'react';

interface Props {
  open: boolean;
  onOpen: () => void;
  className: string;
  children: ReactNode;
}

/** A button that opens the page's request dialog; it says so to assistive technology. */
export function ModalTrigger({ open, onOpen, className, children }: Props) {
  return (
    <button type="button" aria-haspopup="dialog" aria-expanded={open} onClick={onOpen} className={className}>
      {children}
    </button>
  );
}
